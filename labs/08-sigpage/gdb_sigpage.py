# SPDX-License-Identifier: GPL-2.0
# Batch gdb test for 08-sigpage: stop in signal_setup_done() when the kernel has just set
# up a handler that has no SA_RESTORER (the exercise's; glibc always passes one), and check
# that the return address it gave the handler (lr in the task's saved user registers) is
# the ARM rt_sigreturn code the kernel says it installed: in the task's [sigpage] when
# mm->context.sigpage is set, else at 0xffff0500 in the vectors page.
import gdb

SA_RESTORER = 0x04000000
RT_ARM = 3 * 4			# slot 3 of sigreturn_codes: mov r7, #NR_rt_sigreturn; svc 0

def user_regs():
    """task_pt_regs(current): the saved user registers just below THREAD_START_SP (the top
    of the 8 KiB kernel stack, less 8 bytes)."""
    stack = int(current()["stack"])
    return gdb.parse_and_eval("*((struct pt_regs *)0x%x - 1)" % (stack + 8192 - 8))


def sigpage():
    gdb.execute("break signal_setup_done if !failed && !(ksig->ka.sa.sa_flags & %d)" % SA_RESTORER,
                to_string=True)
    yield
    check("stopped in signal_setup_done for a handler without SA_RESTORER",
          gdb.selected_frame().name() == "signal_setup_done")
    regs = user_regs()
    # ARM_lr, ARM_pc
    lr, pc = int(regs["uregs"][14]) & 0xFFFFFFFF, int(regs["uregs"][15]) & 0xFFFFFFFF
    gdb.execute("lab sigpage")
    code, where = sigreturn_code()
    gdb.write("handler 0x%08x will return to 0x%08x\n" % (pc, lr))
    check("it returns to the rt_sigreturn code in the %s" % where.split(" at")[0],
          lr == code + RT_ARM, "lr 0x%08x, code at 0x%08x" % (lr, code))

    for page in (VECTORS, VECTORS + 0x1000):
        gdb.execute("lab pte 0x%x" % page)
    report("gdb sigpage test")


part(sigpage)
