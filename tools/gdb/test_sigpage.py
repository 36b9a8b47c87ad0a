# SPDX-License-Identifier: GPL-2.0
# Batch gdb test for 08-sigpage: stop in sys_rt_sigreturn() when a task comes back through
# the kernel's own return code (the exercise's handler has no SA_RESTORER; glibc's always
# do), and check that the user pc saved there is just past the rt_sigreturn code the kernel
# says it installed: in the task's [sigpage] when mm->context.sigpage is set, else at
# 0xffff0500 in the vectors page.
import gdb

results = []
RT_ARM_END = 5 * 4		# mov r7, #NR; svc 0: the pc after the svc of slot 3 (rt, ARM)


def check(name, cond, detail=""):
    results.append(bool(cond))
    gdb.write("%s %d %s%s\n" % ("ok" if cond else "not ok", len(results), name,
                                "" if cond else " # " + detail))


class KernelReturn(gdb.Breakpoint):
    """Stop only for returns through kernel-provided code, not through a libc restorer."""

    def stop(self):
        pc = int(gdb.parse_and_eval("((struct pt_regs *)$r0)->ARM_pc")) & 0xFFFFFFFF
        sigpage = int(current()["mm"]["context"]["sigpage"])
        return pc & 0xFFFFF000 == VECTORS or (sigpage and pc & 0xFFFFF000 == sigpage)


KernelReturn("sys_rt_sigreturn")
gdb.execute("continue", to_string=True)
check("stopped in sys_rt_sigreturn", gdb.selected_frame().name() == "sys_rt_sigreturn")
pc = int(gdb.parse_and_eval("((struct pt_regs *)$r0)->ARM_pc")) & 0xFFFFFFFF
gdb.execute("sigpage")
code, where = sigreturn_code()
gdb.write("user pc after the svc: 0x%08x\n" % pc)
check("the task returned through the code in the %s" % where.split(" at")[0], pc == code + RT_ARM_END,
      "pc 0x%08x, code at 0x%08x" % (pc, code))

failed = results.count(False)
gdb.write("gdb sigpage test: %d passed, %d failed\n" % (len(results) - failed, failed))
gdb.execute("kill", to_string=True)
gdb.execute("quit %d" % (1 if failed else 0))
