# Stage manifest: data only, read by tools/engine.mk and tools/host/grade.
TITLE      := ARM: fix a cockup in 48be69a02 (ARM: move signal handlers into a vdso-like page)
# The title is in the 3.10.6 shortlog; the hash, author, date and message are not known to the
# lab (see the docs page): the patch is a stand-in authored by the lab.
UPSTREAM   := unknown
AUTHOR     := unknown; the patch is authored by the lab
TARGETS    := virt virt-nokuser
CODE_STAGE := 08-sigpage
CODE       := sigret.c
TESTS      := test_sigreturn.c 07-fiq-relocation/test_kuser.c
CHECKS     := sigpage_return_comes_back:3 sigpage_readable_through_proc_mem:2 \
	kuser_version_matches_kernel:2 kuser_get_tls_reads_tls:2 kuser_cmpxchg_is_atomic:2
FLIPS      := sigpage_return_comes_back sigpage_readable_through_proc_mem
# Below this stage the first fault on a signal page reads a dead stack slot and oopses.
OOPS_BEFORE := special_mapping_fault
# On 6.12 the stale slot usually holds a pointer into live kernel memory: special_mapping_fault()
# takes a reference on it (get_page() writes there) and maps it, and the kernel oopses later,
# wherever that memory is used next (measured: in finish_task_switch() after a fork).
OOPS_BEFORE@6.12 := Internal error: Oops
GDB_TESTS  := sigpage_array
# The reproducer exercise: exercises/<id>/repro.c must fail on the kernel below, pass here.
REPRO      := repro.c:4
# The bisect exercise: between these stages the reproducer first fails at the last one.
BISECT     := 00-baseline 09-vectors-inaccessible 08-sigpage
