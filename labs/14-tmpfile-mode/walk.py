# SPDX-License-Identifier: GPL-2.0
# Walkthrough of 14-tmpfile-mode (tools/gdb/walk.py): the same two stops as 13's walk, whose
# helpers it sources (13's own walkthrough() call is replaced by this one).
gdb.execute("source labs/13-ext4-tmpfile-oops/walk.py")

walkthrough(
    Stop("ext4_tmpfile() puts the new inode on the orphan list", **ORPHAN,
         says="""The same inode as in 13's walk, but build_open_flags() now gives O_TMPFILE the
         caller's mode with S_IFREG, as for O_CREAT: the inode is a regular file, and the
         assertion holds on both counts. Below (13) it holds only because the link count is
         already 0: the inode has no type, and after linkat() e2fsck finds an invalid mode.""",
         checks=[("the inode is a regular file exactly when it has permission bits",
                  lambda: (KEPT["mode"] & S_IFMT == S_IFREG, KEPT["mode"] & 0o7777 != 0)),
                 ("it has no links left: d_tmpfile() came first", lambda: KEPT["nlink"] == 0)]),
    Stop("the end of the run", **END,
         says="""Nothing BUGs on either kernel; the difference is on the disk, which the host's
         e2fsck -fn judges after the run."""),
    masks=MOUNTS)
