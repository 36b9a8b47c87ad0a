# Stage manifest: data only, read by tools/engine.mk and tools/host/grade.
TITLE      := ext4: fix a BUG when opening a file with O_TMPFILE flag
UPSTREAM   := e94bd3490f4ef342801cfc76b33d8baf9ccc9437
AUTHOR     := Zheng Liu
TARGETS    := virt
DISK       := ext4
CODE       := publish.c
TESTS      := test_publish.c
CHECKS     := tmpfile_open_survives:2 publishes_content_and_mode:2 no_partial_file_visible:2 \
	falls_back_without_tmpfile:2 published_inode_has_no_type:1 e2fsck_finds_bad_inode:1
FLIPS      := tmpfile_open_survives
# Checks that pass because the kernel is still wrong here: what a reviewer would report.
FINDINGS   := published_inode_has_no_type e2fsck_finds_bad_inode
# The kernel below this stage BUGs on the first O_TMPFILE open: that oops is expected there.
OOPS_BEFORE := kernel BUG at fs/ext4/orphan.c
GDB_TESTS  := orphan
# The reproducer exercise: exercises/<id>/repro.c must fail on the kernel below, pass here.
REPRO      := repro.c:4
# The written review must quote the one hunk: the BUG's symptom silenced, the inode still
# typeless, and an error path that now puts the inode's reference twice.
BUG_HUNK := 0001 1
