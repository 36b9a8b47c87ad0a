# SPDX-License-Identifier: GPL-2.0
# Replay test for 08-sigpage (REPLAY_TESTS): on a boot that QEMU recorded, save a snapshot at
# the test program's exec, stop at the first fault on the [sigpage] (the one that oopses) and go
# back in time, twice.
#  1. The value: watch the slot the fault reads its struct page * from, reverse-continue.
#     gdb stops just after the last write to it; one reverse-stepi shows the store itself.
#     Ground truth: the replay is deterministic, so forwards again, from just before that store,
#     the same watchpoint must fire at that store, and then not again before the fault.
#  2. The pointer: watch the VMA's vm_private_data (the page array: that slot), reverse-continue,
#     and follow the VMA copies fork made back to the store in __install_special_mapping(),
#     called by arch_setup_additional_pages() with &page, its own local. The 6.12 port keeps
#     the array in its static sigpage_mapping instead, which arch_setup_additional_pages()
#     points at &page on every exec: watch that.
# Functions are named from System.map, beside vmlinux, not from gdb's debug info.
import bisect
import os
import gdb

THREAD_SIZE = 8192
PORTED = gdb.lookup_static_symbol("sigpage_mapping") is not None  # the 6.12 port
FAULT = "special_mapping_fault if " + ("vmf->vma->vm_private_data == &sigpage_mapping" if PORTED
                                       else "vmf->vma->vm_ops == &legacy_special_mapping_vmops")
ARRAY = "sigpage_mapping.pages" if PORTED else "vmf->vma->vm_private_data"

kdir = os.path.dirname(gdb.current_progspace().filename)
with open(os.path.join(kdir, "System.map")) as f:
    text = sorted((int(a, 16), n) for a, t, n in (l.split()[:3] for l in f) if t in "tTwW")
starts = [a for a, _ in text]


def fn(pc):
    """The text symbol of System.map that pc is in."""
    return text[bisect.bisect_right(starts, pc) - 1][1]


def pc():
    return int(gdb.parse_and_eval("$pc")) & 0xFFFFFFFF


def task():
    t = current()
    return "%s (pid %d)" % (t["comm"].string(), int(t["pid"]))


def go(cmd):
    """Run cmd and say where it stopped (QEMU reports a watchpoint found backwards as a
    plain SIGTRAP, so gdb cannot say why)."""
    gdb.execute(cmd, to_string=True)
    gdb.write("(gdb) %s -> stopped at 0x%08x in %s, task %s\n" % (cmd, pc(), fn(pc()), task()))


def watch_slot():
    """gdb keeps the value it saw when the watchpoint was set, and reports a write forwards only
    if it changes that value: set it again after going back."""
    gdb.execute("delete", to_string=True)
    gdb.execute("watch -l *(unsigned long *)0x%x" % slot, to_string=True)


def snapshot_at_exec(program):
    """Replay forwards to the exec of program and have QEMU save a snapshot there. Going back,
    QEMU loads the last snapshot before the point it looks for and replays forwards from it
    (docs/system/replay.rst): from this exec, not from the boot. All this test goes back to
    happens after it."""
    gdb.execute('break begin_new_exec if $_regex(bprm->filename, ".*/%s$")' % program,
                to_string=True)
    go("continue")
    gdb.execute("delete", to_string=True)
    gdb.execute("monitor savevm " + program, to_string=True)
    saved = [l.split() for l in gdb.execute("monitor info snapshots", to_string=True)
             .splitlines()]
    check("QEMU saved a snapshot at the exec of " + program,
          fn(pc()) == "begin_new_exec" and any(program in l[:2] and l[-1] != "0"
                                               for l in saved), "stopped in " + fn(pc()))


snapshot_at_exec("test_sigpage")
gdb.execute("break " + FAULT, to_string=True)
go("continue")
check("stopped at the first fault on a [sigpage]", fn(pc()) == "special_mapping_fault")
vma = int(gdb.parse_and_eval("vmf->vma"))
slot = int(gdb.parse_and_eval(ARRAY))
bad = word(slot)
victim = task()
made = int(gdb.parse_and_eval("'arch/arm/kernel/signal.c'::signal_page"))
gdb.write("the page array is at 0x%08x; it holds 0x%08x, the signal page is 0x%08x\n"
          % (slot, bad, made))
check("the slot no longer holds the signal page (the kernel is about to oops)", bad != made)

# 1. The value: who wrote it last?
watch_slot()
go("reverse-continue")
store_after, writer = pc(), fn(pc())
owner = int(current()["stack"])
check("gdb stops just after a write that left 0x%08x in the slot" % bad, word(slot) == bad,
      "the slot holds 0x%08x" % word(slot))
check("the writer is the task whose kernel stack holds the slot",
      owner <= slot < owner + THREAD_SIZE, "stack 0x%08x, slot 0x%08x" % (owner, slot))
go("reverse-stepi")
insn = gdb.execute("x/i $pc", to_string=True).split(":", 1)[1].split()[0]
gdb.write("the store: %s" % gdb.execute("x/i $pc", to_string=True))
check("one instruction back is a store in %s, and the slot held something else"
      % fn(pc()), insn.startswith(("str", "stm", "push")) and word(slot) != bad and
      fn(pc()) == writer, "%s in %s, slot 0x%08x" % (insn, fn(pc()), word(slot)))
watch_slot()
gdb.execute("break " + FAULT, to_string=True)
go("continue")
check("forwards, the watchpoint fires at that store", pc() == store_after and word(slot) == bad,
      "stopped at 0x%08x in %s" % (pc(), fn(pc())))
go("continue")
check("and then not again: the next stop is the fault, in %s" % victim,
      fn(pc()) == "special_mapping_fault" and task() == victim, "stopped in %s" % fn(pc()))

# 2. The pointer: who made the page array that slot? On 6.1 the VMA holds it, and fork copies
# a VMA whole (vm_area_dup), so the faulting task's VMA leads to its parent's, and so on to the
# exec. The 6.12 port's array pointer is one static, set by the last exec of any task.
gdb.execute("delete", to_string=True)
for hop in range(8):
    gdb.execute("watch -l " + ("sigpage_mapping.pages" if PORTED else
                               "((struct vm_area_struct *)0x%x)->vm_private_data" % vma),
                to_string=True)
    go("reverse-continue")
    gdb.execute("delete", to_string=True)
    if fn(pc()) != "vm_area_dup":
        break
    vma = int(gdb.parse_and_eval("orig"))
    gdb.write("  a copy made by fork, from the VMA at 0x%08x\n" % vma)
frame, callers = gdb.selected_frame(), []
while frame.older() and len(callers) < 3:
    frame = frame.older()
    callers.append(fn(frame.pc()))
gdb.write("stored by %s, called from %s\n" % (fn(pc()), " <- ".join(callers)))
if PORTED:
    check("the pointer was stored by arch_setup_additional_pages()",
          fn(pc()) == "arch_setup_additional_pages", "%s <- %s" % (fn(pc()), callers))
    callers.insert(0, fn(pc()))
else:
    check("the pointer was stored by __install_special_mapping(), called from "
          "arch_setup_additional_pages()", fn(pc()) == "__install_special_mapping" and
          "arch_setup_additional_pages" in callers, "%s <- %s" % (fn(pc()), callers))
if "arch_setup_additional_pages" in callers:
    frame = gdb.selected_frame()
    while frame.name() != "arch_setup_additional_pages":
        frame = frame.older()
    frame.select()
    local = int(gdb.parse_and_eval("&page"))
    check("the array it was given is &page, a local of arch_setup_additional_pages()",
          local == slot, "&page 0x%08x, slot 0x%08x" % (local, slot))
    check("page then held the signal page: the slot went stale later", word(slot) == made,
          "0x%08x" % word(slot))
report("gdb stale slot replay test")
