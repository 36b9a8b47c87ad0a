# Stage manifest: data only, read by tools/engine.mk and tools/host/grade.
TITLE    := The 3.11-rc3 vector page: stubs at 0xffff0200, one user-readable page
UPSTREAM := lab patches reverting 19accfd37384
TARGETS  := virt
CODE     := vectors.c
TESTS    := test_vectors.c
CHECKS   := vector_page_readable:2 branch_targets_match_system_map:4 reset_vector_is_svc:2 swi_literal_user_readable:2
FLIPS    := reset_vector_is_svc swi_literal_user_readable
