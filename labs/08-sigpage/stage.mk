# Stage manifest: data only, read by tools/engine.mk and tools/host/grade.
TITLE    := ARM: move signal handlers into a vdso-like page
UPSTREAM := 48be69a026b2c17350a5ef18a1959a919f60be7d
AUTHOR   := Russell King
TARGETS  := virt virt-nokuser
CODE     := sigret.c
TESTS    := test_sigpage.c 07-fiq-relocation/test_kuser.c
CHECKS   := return_address_mapping_found:2 trampoline_in_sigpage:3 sigpage_placement_randomised:2 \
	sigpage_return_oopses:1 kuser_version_matches_kernel:2 kuser_get_tls_reads_tls:2 \
	kuser_cmpxchg_is_atomic:2
FLIPS    := trampoline_in_sigpage sigpage_placement_randomised
# Passes because the kernel is wrong here: the page is installed with a pointer to a
# local variable, and the first fault on it oopses (the expected oops of this stage).
FINDINGS := sigpage_return_oopses
OOPS     := special_mapping_fault
GDB_TESTS := sigpage
# On a recorded boot, replayed: from the oops back to the stale slot's last write, and to &page.
REPLAY_TESTS := stale_slot
PICTURE  := yes
# On 6.12 the first return through the page usually maps a page from a pointer into live
# kernel memory and corrupts it: the kernel dies later, with other checks still to report
# (docs/notes.md, "Linux 6.12"). 10's flip and the gdb tests show the cockup there.
UNSTABLE@6.12 := the stale page pointer corrupts 6.12's memory and the guest dies (docs/notes.md)
# The written review must quote arch_setup_additional_pages(): the address of its local page
# pointer becomes the mapping's page array.
BUG_HUNK := 0001 3
