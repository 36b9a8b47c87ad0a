# SPDX-License-Identifier: GPL-2.0
# Batch gdb test for 09-vectors-inaccessible and 12-fix-is-gate-vma: once the tests run,
# check that the page tables agree with the kernel's gate VMA (user space may read
# 0xffff0000 exactly when the kernel still has gate_vma), show both high pages, and show
# what arch_vma_name() answers for a mapping that is not the gate page, and the kuser
# helpers' version word against System.map.
import gdb

def gate():
    gate = sym_addr("gate_vma")
    # At the function's first instruction, r0 is the argument: past the prologue, a compiler may
    # already have done the typo's assignment (GCC 14 does), and gdb then shows vma as &gate_vma.
    entry = int(gdb.parse_and_eval("(unsigned int)&'arch/arm/kernel/process.c'::arch_vma_name"))
    gdb.execute("break *0x%x%s" % (entry, "" if gate is None else " if $r0 != 0x%x" % gate),
                to_string=True)
    yield
    check("stopped in arch_vma_name", gdb.selected_frame().name() == "arch_vma_name")
    vma = gdb.parse_and_eval("(struct vm_area_struct *)$r0")
    gdb.write("asked about %08x-%08x of %s\n"
              % (int(vma["vm_start"]), int(vma["vm_end"]), current()["comm"].string()))
    # The breakpoint goes first: another call reaching it would stop the run to the return.
    forget()
    yield from finish()
    name = gdb.parse_and_eval("(const char *)$r0")
    gdb.write("arch_vma_name() returned %s%s\n" % (
        '"%s"' % name.string() if int(name) else "NULL",
        " for a mapping that is not the gate page: the is_gate_vma() typo" if int(name) and
        name.string() == "[vectors]" else ""))
    for addr in (VECTORS, VECTORS + 0x1000):
        gdb.execute("lab pte 0x%x" % addr)
    r = walk(VECTORS)
    readable = r is not None and AP[r["ap"]][1] != "none"
    check("user space may read 0xffff0000 exactly when gate_vma exists (%s)"
          % ("it does" if gate else "it does not"),
          readable == (gate is not None), access(VECTORS))
    gdb.execute("lab kuser")
    start, end = sym_addr("__kuser_helper_start"), sym_addr("__kuser_helper_end")
    want = (end - start) >> 5 if start is not None else POISON
    check("the version word is %s" % ("%d, the helpers System.map has" % want
                                      if start is not None else "poison: no helpers linked in"),
          word(0xFFFF0FFC) == want,
          "0x%08x" % word(0xFFFF0FFC))

    report("gdb gate test")


part(gate)
