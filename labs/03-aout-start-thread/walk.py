# SPDX-License-Identifier: GPL-2.0
# Walkthrough of 03-aout-start-thread (tools/gdb/walk.py): r0-r2 at the first user instruction
# of a new program, next to the stack the kernel built for it, started three ways. Stopped in
# user mode, gdb reads no kernel memory: each start is told apart by its own argv. The user
# stack is at a random address: the capture masks it.
import os
import struct


def entry_of(path):
    with open(path, "rb") as f:
        return struct.unpack_from("<I", f.read(28), 24)[0]


def string_at(addr):
    if not addr:
        return ""
    out = b""
    for a in range(addr, addr + 64):    # a byte at a time: argv ends at the top of the stack
        c = bytes(gdb.selected_inferior().read_memory(a, 1))
        if c == b"\0":
            break
        out += c
    return out.decode("latin-1")


def reg(n):
    return int(gdb.parse_and_eval("$" + n)) & 0xFFFFFFFF


def argv():
    sp = reg("sp")
    return [string_at(word(sp + 4 + 4 * i)) for i in range(min(word(sp), 4))]


def init_entry():
    """*(/init's ELF entry point)"""
    return "*0x%x" % entry_of(os.environ["LABINIT"])


def helper_entry():
    """*(test_entry's ELF entry point)"""
    return "*0x%x" % entry_of(os.path.join(os.environ["GUEST"], "test_entry"))


def init():
    """argv is /init"""
    return argv()[:1] == ["/init"]


def started(record):
    def cond():
        return argv()[1:] == ["--helper", record]
    cond.__doc__ = "argv is test_entry --helper " + record
    return cond


def regs():
    sp = reg("sp")
    return ("r0 %#010x  r1 %#010x  r2 %#010x  sp %#010x\n"
            "stack: argc %d, argv[0] %#010x \"%s\", argv[1] %#010x \"%s\"\n" % (
                reg("r0"), reg("r1"), reg("r2"), sp, word(sp), word(sp + 4),
                string_at(word(sp + 4)), word(sp + 8), string_at(word(sp + 8))))


def loaded_or_zero(r0):
    """r0-r2 are what the 2013 start_thread loaded from the stack (then r0 as the start's return
    path left it), or all zero as 6.1 leaves them."""
    def check():
        sp = reg("sp")
        got = [reg("r0"), reg("r1"), reg("r2")]
        return got in ([word(sp) if r0 == "argc" else 0, word(sp + 4), word(sp + 8)], [0, 0, 0])
    return check


NAME = "r0-r2 are 0 or what the 2013 start_thread loaded (r0 %s, argv[0], argv[1])"

walkthrough(
    Stop("/init, started by the kernel", at=init_entry,
         cond=init, show=[regs],
         says="""The first instruction of /init. The kernel built its stack: argc, then the argv
         pointers. In 2013 start_thread() also loaded the first three stack words into r0-r2, a
         leftover of a.out, where they were the program's arguments; ELF programs find them on the
         stack. This commit stops that: on this stage r0-r2 are zero.""",
         checks=[(NAME % "argc", loaded_or_zero("argc"))]),
    Stop("test_entry, started by execve() in a process", at=helper_entry,
         cond=started("/tmp/exec.rec"), show=[regs],
         says="""The stage's test program, exec'd by a process. Below this stage r1 and r2 are
         argv[0] and argv[1], but r0 is 0: execve() returns 0, and its return path writes r0 over
         the argc start_thread() loaded.""",
         checks=[(NAME % "0, execve()'s return value", loaded_or_zero("zero"))]),
    Stop("test_entry, started by call_usermodehelper()", at=helper_entry,
         cond=started("/tmp/umh.rec"), show=[regs],
         says="""The same program started by a kernel thread (umhrun.ko's call_usermodehelper()).
         Nothing writes a return value over r0 here, so below this stage the helper starts with
         argc in r0. glibc's _start takes r0 as a function to run at exit (the dynamic linker's
         finaliser): when main() returns it calls address 3, and the helper dies of SIGSEGV (wait
         status 0xb). On this stage all three are zero.""",
         checks=[(NAME % "argc", loaded_or_zero("argc"))]),
    # The stack's place varies from boot to boot; each entry point's address, with the lab's
    # own /init and test programs (each change to them moves it).
    bases=[], masks=[(r"0xbe[0-9a-f]{6}", "0xbe______"),
                     (r"stopped in 0x[0-9a-f]{8}", "stopped in the ELF entry point")])
