# SPDX-License-Identifier: GPL-2.0
# Walkthrough of 00-baseline (tools/gdb/walk.py): the 2013 vector page, and stock 6.1 below it.
STUBS_OF = {1: "vector_und", 3: "vector_pabt", 4: "vector_dabt", 5: "vector_addrexcptn",
            6: "vector_irq", 7: "vector_fiq"}


def branches():
    return [branch(s) for s in STUBS_OF], [sym_addr(n) for n in STUBS_OF.values()]


def stubs_readable():
    irq = sym_addr("vector_irq")
    return user_reads(irq), irq < VECTORS + 0x1000


def sigreturn_at_0x500():
    copied = words(VECTORS + 0x500, 6) == words(sym_addr("sigreturn_codes"), 6)
    return copied, sym_addr("signal_return_offset") is None


def kuser_version():
    helpers = sym_addr("__kuser_helper_end") - sym_addr("__kuser_helper_start")
    return word(VECTORS + 0xFFC), helpers >> 5


walkthrough(
    Stop("the vector page as the kernel set it up", at="kernel_init",
         show=["lab vectors", "lab pte 0xffff0000", "lab pte 0xffff1000"],
         says="""In the 2013 layout one page holds it all: the eight vectors, the stubs they branch
         to (0xffff02xx) and the literal the SWI slot loads, and the page tables let any process
         read that page. The literal is the address of vector_swi: a kernel text pointer handed
         to user space. Stock 6.1, the kernel below this baseline, keeps the stubs and the literal
         in a second page at 0xffff1000 that only the kernel may read.""",
         checks=[("each branch lands on the stub System.map names for its slot", branches),
                 ("the SWI slot's literal holds vector_swi",
                  lambda: (word(swi_literal()), sym_addr("vector_swi"))),
                 ("user space may read the stubs exactly when System.map links them into the "
                  "vector page", stubs_readable)]),
    Stop("after the exercise ran: init's signal return code and the kuser helpers", at=AFTER,
         show=["lab sigpage", "lab kuser"],
         says="""At power-off, after the tests ran, init (the task calling kernel_power_off) has no
         [sigpage]: its signals return through the code the kernel copied to 0xffff0500, in the
         same user-readable page as the vectors and, at its top, the kuser helpers. On 6.1 every
         process gets a [sigpage] of its own at a random address instead (stage 08), and the
         words at 0xffff0500 are poison.""",
         checks=[("0xffff0500 holds vmlinux's sigreturn_codes exactly when there is no [sigpage]",
                  sigreturn_at_0x500),
                 ("__kuser_helper_version counts the 32-byte helpers System.map links",
                  kuser_version)]),
)
