# Stage manifest: data only, read by tools/engine.mk and tools/host/grade.
TITLE    := ARM: 7790/1: Fix deferred mm switch on VIVT processors
UPSTREAM := bdae73cd374e28db544fdd9b77de689a36e3c129
AUTHOR   := Catalin Marinas
TARGETS  := versatile
CODE     := victim.c
MODULES  := switchwin.c
TESTS    := test_switch.c
CHECKS   := victim_runs_inside_the_window:2 probe_agrees_with_ttbr0:2 \
	control_victim_reads_own_page:1 victim_reads_own_page:3
FLIPS    := victim_reads_own_page
GDB_TESTS := switchmm
