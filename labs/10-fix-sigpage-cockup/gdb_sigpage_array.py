# SPDX-License-Identifier: GPL-2.0
# Batch gdb test for 10-fix-sigpage-cockup: stop at the first fault on a page mapped by
# install_special_mapping() (the signal page: on 6.1 its vm_private_data is the page array the
# kernel was given; the 6.12 port, which has no install_special_mapping(), gives that array as
# the pages of its static sigpage_mapping) and see where that array lives. With the fix it is
# the static signal_page of process.c, holding the page get_signal_page() made. Below the fix
# it is a slot in the kernel stack of the task that exec'd the program (on 6.1 an ancestor of
# the faulting task; on 6.12 whichever task exec'd last, as the mapping is shared), and the kernel
# oopses on it unless that dead slot still holds the page. Either way the prediction is checked
# against what the kernel does next.
import gdb

THREAD_SIZE = 8192


def static_in(name, path):
    """The file-scope static NAME of the source file PATH, or None (gdb's 'FILE'::NAME falls
    back to another file's static of that name)."""
    for s in gdb.lookup_static_symbols(name):
        if s.symtab and s.symtab.filename.endswith(path):
            return s
    return None


def stack_owner(addr):
    """The task, among the current one and its ancestors, whose kernel stack holds addr."""
    t = current()
    while True:
        base = int(t["stack"])
        if base <= addr < base + THREAD_SIZE:
            return t
        parent = t["real_parent"]
        if int(parent) == int(t):
            return None
        t = parent


def sigpage_array():
    ported = gdb.lookup_static_symbol("sigpage_mapping") is not None  # the 6.12 port
    gdb.execute("break special_mapping_fault if " + (
        "vmf->vma->vm_private_data == &sigpage_mapping" if ported else
        "vmf->vma->vm_ops == &legacy_special_mapping_vmops"), to_string=True)
    yield
    check("stopped at a fault on a page of install_special_mapping()",
          gdb.selected_frame().name() == "special_mapping_fault")
    vma = gdb.parse_and_eval("vmf->vma").dereference()
    pages = int(gdb.parse_and_eval("sigpage_mapping.pages")) if ported else \
        int(vma["vm_private_data"])
    sigpage = int(vma["vm_mm"]["context"]["sigpage"])
    check("the fault is on the task's [sigpage]", int(vma["vm_start"]) == sigpage,
          "vma at 0x%08x, sigpage 0x%08x" % (int(vma["vm_start"]), sigpage))
    ours = static_in("signal_page", "arch/arm/kernel/process.c")
    fixed = int(ours.value().address) if ours else None
    gdb.write("task %s (pid %d) faults on [sigpage] at 0x%08x; its page array is at 0x%08x (%s)\n"
              % (current()["comm"].string(), int(current()["pid"]), int(vma["vm_start"]), pages,
                 sym(pages)))
    made = int(static_in("signal_page", "arch/arm/kernel/signal.c").value())
    if fixed is not None:
        check("the page array is process.c's static signal_page", pages == fixed,
              "array 0x%08x, &signal_page 0x%08x" % (pages, fixed))
        check("it holds the page get_signal_page() made", word(pages) == made,
              "array holds 0x%08x, signal.c's signal_page 0x%08x" % (word(pages), made))
    else:
        owner = stack_owner(pages)
        gdb.write("the array is in the kernel stack of %s\n" % (
            "%s (pid %d)" % (owner["comm"].string(), int(owner["pid"])) if owner
            else "no ancestor"))
        check("the page array is a slot in an ancestor's kernel stack (no static holds it)",
              owner is not None, "0x%08x is in no kernel stack from the current task up" % pages)
        # A dead slot may still hold the page it was given (what ran on that stack since decides):
        # then the kernel maps the right page and goes on.
        gdb.write("the dead slot holds 0x%08x: %s the signal page\n" % (
            word(pages), "still" if word(pages) == made else "no longer"))
    oops = fixed is None and word(pages) != made

    forget()
    gdb.execute("break die", to_string=True)
    try:
        yield
        where = gdb.selected_frame().name()
    except gdb.error:
        where = "(guest finished)"
    gdb.write("next stop: %s\n" % where)
    check("the kernel %s, as the page array predicts" % ("oopses" if oops else "goes on"),
          (where == "die") == oops, "next stop %s" % where)
    report("gdb sigpage array test")


part(sigpage_array)
