# SPDX-License-Identifier: GPL-2.0
# Walkthrough of 08-sigpage (tools/gdb/walk.py): where a handler without SA_RESTORER returns,
# the first return through the [sigpage], and what the kernel does with the page array it was
# given for it. The [sigpage], the code's offset in it and kernel stacks move from boot to
# boot: the capture prints addresses relative to them. 10-fix-sigpage-cockup sources this file
# for its helpers and stops, and gives its own walk.
SA_RESTORER = 0x04000000
RT_ARM = 3 * 4          # slot 3 of sigreturn_codes: mov r7, #NR_rt_sigreturn; svc 0
# The 6.12 port passes a static vm_special_mapping: vm_private_data points at it, and the page
# array is its .pages (6.1's install_special_mapping() keeps the array in vm_private_data).
PORTED = gdb.lookup_static_symbol("sigpage_mapping") is not None
ARRAY = "sigpage_mapping.pages" if PORTED else "vm_private_data"


def no_sigpage():
    return None if sym_addr("signal_return_offset") else "no [sigpage]: nothing to fault in"


def handler_return():
    """The user registers the kernel just set up for the handler (task_pt_regs(current))."""
    regs = gdb.parse_and_eval("*((struct pt_regs *)0x%x - 1)" % (int(current()["stack"]) + 8184))
    lr, pc = (int(regs["uregs"][i]) & 0xFFFFFFFF for i in (14, 15))
    KEPT["lr"] = lr
    return "handler at 0x%08x returns to lr 0x%08x\n" % (pc, lr)


def page_array():
    vma = gdb.parse_and_eval("vmf->vma").dereference()
    pages = KEPT["pages"] = int(gdb.parse_and_eval("sigpage_mapping.pages") if PORTED
                                else vma["vm_private_data"])
    owner = stack_owner(pages)
    if owner is not None:
        KEPT["stack"] = int(owner["stack"])
    made = gdb.parse_and_eval("(unsigned long)'arch/arm/kernel/signal.c'::signal_page")
    KEPT["oops"] = pages != static_in("signal_page", "arch/arm/kernel/process.c") and \
        word(pages) != int(made)
    task = current()
    held = "the signal page" if word(pages) == int(made) else "not the signal page"
    return ("fault at %#010x in the mapping at %#010x (%d bytes) of %s (pid %d)\n"
            "%s, the page array: %#010x, %s; it holds %#010x, %s\n" % (
                int(gdb.parse_and_eval("vmf->address")), int(vma["vm_start"]),
                int(vma["vm_end"]) - int(vma["vm_start"]), task["comm"].string(),
                int(task["pid"]), ARRAY, pages, "<%s>" % sym(pages) if owner is None else
                "in the kernel stack of %s (pid %d)" % (owner["comm"].string(), int(owner["pid"])),
                word(pages), held))


def ended():
    frame = gdb.selected_frame().name()
    if frame == "die" and PORTED:
        # On 6.12 the dead slot mostly points into live memory: get_page() corrupts it, and
        # whichever task touches it next dies, of whatever oops (docs/notes.md).
        return "die(): the first oops after the corruption (its task and message vary)\n"
    if frame == "die":
        return "die(\"%s\") in %s (pid %d)\n" % (gdb.parse_and_eval("(char *)$r0").string(),
                                                 current()["comm"].string(), int(current()["pid"]))
    return "the guest reached %s: no oops\n" % frame


FAULT = dict(at="special_mapping_fault", skip=no_sigpage, show=[page_array],
             cond="vmf->vma->vm_start == vmf->vma->vm_mm->context.sigpage")
END = dict(at=("*die",) + AFTER, show=[ended],
           checks=[("the kernel dies exactly when the page array no longer holds the signal page",
                    lambda: (gdb.selected_frame().name() == "die", KEPT.get("oops", False)))])
BASES = SIGPAGE + [("stack", lambda: KEPT.get("stack", 0), 8192)]
# pids, and what the page array holds: a struct page pointer, or a dead slot's leftover
PIDS = MASKS + [(r"\(pid \d+\)", "(pid N)"), (r"holds 0x\w{8}", "holds 0x________")]

walkthrough(
    Stop("a handler without SA_RESTORER is set up", at="signal_setup_done",
         cond="!failed && !(ksig->ka.sa.sa_flags & %#x)" % SA_RESTORER,
         show=["lab sigpage", handler_return],
         says="""The exercise installs a handler without SA_RESTORER, so the kernel chooses where it
         returns. On this stage lr points into the task's own [sigpage], at a random address and a
         random offset in it, and `lab sigpage` finds the page not yet in the task's page tables:
         it is faulted in on first use. Below, lr is 0xffff050c, the same in every process.""",
         checks=[("lr is the ARM rt_sigreturn code the kernel says it installed",
                  lambda: (KEPT["lr"], sigreturn_code()[0] + RT_ARM))]),
    Stop("the first return through the [sigpage] faults it in", **FAULT,
         says="""install_special_mapping() keeps the page array it was given in vm_private_data
         and reads it at the first fault. arch_setup_additional_pages() gave it the address of a
         local variable: the slot is in the kernel stack of the task that called execve(), long
         returned. If that slot no longer holds the signal page, special_mapping_fault() hands
         whatever it holds to get_page(). (On 6.12 the port's static vm_special_mapping is in
         vm_private_data, and its .pages is that same dead slot.)""",
         checks=[("the fault is on the task's [sigpage]",
                  lambda: int(gdb.parse_and_eval("vmf->vma->vm_start")) == sigpage())]),
    Stop("the oops, or the end of the run", **END,
         says="""On this stage the stale slot sends the kernel into die(): the process dies holding
         its mm's lock (the stage's finding). Below, nothing faults: the code is in the vector
         page, mapped in every process from the start."""),
    bases=BASES, masks=PIDS)
