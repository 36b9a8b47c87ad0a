# Stage manifest: data only, read by tools/engine.mk and tools/host/grade.
TITLE    := ARM: move vector stubs
UPSTREAM := 19accfd373847ac3d10623c5d20f948846299741
AUTHOR   := Russell King
TARGETS  := virt
CODE     := kptr.c
TESTS    := test_kptr.c
CHECKS   := probe_detects_faults:2 scan_matches_system_map:4 no_kernel_text_pointers_visible:2 \
	stubs_page_hidden:2
FLIPS    := no_kernel_text_pointers_visible
GDB_TESTS := 00-baseline/vectors
PICTURE  := yes
# The written review (solutions/<id>/review.txt) must quote the hunk that deletes the SWI
# literal with its label: the commit as merged left the vector table loading through it.
BUG_HUNK := 0001 5
