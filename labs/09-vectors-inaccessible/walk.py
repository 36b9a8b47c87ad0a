# SPDX-License-Identifier: GPL-2.0
# Walkthrough of 09-vectors-inaccessible (tools/gdb/walk.py): who may read the vector page,
# whether the kernel still has a gate VMA, and what arch_vma_name() answers for a mapping that is
# not the gate page. 12-fix-is-gate-vma sources this file for its helpers and stops.
import re

WRITES = re.compile(r"^(mov|movw|movt|ldr|add|sub|mvn)\w*\s+r0,")


def gate():
    return sym_addr("gate_vma")


def pages():
    return "kernel has gate_vma: %s\n" % ("yes" if gate() is not None else "no")


def reads_vma():
    """Whether the arch_vma_name() the kernel called reads its argument (r0) before it
    returns (vmlinux also holds kernel/signal.c's weak one, which ARM's replaces)."""
    arch = gdb.selected_frame().architecture()
    for insn in arch.disassemble(KEPT["fn"], count=24):
        asm = insn["asm"].split(";")[0].strip()
        if re.search(r"\bbx\s+lr\b|\bpop\b.*\bpc\b", asm):
            return False
        if re.search(r"\br0\b", asm):
            return not WRITES.match(asm)
    return True


def argument():
    """The argument, in r0 at the function's first instruction (past the prologue a compiler
    may already have done the typo's assignment, as GCC 14 does)."""
    return gdb.parse_and_eval("(struct vm_area_struct *)$r0").dereference()


def stack():
    """vma (r0) is the task's stack"""
    vma, mm = argument(), current()["mm"]
    return int(vma["vm_start"]) <= int(mm["start_stack"]) < int(vma["vm_end"])


def answer():
    vma, task = argument(), current()
    pages = (int(vma["vm_end"]) - int(vma["vm_start"])) >> 12
    KEPT["fn"] = int(gdb.selected_frame().function().value().address)
    gdb.execute("finish", to_string=True)
    name = gdb.history(0)
    KEPT["name"] = name.string() if int(name) else None
    return "%s (pid %d) asks about its stack, %d pages: arch_vma_name() returns %s\n" % (
        task["comm"].string(), int(task["pid"]), pages,
        '"%s"' % KEPT["name"] if KEPT["name"] else "NULL")


PAGES = dict(at="kernel_init",
             show=["lab pte 0xffff0000", "lab kuser", pages,
                   "x/4i 'arch/arm/kernel/process.c'::arch_vma_name"],
             checks=[("user space may read 0xffff0000 exactly when vmlinux has gate_vma",
                      lambda: (user_reads(VECTORS), gate() is not None)),
                     ("__kuser_helper_version counts the helpers System.map links, or is poison",
                      lambda: (word(VECTORS + 0xFFC),
                               (sym_addr("__kuser_helper_end") - sym_addr("__kuser_helper_start"))
                               >> 5 if sym_addr("__kuser_helper_start") else POISON))])
NAME = dict(at="*'arch/arm/kernel/process.c'::arch_vma_name", cond=stack, show=[answer],
            checks=[("the answer is \"[vectors]\" exactly when the compiled arch_vma_name() never "
                     "reads vma", lambda: (KEPT["name"] == "[vectors]", not reads_vma()))])

walkthrough(
    Stop("the vector page once the kernel has set it up", **PAGES,
         says="""Without kuser helpers (virt-nokuser) nothing in the page is for user space any
         more: this commit drops the gate VMA and maps the page for the kernel only, so `lab pte`
         says user none. With them (virt) the page must stay readable, and keeps its gate VMA.
         Below, the page is user-readable on both targets. The first instructions of
         arch_vma_name() are shown for the next stop."""),
    Stop("/proc/<pid>/maps asks for the stack's name", **NAME,
         says="""is_gate_vma() has one = where it needs two: it assigns the gate VMA to the
         argument and is always true. With the helpers the compiler keeps nothing of the test,
         and every mapping that reaches arch_vma_name(), heap and stack included, is named
         [vectors] (the stage's finding, fixed in 12). Without the helpers the macro is 0 and the
         answer is right."""),
    bases=[], masks=[(r"\(pid \d+\)", "(pid N)")])
