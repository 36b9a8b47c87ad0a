# Stage manifest: data only, read by tools/engine.mk and tools/host/grade.
TITLE    := ARM: 7791/1: a.out: remove partial a.out support
UPSTREAM := acfdd4b1f7590d02e9bae3b73bdbbc4a31b05d38
AUTHOR   := Will Deacon
TARGETS  := virt
CODE     := entry.c
MODULES  := umhrun.c
# The test program is also the helper it starts: its ELF entry is the learner's stub.
LDFLAGS  := -Wl,-e,lab_entry
TESTS    := test_entry.c
CHECKS   := entry_regs_recorded:2 helper_starts_with_zero_regs:3 helper_exits_cleanly:2 \
	pipe_helper_starts_with_zero_regs:2
FLIPS    := helper_starts_with_zero_regs helper_exits_cleanly pipe_helper_starts_with_zero_regs
GDB_TESTS := initregs
