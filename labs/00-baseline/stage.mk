# Stage manifest: data only, read by tools/engine.mk and tools/host/grade.
TITLE    := Linux 6.1 turned back into 3.11-rc3 where the later stages change it
UPSTREAM := lab patches reverting 19accfd37384, e94bd3490f4e and "fs: Fix file mode for O_TMPFILE"
TARGETS  := virt
CODE     := vectors.c
TESTS    := test_vectors.c
CHECKS   := vector_page_readable:2 branch_targets_match_system_map:4 reset_vector_is_svc:2 swi_literal_user_readable:2
FLIPS    := reset_vector_is_svc swi_literal_user_readable
GDB_TESTS := vectors
PICTURE  := yes
