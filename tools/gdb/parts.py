# SPDX-License-Identifier: GPL-2.0
# Batch gdb tests (labs/<id>/gdb_*.py, the walkthroughs, the pictures): TAP-like lines, a
# summary, and gdb's exit status. Sourced by tools/gdb/lab.py, in gdb's __main__.
#
# A test is a part: a generator that sets its breakpoints and yields where it would have
# said 'continue' (a guest that ends raises gdb.error at that yield, as 'continue' does).
# part(fn) runs it at once, or, in a session (LAB_SESSION set: tools/mk/session.mk), keeps it
# for session_end(), which runs every part on one boot: each part's breakpoints are armed
# together, and a stop resumes the parts whose breakpoints it hit, the others' disabled meanwhile
# (a 'finish' of one is not cut short by another's). Each part keeps its own tally and verdict.
# At a stop that several parts share, they resume in the order they were given (the session
# gives the walkthrough and the picture, which only look, before the gdb tests). A part runs on
# to a function's return with 'yield from finish()', not gdb's 'finish', during which the
# other parts' stops would be off. load() runs a test in a namespace of its own, so that two
# parts' helpers of one name do not meet.
import os

import gdb

results = []
verdicts = []
SESSION = bool(os.environ.get("LAB_SESSION"))


def check(name, cond, detail=""):
    results.append(bool(cond))
    gdb.write("%s %d %s%s\n" % ("ok" if cond else "not ok", len(results), name,
                                "" if cond else " # " + detail))


def report(title):
    failed = results.count(False)
    gdb.write("%s: %d passed, %d failed\n" % (title, len(results) - failed, failed))
    if SESSION:
        verdicts.append((title, failed))
        return
    try:
        gdb.execute("kill", to_string=True)
    except gdb.error:
        pass    # the guest has already finished (the orphan test lets it run to the end)
    gdb.execute("quit %d" % (1 if failed else 0))


def drive(gen):
    """Run a part alone: 'continue' at each yield; returns what the generator returns."""
    exc = None
    while True:
        try:
            gen.throw(exc) if exc else next(gen)
        except StopIteration as end:
            return end.value
        exc = None
        try:
            gdb.execute("continue", to_string=True)
        except gdb.error as e:
            exc = e


def finish():
    """Run on to the return of the function the guest is stopped at the first instruction of,
    into its caller (a breakpoint at the return address, for this stack: $sp is back where it
    was); the return value is then in r0."""
    sp = int(gdb.parse_and_eval("$sp")) & 0xFFFFFFFF
    lr = int(gdb.parse_and_eval("$lr")) & 0xFFFFFFFE
    back = gdb.Breakpoint("*0x%x" % lr)
    back.condition = "$sp == 0x%x" % sp
    yield
    back.delete()


def load(path):
    """Run the test script PATH in a copy of gdb's __main__ (this file's globals)."""
    ns = dict(globals())
    with open(path) as f:
        exec(compile(f.read(), path, "exec"), ns)


class Part:
    def __init__(self, fn):
        self.name, self.gen, self.results, self.bps, self.done = fn.__name__, fn(), [], set(), False


PARTS = []
CURRENT = None


def part(fn):
    """Run the test FN (a generator function) now, or keep it for the session."""
    if SESSION:
        PARTS.append(Part(fn))
    else:
        drive(fn())


def numbers():
    return {b.number for b in gdb.breakpoints()}


def forget(p=None):
    """Delete the breakpoints of part P, or of the running part (alone: all of them)."""
    p = p or CURRENT
    for b in gdb.breakpoints():
        if p is None or b.number in p.bps:
            b.delete()
    if p:
        p.bps = set()


def advance(p, exc=None):
    """Resume part P at its yield (raising EXC there), the other parts' breakpoints disabled."""
    global CURRENT, results
    for b in gdb.breakpoints():
        b.enabled = b.number not in {n for q in PARTS if q is not p for n in q.bps}
    before, CURRENT, results = numbers(), p, p.results
    try:
        p.gen.throw(exc) if exc else next(p.gen)
    except StopIteration:
        p.done = True
    except Exception as e:  # a part that dies fails alone; the others go on
        gdb.write("session: part %s stopped: %s: %s\n" % (p.name, type(e).__name__, e))
        verdicts.append((p.name, 1))
        p.done = True
    after = numbers()
    p.bps = (p.bps | (after - before)) & after
    CURRENT = None
    if p.done:
        forget(p)


class GuestGone(gdb.error):
    """Raised at a part's yield when the guest has ended: 'continue' would have failed."""


def session_end():
    """Run the session's parts on this boot, then let the guest run to its end (its tests'
    report is graded from the console), and quit with the parts' verdict."""
    for p in PARTS:
        advance(p)
    gone = None
    while not gone and not all(p.done for p in PARTS):
        # What stopped the guest: the breakpoints whose hit count grew. (A stop event names
        # every breakpoint at the address, those whose condition failed too.)
        counts = {}
        for b in gdb.breakpoints():
            b.enabled, counts[b.number] = True, b.hit_count
        try:
            gdb.execute("continue", to_string=True)
        except gdb.error as e:  # QEMU exits when the guest powers off
            gone = e
        hit = {b.number for b in gdb.breakpoints() if b.hit_count > counts.get(b.number, 0)}
        for p in PARTS:
            if not p.done and (gone or p.bps & hit):
                advance(p, GuestGone(str(gone)) if gone else None)
    gdb.execute("delete", to_string=True)
    if not gone:
        try:
            gdb.execute("continue", to_string=True)
        except gdb.error:
            pass
    bad = [t for t, f in verdicts if f]
    gdb.write("session: %d parts, %s\n" % (len(verdicts), "failed: " + ", ".join(bad) if bad
                                           else "all passed"))
    gdb.execute("quit %d" % (1 if bad else 0))
