# SPDX-License-Identifier: GPL-2.0
# Walkthrough of 10-fix-sigpage-cockup (tools/gdb/walk.py): the page array a [sigpage] fault
# reads, and what the kernel does with it. 08's walk holds the helpers and the two stops; its
# own walkthrough() call is replaced by this one.
gdb.execute("source labs/08-sigpage/walk.py")


def static_array():
    """The page array is process.c's static signal_page exactly when the kernel has one."""
    static = static_in("signal_page", "arch/arm/kernel/process.c")
    return KEPT["pages"] == static, static is not None


walkthrough(
    Stop("the first return through a [sigpage] faults it in", **FAULT,
         says="""The fault handler of install_special_mapping() reads the page array it was given.
         With the fix that array is signal_page, a static of process.c that holds the page
         get_signal_page() made, for every process. Below, it is a slot in the kernel stack of
         the task that called execve(): a frame that returned long ago, holding whatever was
         written there since.""",
         checks=[("the page array is process.c's static exactly when the kernel has one",
                  static_array)]),
    Stop("the oops, or the end of the run", **END,
         says="""With the fix the page is mapped and the handler returns through it: the run goes
         on to power-off. Below, the stale slot no longer holds the signal page, and
         special_mapping_fault() oopses on it (on 6.12 the kernel usually dies later instead,
         wherever the page it corrupted is next used)."""),
    bases=BASES, masks=PIDS)
