# SPDX-License-Identifier: GPL-2.0
# Walkthrough of 02-vivt-switch-mm (tools/gdb/walk.py), on versatile (ARMv5, no ASIDs): where
# a deferred mm switch is recorded while switchwin.ko's kernel thread borrows the victim's mm,
# and which tables the victim goes on with. Physical addresses change from boot to boot: the
# capture prints them relative to the two pgds.
TIF_NEED_RESCHED, TIF_SWITCH_MM = 1, 24     # the baseline's bit (patches/00-baseline/0011)


def ttbr0():
    return int(gdb.parse_and_eval("$TTBR0_EL1")) & 0xFFFFC000


def mm_arg():
    return gdb.parse_and_eval("$r0").cast(gdb.lookup_type("struct mm_struct").pointer())


def pgd(mm):
    return virt_to_phys(int(mm["pgd"]))


def flags(task):
    return int(task["thread_info"]["flags"])


def has_pending():
    """mm_context_t has switch_pending (the commit), or not (the baseline's thread flag)."""
    return any(f.name == "switch_pending" for f in gdb.lookup_type("mm_context_t").fields())


def who(task):
    return "%s (pid %d)" % (task["comm"].string(), int(task["pid"]))


def in_window():
    """interrupts off, the thread asks for another mm than the one in TTBR0"""
    k, mm = current(), mm_arg()
    donor = k["active_mm"]
    if not (int(gdb.parse_and_eval("$cpsr")) & 0x80 and int(mm) != int(donor)
            and ttbr0() == pgd(donor)):
        return False
    KEPT.update(thread=int(k), mm=int(mm), victim=pgd(mm), donor=pgd(donor))
    return True


def window():
    k, mm = current(), mm_arg()
    pending = mm["context"]["switch_pending"] if has_pending() else "no such field"
    return ("%s: kthread_use_mm(mm with pgd %#010x); TTBR0 %#010x, its active_mm's\n"
            "  thread flags %#010x; the victim's mm->context.switch_pending: %s\n" % (
                who(k), KEPT["victim"], ttbr0(), flags(k), pending))


def switched():
    prev = gdb.parse_and_eval("$r0").cast(gdb.lookup_type("struct task_struct").pointer())
    v = current()
    KEPT.update(ret=int(gdb.parse_and_eval("$lr")) & 0xFFFFFFFF, prev=int(prev))
    pending = v["mm"]["context"]["switch_pending"] if has_pending() else "-"
    return ("finish_task_switch(prev=%s) in %s: TTBR0 %#010x\n"
            "  thread flags: %s %#010x, %s %#010x; switch_pending of the victim's mm: %s\n" % (
                who(prev), who(v), ttbr0(), who(prev), flags(prev), who(v), flags(v), pending))


def debt_recorded():
    """Where the kernel keeps the debt: on the mm with switch_pending, else on the thread."""
    thread = gdb.parse_and_eval("(struct task_struct *)%d" % KEPT["prev"])
    if has_pending():
        return int(current()["mm"]["context"]["switch_pending"]) == 1
    flag = 1 << TIF_SWITCH_MM
    return bool(flags(thread) & flag) and not flags(current()) & flag


def returned():
    """*(finish_task_switch's return address)"""
    return "*0x%x" % KEPT["ret"]


walkthrough(
    Stop("the kernel thread borrows the victim's mm with interrupts off", at="*kthread_use_mm",
         cond=in_window, show=[window],
         says="""switchwin's kernel thread asks for the victim's mm with interrupts off, so
         switch_mm() only records that a switch is owed: TTBR0 still holds the donor's tables.
         The victim has just been woken, so the thread is marked for preemption (TIF_NEED_RESCHED,
         0x2): task_unlock(), a few lines on in kthread_use_mm(), is where it loses the CPU before
         finish_arch_post_lock_switch() pays the debt.""",
         checks=[("a reschedule is pending on the thread: the victim was woken with interrupts off",
                  lambda: flags(current()) & (1 << TIF_NEED_RESCHED))]),
    Stop("the victim gets the CPU", at="*finish_task_switch", show=[switched],
         says="""The scheduler switched from the thread to the victim without switch_mm(): the
         thread's active_mm is the victim's mm already. Below this stage the debt is TIF_SWITCH_MM
         (bit 24, 0x01000000) on the kernel thread, which is no longer running; with the commit it
         is switch_pending on the mm, which the victim brings with it.""",
         checks=[("the next task is of the victim's mm, switched to from the kernel thread",
                  lambda: (int(current()["mm"]), KEPT["prev"]) == (KEPT["mm"], KEPT["thread"])),
                 ("the debt is on the mm when mm_context_t has switch_pending, else on the thread",
                  debt_recorded)]),
    Stop("after finish_arch_post_lock_switch()", at=returned,
         show=[lambda: "TTBR0 %#010x (victim's pgd %#010x, donor's %#010x)\n" % (
             ttbr0(), KEPT["victim"], KEPT["donor"])],
         says="""Back from finish_task_switch(), after finish_arch_post_lock_switch(). With the
         commit the victim's own tables are in TTBR0. Below it the CPU still has the donor's: the
         victim returns to user space and reads another process's memory at its own addresses.""",
         checks=[("the victim goes on with its own tables exactly when the debt is on the mm",
                  lambda: (ttbr0() == KEPT["victim"], has_pending()))]),
    bases=[("<victim pgd>", lambda: KEPT.get("victim", 0), 0x4000),
           ("<donor pgd>", lambda: KEPT.get("donor", 0), 0x4000)],
    masks=[(r"\(pid \d+\)", "(pid N)")])
