# SPDX-License-Identifier: GPL-2.0
# Batch test of the lab's gdb commands against a live guest stopped in kernel_init.
# Expected values come from vmlinux's own symbols, so the same test holds for every stage:
# the stubs page exists, kernel-only, exactly when System.map puts the stubs there.
import os

import gdb

def run(cmd):
    return gdb.execute(cmd, to_string=True)


def vectors():
    gdb.execute("break kernel_init", to_string=True)
    yield
    und = int(gdb.parse_and_eval("(unsigned int)&vector_und"))
    swi = int(gdb.parse_and_eval("(unsigned int)&vector_swi"))
    hidden = und >= 0xFFFF1000

    # The kernel series the engine built (SERIES, labs/series): the banner names its version.
    out = run("lx-version")
    check("scripts/gdb loaded: lx-version prints the banner",
          out.startswith("Linux version %s." % os.environ["SERIES"]), out)

    out = run("lab vectors")
    gdb.write(out)
    lines = out.splitlines()
    check("vectors: 8 slots decoded", len(lines) == 8, out)
    check("vectors: undef branches to vector_und", "<vector_und>" in lines[1], lines[1])
    check("vectors: swi literal holds vector_swi", "0x%08x <vector_swi>" % swi in lines[2],
          lines[2])
    check("vectors: swi literal in the %s page" % ("stubs" if hidden else "vector"),
          ("(stubs page)" if hidden else "(vector page)") in lines[2], lines[2])

    out = run("lab stubs")
    gdb.write(out)
    check("stubs: vector_irq table starts with __irq_usr", "usr <__irq_usr>" in out, out)

    out = run("lab pte 0xffff0000")
    gdb.write(out)
    check("pte 0xffff0000: user-readable", "user read," in out, out)
    out = run("lab pte 0xffff1000")
    gdb.write(out)
    if hidden:
        check("pte 0xffff1000: kernel-only", "user none, kernel read" in out, out)
    else:
        check("pte 0xffff1000: not mapped", "not mapped" in out, out)

    report("gdb selftest")


part(vectors)
