# SPDX-License-Identifier: GPL-2.0
# Walkthrough of 12-fix-is-gate-vma (tools/gdb/walk.py): 09's two stops, whose helpers it
# sources (09's own walkthrough() call is replaced by this one).
gdb.execute("source labs/09-vectors-inaccessible/walk.py")

walkthrough(
    Stop("the vector page once the kernel has set it up", **PAGES,
         says="""The fix changes no page: with the helpers (virt) the vector page is user-readable
         and has its gate VMA, as on 09. What changes is arch_vma_name(): its first instructions
         now compare vma with &gate_vma. On virt-nokuser the typo was compiled out, and nothing
         changes at all."""),
    Stop("/proc/<pid>/maps asks for the stack's name", **NAME,
         says="""With == the test is real: the stack is not the gate VMA, arch_vma_name()
         returns NULL for it, and show_map_vma() goes on to name it [stack]. On virt below (11,
         which still has 09's typo), the same mapping comes back as [vectors]."""),
    bases=[], masks=[(r"\(pid \d+\)", "(pid N)")])
