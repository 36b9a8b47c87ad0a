# Stage manifest: data only, read by tools/engine.mk and tools/host/grade.
TITLE      := fs: Fix file mode for O_TMPFILE
# Short hash not checked against a primary source: not confirmed (see the docs page).
UPSTREAM   := ba57ea64cb18
AUTHOR     := not confirmed (the LWN article names Andy Lutomirski as the reporter); the patch is \
	authored by the lab
TARGETS    := virt
DISK       := ext4
CODE_STAGE := 13-ext4-tmpfile-oops
CODE       := publish.c
TESTS      := test_mode.c
CHECKS     := published_file_is_regular:3 e2fsck_clean_after_linkat:2
FLIPS      := published_file_is_regular e2fsck_clean_after_linkat
GDB_TESTS  := 13-ext4-tmpfile-oops/orphan
# The reproducer exercise: exercises/<id>/repro.c must fail on the kernel below, pass here.
REPRO      := repro.c:4
