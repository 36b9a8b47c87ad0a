# SPDX-License-Identifier: GPL-2.0
# Batch gdb test for 07-fiq-relocation: stop in set_fiq_handler() when fiqmark.ko calls it,
# note the handler it was given, let it run, and find those words where this kernel says FIQ
# code goes (vector_fiq_offset, or the FIQ vector at 0x1c when the kernel has no such
# symbol). The page tables then say who can read them.
import gdb

def fiq():
    # At its first instruction: r0 and r1 are the arguments, lr the return (finish()).
    gdb.execute("break *0x%x" % sym_addr("set_fiq_handler"), to_string=True)
    yield
    frame = gdb.selected_frame()
    check("stopped in set_fiq_handler", frame.name() == "set_fiq_handler", frame.name())
    start = int(gdb.parse_and_eval("$r0")) & 0xFFFFFFFF
    length = int(gdb.parse_and_eval("$r1"))
    handler = [word(start + 4 * i) for i in range(length // 4)]
    gdb.write("handler from 0x%08x, %d bytes: %s\n"
              % (start, length, " ".join("%08x" % w for w in handler)))
    yield from finish()
    at = fiq_address()
    gdb.execute("lab fiq")
    check("the handler is at 0x%08x" % at,
          [word(at + 4 * i) for i in range(len(handler))] == handler)
    hidden = walk(at) is not None and AP[walk(at)["ap"]][1] == "none"
    gdb.write("user space %s read it (%s)\n" % ("cannot" if hidden else "can", access(at)))
    check("it is in the stubs page exactly when the kernel has vector_fiq_offset",
          (page_of(at) == "stubs page") == (sym_addr("vector_fiq_offset") is not None), page_of(at))

    for page in (VECTORS, VECTORS + 0x1000):
        gdb.execute("lab pte 0x%x" % page)
    report("gdb fiq test")


part(fiq)
