// SPDX-License-Identifier: GPL-2.0
/*
 * Look for kernel text addresses in a page that user space can read. Before "ARM: move
 * vector stubs" the vector page held the stubs' branch tables and the vector_swi literal.
 */
#include <setjmp.h>
#include <signal.h>
#include "kptr.h"

static sigjmp_buf fault_env;

static void on_fault(int sig)
{
	siglongjmp(fault_env, sig);
}

int probe_readable(uintptr_t addr)
{
	struct sigaction sa = { .sa_handler = on_fault }, old_segv, old_bus;
	volatile int ok = 0;

	/* TODO: catch SIGSEGV and SIGBUS around one volatile 32-bit load from addr, with
	 * sigsetjmp/siglongjmp; restore the previous handlers before returning. */
	(void)sa; (void)old_segv; (void)old_bus; (void)addr;
	return ok;
}

int kptr_scan(uintptr_t base, uint32_t lo, uint32_t hi, struct kptr *out, int max)
{
	int n = 0;

	/* TODO: return -1 unless the page is readable, then walk it a word at a time and
	 * record every word w with lo <= w < hi. */
	(void)base; (void)lo; (void)hi; (void)out; (void)max; n = -1;
	return n;
}
