# SPDX-License-Identifier: GPL-2.0
# Batch gdb test for the O_TMPFILE stages: stop in ext4_orphan_add() when ext4_tmpfile() calls
# it, evaluate the assertion that guards the orphan list the way the kernel will, and check
# that the kernel agrees: a false assertion must end in "kernel BUG" (die()), a true one must
# return normally. The same test holds for every stage; only the prediction changes.
import gdb

S_IFMT, S_IFREG, S_IFDIR, S_IFLNK = 0o170000, 0o100000, 0o040000, 0o120000


def orphan():
    gdb.execute("break ext4_orphan_add if $_caller_is(\"ext4_tmpfile\")", to_string=True)
    gdb.execute("break die", to_string=True)
    yield
    frame = gdb.selected_frame()
    check("stopped in ext4_orphan_add called by ext4_tmpfile", frame.name() == "ext4_orphan_add",
          frame.name())
    inode = gdb.parse_and_eval("inode")
    mode = int(inode["i_mode"])
    nlink = int(inode["__i_nlink"])
    typed = mode & S_IFMT in (S_IFREG, S_IFDIR, S_IFLNK)
    holds = typed or nlink == 0
    gdb.write("inode %d: i_mode %06o (%s), i_nlink %d\n" % (
        int(inode["i_ino"]), mode, "regular" if mode & S_IFMT == S_IFREG else
        "no file type" if mode & S_IFMT == 0 else "other type", nlink))
    gdb.write("ASSERT((S_ISREG || S_ISDIR || S_ISLNK) || i_nlink == 0): %s\n" % (
        "holds" if holds else "FAILS: the kernel will BUG()"))
    try:
        yield
        where = gdb.selected_frame().name()
    except gdb.error:
        where = "(guest finished)"
    bugged = where == "die"
    gdb.write("next stop: %s\n" % where)
    check("the kernel %s, as the assertion predicts" % ("BUGs" if bugged else "goes on"),
          bugged == (not holds),
          "assertion %s, next stop %s" % ("holds" if holds else "fails", where))

    report("gdb orphan test")


part(orphan)
