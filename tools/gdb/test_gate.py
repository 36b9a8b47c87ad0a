# SPDX-License-Identifier: GPL-2.0
# Batch gdb test for 09-vectors-inaccessible and 10-fix-is-gate-vma: once the tests run,
# check that the page tables agree with the kernel's gate VMA (user space may read
# 0xffff0000 exactly when the kernel still has gate_vma), show both high pages, and show
# what arch_vma_name() answers for a mapping that is not the gate page.
import gdb

results = []


def check(name, cond, detail=""):
    results.append(bool(cond))
    gdb.write("%s %d %s%s\n" % ("ok" if cond else "not ok", len(results), name,
                                "" if cond else " # " + detail))


gate = sym_addr("gate_vma")
if gate is not None:
    gdb.execute("break arch_vma_name if vma != &gate_vma", to_string=True)
else:
    gdb.execute("break arch_vma_name", to_string=True)
gdb.execute("continue", to_string=True)
check("stopped in arch_vma_name", gdb.selected_frame().name() == "arch_vma_name")
vma = gdb.parse_and_eval("vma")
gdb.write("asked about %08x-%08x of %s\n" % (int(vma["vm_start"]), int(vma["vm_end"]), current()["comm"].string()))
ret = gdb.execute("finish", to_string=True)
gdb.write("arch_vma_name() returned: %s\n" % ret.strip().splitlines()[-1])
for addr in (VECTORS, VECTORS + 0x1000):
    gdb.execute("pte 0x%x" % addr)
r = walk(VECTORS)
readable = r is not None and AP[r["ap"]][1] != "none"
check("user space may read 0xffff0000 exactly when gate_vma exists (%s)" % ("it does" if gate else "it does not"),
      readable == (gate is not None), access(VECTORS))

failed = results.count(False)
gdb.write("gdb gate test: %d passed, %d failed\n" % (len(results) - failed, failed))
gdb.execute("kill", to_string=True)
gdb.execute("quit %d" % (1 if failed else 0))
