# SPDX-License-Identifier: GPL-2.0
# Walkthroughs: labs/<id>/walk.py calls walkthrough(Stop(...), ...) with the stage's checkpoints
# in order. Each Stop is a place to stop, what to print there, what the learner should see, and
# checks against the kernel's own ground truth (System.map through gdb's symbols, vmlinux, the
# guest's memory and page tables), never against what the exercise says about itself.
#   lab walk           the checkpoints, and where the walk is
#   lab walk next      run the guest to the next checkpoint and show it (then a free prompt)
#   lab walk show      show the current checkpoint again (after you stepped, say)
#   walk_batch(...)    make test and make walks: every checkpoint without a pause, TAP-like
# Sourced after tools/gdb/lab.py, in the same namespace (gdb's __main__), as the gdb tests are.
import re
import textwrap

import gdb

AFTER = ("kernel_power_off", "kernel_restart")  # the guest's last act: its tests have run
HEX = re.compile(r"0x[0-9a-f]{8}\b")


def describe(x):
    """A place or condition as the capture names it: a callable by its docstring."""
    return (x.__doc__ or x.__name__ + "()").strip() if callable(x) else x


class Stop:
    """A checkpoint. AT: where to stop (a function, "*ADDRESS", several of them, or a callable
    giving one); or WATCH: an lvalue (or a callable giving one) whose next write stops the
    guest. COND: a condition, as `break ... if COND` takes it, or a Python callable. SKIP: a
    callable giving the reason this kernel has no such place, or None. SHOW: gdb commands, or
    callables returning text. SAYS: what to see there and why it matters for the commit.
    CHECKS: (name, callable) pairs; the callable returns a truth value, or a (got, want) pair
    that must be equal. A callable's docstring names it in the capture."""

    def __init__(self, title, at=None, watch=None, cond=None, skip=None, show=(), says="",
                 checks=()):
        self.title, self.at, self.watch, self.cond, self.skip = title, at, watch, cond, skip
        self.show, self.says, self.checks = show, says, checks

    def specs(self):
        at = self.at() if callable(self.at) else self.at
        return [at] if isinstance(at, str) else list(at)

    def where(self):
        if self.watch:
            return "watch " + describe(self.watch)
        at = describe(self.at)
        cond = " if " + describe(self.cond) if self.cond else ""
        return " or ".join("break " + s for s in ([at] if isinstance(at, str) else at)) + cond


class Checkpoint(gdb.Breakpoint):
    """The walk's breakpoint or watchpoint: stop() notes the hit (and tests COND itself: gdb
    takes a condition or a stop method, not both)."""

    def __init__(self, spec, cond=None, watch=False):
        if watch:
            super().__init__(spec, gdb.BP_WATCHPOINT, gdb.WP_WRITE)
        else:
            super().__init__(spec)
        self.cond, self.hit = cond, False

    def stop(self):
        try:
            c = self.cond
            self.hit = not c or bool(c() if callable(c) else gdb.parse_and_eval(c))
        except Exception:  # e.g. kernel memory, unreadable while the CPU is in user mode
            self.hit = False
        return self.hit


# Values a checkpoint keeps for later ones (a page table base, the handler a module passed).
KEPT = {}


class Walk:
    def __init__(self, stops, bases, masks):
        self.stops, self.bases, self.masks = stops, bases, masks
        self.done, self.bps, self.batch, self.says = 0, [], False, True

    def emit(self, text):
        """Print (and keep, in batch) walk output; in batch what varies is normalised."""
        if self.batch:
            text = self.normalise(text)
            self.out.append(text)
        gdb.write(text)

    def normalise(self, text):
        spans = []
        for name, get, size in self.bases:
            try:
                base = int(get()) & 0xFFFFFFFF
            except Exception:  # no current task, no mm: nothing to normalise here
                continue
            if base:
                spans.append((name, base, size))

        def rel(m):
            v = int(m.group(0), 16)
            return next((n + ("+0x%03x" % (v - b) if v > b else "") for n, b, s in spans
                         if b <= v < b + s), m.group(0))
        text = HEX.sub(rel, text)
        for pattern, repl in self.masks:
            text = re.sub(pattern, repl, text)
        return text

    def disarm(self):
        for bp in self.bps:
            if bp.is_valid():
                bp.delete()
        self.bps = []

    def next(self):
        """Run to the next checkpoint and show it; False if the walk cannot go on."""
        return drive(self.one())

    def one(self):
        """The next checkpoint, as a part (tools/gdb/parts.py): its yield lets the guest run
        on to it; it returns False if the walk cannot go on."""
        while True:
            if self.done == len(self.stops):
                gdb.write("lab walk: the walk is over; 'continue' lets the guest finish\n")
                return False
            stop = self.stops[self.done]
            self.disarm()
            why = stop.skip and stop.skip()
            if not why:
                break
            self.done += 1
            self.emit("\n== %d/%d %s\n== not on this kernel: %s\n" % (
                self.done, len(self.stops), stop.title, why))
            if self.done == len(self.stops):
                return True
        if stop.watch:
            w = stop.watch() if callable(stop.watch) else stop.watch
            self.bps = [Checkpoint(w, watch=True)]
        else:
            self.bps = [Checkpoint(s, stop.cond) for s in stop.specs()]
        try:
            yield
        except gdb.error as e:
            self.emit("the guest never reached checkpoint %d (%s): %s\n" % (
                self.done + 1, stop.where(), e))
            return False
        if not any(bp.hit for bp in self.bps if bp.is_valid()):
            gdb.write("lab walk: stopped before checkpoint %d (a breakpoint of yours?); "
                      "'lab walk next' goes on to it\n" % (self.done + 1))
            return not self.batch
        self.disarm()
        self.done += 1
        self.show()
        return True

    def show(self):
        if not self.done:
            gdb.write("lab walk: no checkpoint reached yet: 'lab walk next'\n")
            return
        stop = self.stops[self.done - 1]
        pc = int(gdb.parse_and_eval("$pc")) & 0xFFFFFFFF
        frame = gdb.selected_frame().name() or "0x%08x" % pc
        self.emit("\n== %d/%d %s\n== %s\n== stopped in %s\n" % (
            self.done, len(self.stops), stop.title, stop.where(), frame))
        for item in stop.show:
            try:
                if callable(item):
                    text = item()
                else:
                    text = "(gdb) %s\n%s" % (item, gdb.execute(item, to_string=True))
            except Exception as e:
                text = "(%s: %s)\n" % (item if isinstance(item, str) else item.__name__, e)
            self.emit(text if text.endswith("\n") else text + "\n")
        if self.says:
            self.emit(textwrap.fill(" ".join(stop.says.split()), 96, initial_indent="# ",
                                    subsequent_indent="# ") + "\n")
        for name, get in stop.checks:
            try:
                r = get()
                ok, why = (r[0] == r[1], "got %s, want %s" % tuple(map(value, r))) \
                    if isinstance(r, tuple) else (bool(r), "")
            except Exception as e:  # a symbol this kernel lacks, memory it cannot read
                ok, why = False, "%s: %s" % (type(e).__name__, e)
            results.append(ok)  # the part's tally (tools/gdb/parts.py): report() ends it
            self.emit("%s %d %s%s\n" % ("ok" if ok else "not ok", len(results), name,
                                       "" if ok else " # " + why))
        if self.done < len(self.stops) and not self.batch:
            gdb.write("lab walk: 'lab walk next' runs on to %d/%d, %s\n" % (
                self.done + 1, len(self.stops), self.stops[self.done].title))


def words(addr, n):
    return list(gdb.selected_inferior().read_memory(addr, 4 * n).cast("I"))


def user_reads(addr):
    """What the page tables say: may user space read ADDR?"""
    r = walk(addr)
    return r is not None and AP[r["ap"]][1] != "none"


def branch(slot):
    """Where the branch in vector SLOT (0-7) goes, or None: it is not a branch."""
    return decode(VECTORS + 4 * slot, word(VECTORS + 4 * slot))[1]


def swi_literal():
    return decode(VECTORS + 8, word(VECTORS + 8))[2]


def static_in(name, path):
    """The address of file-scope static NAME of source file PATH, or None ('FILE'::NAME in
    gdb falls back to another file's static of that name)."""
    for s in gdb.lookup_static_symbols(name):
        if s.symtab and s.symtab.filename.endswith(path):
            return int(s.value().address)
    return None


def stack_owner(addr):
    """The task, the current one or an ancestor, whose 8 KiB kernel stack holds ADDR."""
    t = current()
    while True:
        if int(t["stack"]) <= addr < int(t["stack"]) + 8192:
            return t
        if int(t["real_parent"]) == int(t):
            return None
        t = t["real_parent"]


def sigpage():
    return int(current()["mm"]["context"]["sigpage"])


# What walkthrough() normalises unless told otherwise: the current task's [sigpage], at a
# random address per process, and the signal return code, at a random offset in it.
SIGPAGE = [("[sigpage]+off", lambda: sigreturn_code()[0] if sigpage() else 0, 68),
           ("[sigpage]", sigpage, 0x1000)]
MASKS = [(r"signal_return_offset 0x[0-9a-f]+", "signal_return_offset off")]


def value(v):
    if isinstance(v, int) and not isinstance(v, bool):
        return "0x%08x" % (v & 0xFFFFFFFF)
    return repr(v)


WALK = None


def walkthrough(*stops, bases=SIGPAGE, masks=MASKS):
    """Register the stage's walkthrough. BASES: (name, callable, size) triples: in batch
    output an address inside [base, base + size) is printed as name+offset (a randomised
    mapping; the first base that holds it; the base itself as name). MASKS: (regular
    expression, replacement) pairs for other values that change from boot to boot."""
    global WALK
    WALK = Walk(list(stops), bases, masks)
    # A checkpoint is shown whole: gdb's pager would stop it halfway in a short terminal.
    gdb.execute("set pagination off")


def walk_batch(path, label, below):
    """Every checkpoint without a pause, as a part (tools/gdb/parts.py); the output,
    normalised, to PATH; then the checks' verdict (report()). BELOW: on the kernel below the
    stage, where the walk shows what differs and leaves out what the learner should see."""
    w = WALK
    w.batch, w.says, w.out = True, not below, []
    w.emit("# walk of %s\n" % label)

    def walk():
        while w.done < len(w.stops):
            if not (yield from w.one()):
                break
        if w.done < len(w.stops):
            results.append(False)
        with open(path, "w") as f:
            f.write("".join(w.out))
        report("walk")
    part(walk)


class WalkCommand(gdb.Command):
    """The stage's walkthrough (labs/<id>/walk.py, started by make walk): a list of checkpoints.
Each is a place to stop, what to print there, what to see and why, and checks against
System.map, vmlinux and the guest's own memory.
  lab walk        list the checkpoints, and where the walk is
  lab walk next   run the guest to the next checkpoint and show it
  lab walk show   show the current checkpoint again
Between checkpoints the prompt is yours: print, step, set breakpoints; use 'lab walk next',
not 'continue', to go on to the next checkpoint."""

    def __init__(self):
        super().__init__("lab walk", gdb.COMMAND_RUNNING, prefix=True)

    def invoke(self, arg, from_tty):
        if WALK is None:
            raise gdb.GdbError("no walkthrough loaded (make walk STAGE=<id>)")
        for i, s in enumerate(WALK.stops):
            gdb.write("%s %d/%d %s (%s)\n" % ("*" if i + 1 == WALK.done else " ", i + 1,
                                              len(WALK.stops), s.title, s.where()))
        gdb.write("lab walk: %s\n" % ("at checkpoint %d; 'lab walk next' goes on" % WALK.done
                                      if WALK.done else "'lab walk next' runs to checkpoint 1"))


class WalkSub(gdb.Command):
    def __init__(self, name, doc, run):
        self.__doc__ = doc
        super().__init__("lab walk " + name, gdb.COMMAND_RUNNING)
        self.run = run

    def invoke(self, arg, from_tty):
        if WALK is None:
            raise gdb.GdbError("no walkthrough loaded (make walk STAGE=<id>)")
        self.run(WALK)


WalkCommand()
WalkSub("next", "Run the guest to the walk's next checkpoint and show it.", Walk.next)
WalkSub("show", "Show the current checkpoint again: its output, what to see, its checks.",
        Walk.show)
