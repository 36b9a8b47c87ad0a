# Stage manifest: data only, read by tools/engine.mk and tools/host/grade.
TITLE    := ARM: make vectors page inaccessible from userspace
UPSTREAM := a5463cd3435475386cbbe7b06e01292ac169d36f
AUTHOR   := Russell King
TARGETS  := virt virt-nokuser
CODE     := audit.c
TESTS    := test_audit.c 07-fiq-relocation/test_kuser.c
CHECKS   := audit_counts_match_maps:3 audit_maps_clean:2 kuser_version_matches_kernel:2 \
	kuser_get_tls_reads_tls:2 kuser_cmpxchg_is_atomic:2
# With kuser helpers the commit changes nothing that works, and its typo names every
# anonymous mapping [vectors]: the auditor's clean-maps check must fail here.
FLIPS@virt :=
XFAIL@virt := audit_maps_clean
# Without them the page leaves every process's maps and becomes unreadable.
CHECKS@virt-nokuser := audit_counts_match_maps:3 audit_maps_clean:2 no_vectors_mapping:2 \
	vectors_read_faults:2 kuser_version_matches_kernel:2 kuser_get_tls_reads_tls:2 \
	kuser_cmpxchg_is_atomic:2
FLIPS@virt-nokuser  := no_vectors_mapping vectors_read_faults
GDB_TESTS := gate
PICTURE  := yes
# The written review must quote is_gate_vma(): an assignment where a comparison was meant.
BUG_HUNK := 0001 3
