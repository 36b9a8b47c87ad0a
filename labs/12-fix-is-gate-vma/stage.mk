# Stage manifest: data only, read by tools/engine.mk and tools/host/grade.
TITLE      := ARM: Fix the world famous typo with is_gate_vma()
# The title is confirmed by stable changelogs; the hash is not known to the lab (see the docs page).
UPSTREAM   := unknown
AUTHOR     := unknown (believed to be Russell King); the patch is authored by the lab
TARGETS    := virt virt-nokuser
CODE_STAGE := 09-vectors-inaccessible
CODE       := audit.c
TESTS      := 09-vectors-inaccessible/test_audit.c 07-fiq-relocation/test_kuser.c
CHECKS     := audit_counts_match_maps:3 audit_maps_clean:2 kuser_version_matches_kernel:2 \
	kuser_get_tls_reads_tls:2 kuser_cmpxchg_is_atomic:2
FLIPS      := audit_maps_clean
# Without kuser helpers the typo is compiled out: on virt-nokuser this stage changes
# nothing, and the run on the kernel below must pass every check to show it.
CHECKS@virt-nokuser := audit_counts_match_maps:3 audit_maps_clean:2 no_vectors_mapping:2 \
	vectors_read_faults:2 kuser_version_matches_kernel:2 kuser_get_tls_reads_tls:2 \
	kuser_cmpxchg_is_atomic:2
FLIPS@virt-nokuser  :=
SAME_BELOW@virt-nokuser := the is_gate_vma() typo is compiled out without CONFIG_KUSER_HELPERS
GDB_TESTS  := 09-vectors-inaccessible/gate
PICTURE  := yes
# The reproducer exercise: exercises/<id>/repro.c must fail on the kernel below, pass here.
REPRO      := repro.c:4
