# SPDX-License-Identifier: GPL-2.0
# Batch gdb test for 02-vivt-switch-mm (versatile, no ASIDs): stop where switchwin.ko's
# kernel thread enters kthread_use_mm() for the victim's mm with the CPU on the donor's
# tables, then at the context switch that preempts it, and show where each kernel keeps the
# deferred switch: the baseline in a flag of the thread that asked for it (TIF_SWITCH_MM),
# 6.1 in mm->context.switch_pending of the mm it is for. TTBR0 after
# finish_arch_post_lock_switch() says which tables the victim goes on with.
import gdb

TIF_NEED_RESCHED = 1
TIF_SWITCH_MM = 24      # the lab baseline's bit (patches/00-baseline/0011)


def ttbr0():
    return int(gdb.parse_and_eval("$TTBR0_EL1")) & 0xFFFFC000


def phys(mm):
    return virt_to_phys(int(mm["pgd"]))


def flags(task):
    return int(task["thread_info"]["flags"])


def pending(mm):
    """mm->context.switch_pending, or None in a kernel without it (the baseline)."""
    try:
        return int(mm["context"]["switch_pending"])
    except gdb.error:
        return None


def who(task):
    return "%s (pid %d)" % (task["comm"].string(), int(task["pid"]))


def stop_at(addr):
    forget()
    gdb.execute("break *0x%x" % addr, to_string=True)
    yield


def switchmm():
    mm_t = gdb.lookup_type("struct mm_struct").pointer()
    task_t = gdb.lookup_type("struct task_struct").pointer()

    # 1. kthread_use_mm(victim's mm) in the kernel thread: interrupts off, the CPU still on the
    #    tables of the mm it used before (the donor's, its active_mm), the victim already woken.
    found = False
    gdb.execute("break *0x%x" % sym_addr("kthread_use_mm"), to_string=True)
    for _ in range(400):
        yield
        k, mm = current(), gdb.parse_and_eval("$r0").cast(mm_t)
        donor = k["active_mm"]
        irqs_off = int(gdb.parse_and_eval("$cpsr")) & 0x80
        if irqs_off and int(mm) != int(donor) and ttbr0() == phys(donor):
            found = True
            break
    check("stopped in kthread_use_mm() with interrupts off, on the donor's tables", found)
    if found:
        victim_pgd, donor_pgd, kflags = phys(mm), phys(donor), flags(k)
        gdb.write("%s: kthread_use_mm(mm with pgd %#x); TTBR0 %#x = the donor's (active_mm)\n" %
                  (who(k), victim_pgd, ttbr0()))
        gdb.write("  thread flags %#010x; victim's mm->context.switch_pending: %s\n" %
                  (kflags, pending(mm) if pending(mm) is not None else "no such field (baseline)"))
        check("a reschedule is pending: the victim was woken with interrupts off",
              kflags & (1 << TIF_NEED_RESCHED), "flags %#x" % kflags)

        # 2. The context switch that preempts it: finish_task_switch(prev), already in the
        #    victim; switch_mm() was skipped (prev->active_mm is the victim's mm already).
        yield from stop_at(sym_addr("finish_task_switch"))
        prev, v = gdb.parse_and_eval("$r0").cast(task_t), current()
        check("the next task is a task of the victim's mm, switched to from the kernel thread",
              int(v["mm"]) == int(mm) and int(prev) == int(k), "%s from %s" % (who(v), who(prev)))
        before, pend = ttbr0(), pending(v["mm"])
        gdb.write("finish_task_switch(prev=%s) in %s: TTBR0 %#x\n" % (who(prev), who(v), before))
        gdb.write("  flags: %s %#010x, %s %#010x; switch_pending of the victim's mm: %s\n" %
                  (who(prev), flags(prev), who(v), flags(v), pend if pend is not None else "-"))

        # 3. After finish_arch_post_lock_switch(): back in the caller of finish_task_switch().
        yield from stop_at(int(gdb.parse_and_eval("$lr")) & 0xFFFFFFFF)
        after = ttbr0()
        gdb.write("after finish_task_switch(): TTBR0 %#x (victim %#x, donor %#x)\n" %
                  (after, victim_pgd, donor_pgd))
        if pend is None:
            check("baseline: TIF_SWITCH_MM is on the kernel thread, not on the victim, and the "
                  "victim goes on with the donor's tables",
                  flags(prev) & (1 << TIF_SWITCH_MM) and not flags(v) & (1 << TIF_SWITCH_MM) and
                  before == donor_pgd and after == donor_pgd, "TTBR0 %#x -> %#x" % (before, after))
        else:
            check("switch_pending is set on the victim's mm, and finish_arch_post_lock_switch() "
                  "switches to the victim's tables",
                  pend == 1 and before == donor_pgd and after == victim_pgd,
                  "pending %d, TTBR0 %#x -> %#x" % (pend, before, after))
    report("gdb switchmm test")


part(switchmm)
