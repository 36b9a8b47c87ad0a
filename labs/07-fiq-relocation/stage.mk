# Stage manifest: data only, read by tools/engine.mk and tools/host/grade.
TITLE    := ARM: update FIQ support for relocation of vectors
UPSTREAM := e39e3f3ebfef03450cf7bfa7a974a8c61f7980c8
AUTHOR   := Russell King
TARGETS  := virt virt-nokuser
CODE     := kuser.c
MODULES  := fiqmark.c
TESTS    := test_fiq.c test_kuser.c
CHECKS   := module_installs_handler:2 handler_where_kernel_puts_it:3 handler_hidden_from_user:2 \
	kuser_version_matches_kernel:2 kuser_get_tls_reads_tls:2 kuser_cmpxchg_is_atomic:2
FLIPS    := handler_hidden_from_user
GDB_TESTS := fiq
PICTURE  := yes
# The written review must quote set_fiq_handler(): the handler is written through one mapping
# and only the mappings it runs at are flushed (VIVT caches).
BUG_HUNK := 0001 4
