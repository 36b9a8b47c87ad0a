# SPDX-License-Identifier: GPL-2.0
# Walkthrough of 07-fiq-relocation (tools/gdb/walk.py): where set_fiq_handler() puts a FIQ
# handler, caught as it writes it (a watchpoint), and who may read it afterwards.


def fiq_offset():
    """vector_fiq_offset when System.map has it, else the FIQ vector's slot, 0x1c."""
    off = sym_addr("vector_fiq_offset")
    return off if off is not None else 0x1C


def fiq_slot_alias():
    """*(u32 *)(vectors_page + FIQ offset)"""
    return "*(unsigned int *)0x%x" % (alias() + fiq_offset())


def alias():
    return int(gdb.parse_and_eval("(unsigned long)vectors_page"))


def handler():
    start, length = (int(gdb.parse_and_eval(r)) & 0xFFFFFFFF for r in ("$r0", "$r1"))
    KEPT["handler"] = words(start, length // 4)
    return "set_fiq_handler(start %#010x, length %d): %s\nvectors_page %#010x\n" % (
        start, length, " ".join("%08x" % w for w in KEPT["handler"]), alias())


def vectors_page_is_alias():
    """The page mapped at 0xffff0000 is the one at vectors_page in the kernel's linear map."""
    return walk(VECTORS)["desc"] & 0xFFFFF000, virt_to_phys(alias())


def writer():
    pc = int(gdb.parse_and_eval("$pc")) & 0xFFFFFFFF
    return "written by 0x%08x <%s>: %08x at vectors_page + %#x\n" % (
        pc, sym(pc), word(alias() + fiq_offset()), fiq_offset())


def same_page():
    return words(fiq_address(), 3), words(alias() + fiq_offset(), 3)


walkthrough(
    Stop("where this kernel will put a FIQ handler", at="kernel_init",
         show=["lab fiq", "lab vectors"],
         says="""Before any module claims the FIQ: `lab fiq` names the place set_fiq_handler()
         copies a handler to. On this stage it is vector_fiq_offset, the FIQ stub's offset in
         the high pages (0x1240), in the stubs page only the kernel reads; below it, the FIQ
         vector itself at 0xffff001c, in the page every process reads. Both kernels leave the
         vector at 0x1c as a branch to vector_fiq until then.""",
         checks=[("vector_fiq_offset, where System.map has one, is vector_fiq's offset",
                  lambda: fiq_offset() in (0x1C, sym_addr("vector_fiq") - VECTORS)),
                 ("the FIQ vector branches to vector_fiq",
                  lambda: (branch(7), sym_addr("vector_fiq")))]),
    Stop("fiqmark.ko hands its handler to set_fiq_handler()", at="*set_fiq_handler",
         show=[handler],
         says="""The exercise's module claims the FIQ and passes three words: subs pc, lr, #4 and
         two marks it looks for later. set_fiq_handler() will copy them through vectors_page: the
         high pages are read-only at 0xffff0000, and vectors_page is the same physical page in
         the kernel's own writable linear map.""",
         checks=[("vectors_page is the page the tables map at 0xffff0000", vectors_page_is_alias)]),
    Stop("the copy lands", watch=fiq_slot_alias, show=[writer, "lab fiq"],
         says="""A hardware watchpoint on vectors_page + the FIQ offset fires in memcpy(). The
         words are visible at once at 0xffff0000 + the offset, the address the CPU runs them
         from, once set_fiq_handler() has flushed the I-cache there.""",
         checks=[("the word written is the handler's first word",
                  lambda: (word(alias() + fiq_offset()), KEPT["handler"][0])),
                 ("the CPU's view at 0xffff0000 + offset holds the same word",
                  lambda: (word(fiq_address()), KEPT["handler"][0]))]),
    Stop("after the exercise ran", at=AFTER, show=["lab fiq", "lab pte $lab_fiq()"],
         says="""The handler, seen at its run-time address: on this stage in the stubs page, which
         the page tables keep from user space; below, in the vector page, where any process reads
         it (a board's FIQ handler would show its buffers' and registers' addresses there).""",
         checks=[("0xffff0000 + offset and the vectors_page alias show the same words", same_page),
                 ("user space may read the handler exactly when there is no vector_fiq_offset",
                  lambda: (user_reads(fiq_address()), sym_addr("vector_fiq_offset") is None))]),
    masks=[(r"0xbf[0-9a-f]{6}", "0xbf______")])     # module addresses
