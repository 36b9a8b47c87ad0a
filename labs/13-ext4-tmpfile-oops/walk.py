# SPDX-License-Identifier: GPL-2.0
# Walkthrough of 13-ext4-tmpfile-oops (tools/gdb/walk.py): the O_TMPFILE inode as ext4_tmpfile()
# puts it on the orphan list, the orphan code's assertion evaluated on it in gdb, and what the
# kernel does next. 14-tmpfile-mode sources this file for its helpers and gives its own walk.
S_IFMT, S_IFREG, S_IFDIR, S_IFLNK = 0o170000, 0o100000, 0o040000, 0o120000


def inode():
    i = gdb.parse_and_eval("inode")
    mode, nlink = int(i["i_mode"]), int(i["__i_nlink"])
    typed = mode & S_IFMT in (S_IFREG, S_IFDIR, S_IFLNK)
    KEPT.update(mode=mode, nlink=nlink, holds=typed or nlink == 0)
    kind = {S_IFREG: "regular", 0: "no file type"}.get(mode & S_IFMT, "another type")
    return ("inode %d: i_mode %06o (%s), i_nlink %d\n"
            "ASSERT((S_ISREG || S_ISDIR || S_ISLNK) || i_nlink == 0): %s\n" % (
                int(i["i_ino"]), mode, kind, nlink,
                "holds" if KEPT["holds"] else "FAILS: the kernel will BUG()"))


def ended():
    frame = gdb.selected_frame().name()
    if frame == "die":
        return "die(\"%s\")\n" % gdb.parse_and_eval("(char *)$r0").string()
    return "the guest reached %s: no BUG\n" % frame


ORPHAN = dict(at="ext4_orphan_add", cond='$_caller_is("ext4_tmpfile")', show=["lx-mounts", inode])
# lx-mounts prints each mount's and super block's kernel address first: they vary.
MOUNTS = [(r"(?m)^0x[0-9a-f]{8} 0x[0-9a-f]{8} |^ +mount +super_block +", "")]
END = dict(at=("*die",) + AFTER, show=[ended],
           checks=[("the kernel BUGs exactly when the assertion fails",
                    lambda: (gdb.selected_frame().name() == "die", not KEPT["holds"]))])

walkthrough(
    Stop("ext4_tmpfile() puts the new inode on the orphan list", **ORPHAN,
         says="""The exercise's first open(O_TMPFILE) on /mnt/ext4. The inode has no name, so
         ext4 keeps it on the orphan list until it is linked or closed (`lx-mounts`: /mnt/ext4 is
         /dev/vda), and the orphan code
         asserts that only a regular file, a directory or a symlink, or an inode with no links,
         goes there. With the commit d_tmpfile() has already run: the link count is 0 and the
         assertion holds. Below, d_tmpfile() comes later, i_nlink is still 1, and the inode has no
         type (the baseline's O_TMPFILE mode is 0): the assertion fails.""",
         checks=[("the inode is on the ext4 disk (/dev/vda)",
                  lambda: (gdb.parse_and_eval("inode->i_sb->s_id").string(), "vda")),
                 ("it has no file type, and at most the one link it was created with",
                  lambda: KEPT["mode"] & S_IFMT == 0 and KEPT["nlink"] in (0, 1))]),
    Stop("the BUG, or the end of the run", **END,
         says="""On this stage the run goes on to power-off; below, the failed assertion is a
         BUG(): die("Oops - undefined instruction"), the undefined instruction that BUG() plants.
         What the commit left is the typeless inode itself: 14-tmpfile-mode gives it S_IFREG."""),
    masks=MOUNTS)
