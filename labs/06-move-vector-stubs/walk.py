# SPDX-License-Identifier: GPL-2.0
# Walkthrough of 06-move-vector-stubs (tools/gdb/walk.py): where the vectors branch, where the
# SWI literal is, who may read each high page, and what a process can still read there.
import textwrap

STUBS_OF = {0: "vector_rst", 1: "vector_und", 3: "vector_pabt", 4: "vector_dabt",
            5: "vector_addrexcptn", 6: "vector_irq", 7: "vector_fiq"}


def branches():
    """Each branch and the stub System.map names for its slot (the reset slot: a branch to
    vector_rst when the kernel has one, else no branch)."""
    return [branch(s) for s in STUBS_OF], [sym_addr(n) for n in STUBS_OF.values()]


def stubs_page():
    return sym_addr("vector_und") >= VECTORS + 0x1000


def text_pointers():
    lo, hi = sym_addr("_stext"), sym_addr("_etext")
    hits = [w for w in words(VECTORS, 1024) if lo <= w < hi]
    names = ", ".join(sorted(set(sym(w) for w in hits)))
    listed = textwrap.fill(names, 96, initial_indent="  ", subsequent_indent="  ") + "\n"
    return "0x%08x (%s): %d words point into kernel text (_stext.._etext), %d addresses\n%s" \
        % (VECTORS, access(VECTORS), len(hits), len(set(hits)), listed if hits else "")


walkthrough(
    Stop("the vectors and the stubs as the kernel set them up", at="kernel_init",
         show=["lab vectors", "lab stubs", "lab pte 0xffff0000", "lab pte 0xffff1000"],
         says="""Every vector now branches into the page at 0xffff1000, and the reset slot gets a
         stub of its own. The SWI slot's ldr pc, [pc, #0xff0] reads 0xffff0008 + 8 + 0xff0 =
         0xffff1000: the first word of the stubs page, which is why the commit puts the literal
         first. Besides the page each maps, the two PTEs differ in AP[2:0] only: 111 lets user
         space read the vector page, 101 keeps the stubs page for the kernel. Below this stage
         every stub, and the literal, is in the vector page at 0xffff02xx.""",
         checks=[("each branch lands on the stub System.map names for its slot", branches),
                 ("the SWI literal holds vector_swi",
                  lambda: (word(swi_literal()), sym_addr("vector_swi"))),
                 ("the SWI literal is the first word of the stubs page exactly when System.map "
                  "links the stubs there",
                  lambda: (swi_literal() == VECTORS + 0x1000, stubs_page())),
                 ("user space may read the stubs exactly when they are in the vector page",
                  lambda: (user_reads(sym_addr("vector_irq")), not stubs_page()))]),
    Stop("after the exercise scanned the vector page", at=AFTER, show=[text_pointers],
         says="""What the exercise's scanner sees from user space, counted here from the guest's
         memory against System.map: on this stage the readable page holds no kernel text address
         (what is left are instructions, poison and the kuser helpers' version word). Below, the
         stubs' handler tables and the SWI literal give away 81 words: 16 addresses, 15 handlers
         and vector_swi.""",
         checks=[("no word of the readable page points into kernel text exactly when the stubs "
                  "have their own page",
                  lambda: (not any(sym_addr("_stext") <= w < sym_addr("_etext")
                                   for w in words(VECTORS, 1024)), stubs_page()))]),
)
