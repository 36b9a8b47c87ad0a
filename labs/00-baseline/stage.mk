# Stage manifest: data only, read by tools/engine.mk and tools/host/grade.
TITLE    := Linux 6.1 turned back into 3.11-rc3 where the later stages change it
UPSTREAM := 13 lab patches: 11 revert (the 6.1 form of) 19accfd37384, e94bd3490f4e, "fs: Fix file \
	mode for O_TMPFILE", 48be69a026b2, a5463cd34354, e39e3f3ebfef, b6992fa9a748, \
	acfdd4b1f759, bed859c1eea8, bdae73cd374e and "ARM: Fix !kuser helpers case"; two are lab \
	instrumentation, a prompt for CONFIG_FIQ (0007) and an ARMv6 kernel without ARMv6K (0013)
TARGETS  := virt
CODE     := vectors.c
TESTS    := test_vectors.c
CHECKS   := vector_page_readable:2 branch_targets_match_system_map:4 reset_vector_is_svc:2 \
	swi_literal_user_readable:2
FLIPS    := reset_vector_is_svc swi_literal_user_readable
GDB_TESTS := vectors
PICTURE  := yes
