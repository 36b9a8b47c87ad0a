# SPDX-License-Identifier: GPL-2.0
# Batch gdb test for 03-aout-start-thread: stop at the first user instruction of the
# guest's /init, then of the stage's test program started by execve() and by
# call_usermodehelper(), and show r0-r2 next to the first words of the new stack. The 2013
# start_thread() loaded argc, argv[0] and argv[1] into them; a process's own execve() then
# overwrote r0 with its return value, a kernel thread's did not. 6.1 leaves zeros. Either is
# reported; anything else fails. Stopped in user mode, gdb cannot read kernel memory: each
# start is told apart by its own argv.
import os
import struct

import gdb


def entry_of(path):
    with open(path, "rb") as f:
        return struct.unpack_from("<I", f.read(28), 24)[0]


def string_at(addr):
    """A user string, read a byte at a time: argv sits at the very top of the stack."""
    out = b""
    for a in range(addr, addr + 64):
        try:
            c = bytes(gdb.selected_inferior().read_memory(a, 1))
        except gdb.error:
            return "?"
        if c == b"\0":
            break
        out += c
    return out.decode("latin-1")


def show(who, by_kernel_thread):
    regs = [int(gdb.parse_and_eval("$r%d" % i)) & 0xFFFFFFFF for i in range(3)]
    sp = int(gdb.parse_and_eval("$sp")) & 0xFFFFFFFF
    argc, argv0, argv1 = word(sp), word(sp + 4), word(sp + 8)
    gdb.write("%s, first instruction: r0=%#x r1=%#x r2=%#x\n" % (who, *regs))
    gdb.write("  stack at %#x: argc=%d argv[0]=%#x \"%s\" argv[1]=%#x\n" %
              (sp, argc, argv0, string_at(argv0), argv1))
    # What the 2013 start_thread() left, after the return path had its say about r0.
    old = [argc if by_kernel_thread else 0, argv0, argv1]
    check("%s: r0-r2 are %s" % (who, "%s, argv[0], argv[1]: the 2013 start_thread loaded them" %
                                ("argc" if by_kernel_thread else "0 (execve's return value)")
                                if regs == old else "zero: start_thread leaves them cleared"),
          regs in (old, [0, 0, 0]), "neither the stack words nor zeros")


def initregs():
    init = entry_of(os.environ["LABINIT"])
    helper = entry_of(os.path.join(os.environ["GUEST"], "test_entry"))
    # An address may be code of other programs too, hot code even (each build of the lab's /init
    # moves its entry): /init's breakpoint goes once /init has started, the only time it counts.
    bps = {addr: gdb.Breakpoint("*0x%x" % addr) for addr in {init, helper}}
    seen = set()
    for _ in range(200):
        yield
        pc = int(gdb.parse_and_eval("$pc")) & 0xFFFFFFFF
        sp = int(gdb.parse_and_eval("$sp")) & 0xFFFFFFFF
        argc = word(sp)
        # The same address may be code of another program: only a fresh stack counts.
        args = [string_at(word(sp + 4 + 4 * i)) for i in range(argc)] if 0 < argc < 4 else []
        if pc == init and args[:1] == ["/init"] and "init" not in seen:
            show("/init, started by the kernel", True)
            seen.add("init")
            if init != helper:
                bps[init].delete()
        elif pc == helper and args[1:] == ["--helper", "/tmp/exec.rec"] and "exec" not in seen:
            show("test_entry, started by execve() in a process", False)
            seen.add("exec")
        elif pc == helper and args[1:] == ["--helper", "/tmp/umh.rec"]:
            show("test_entry, started by call_usermodehelper()", True)
            seen.add("umh")
            break
    check("stopped in /init and in both starts of the helper", seen == {"init", "exec", "umh"})
    report("gdb initregs test")


part(initregs)
