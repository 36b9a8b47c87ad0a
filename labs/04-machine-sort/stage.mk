# Stage manifest: data only, read by tools/engine.mk and tools/host/grade.
TITLE    := ARM: Fix sorting of machine- initializers
UPSTREAM := 6eddacae385052c7a1f4f60ffdf0eeec88088ad0
AUTHOR   := Russell King
# Nothing to boot: the commit only reorders a list in arch/arm/Makefile.
TARGETS  := host
CODE     := machsort.c
TESTS    := test_machsort.c
CHECKS   := parses_the_block:2 reports_inversions_with_line_numbers:3 report_matches_awk:2 \
	machine_block_sorted:2
FLIPS    := machine_block_sorted
