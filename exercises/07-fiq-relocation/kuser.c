// SPDX-License-Identifier: GPL-2.0
/*
 * Use the kuser helpers when the kernel offers them and do without them when it does not.
 * 3.11 made them optional (CONFIG_KUSER_HELPERS) and, when they are off, the page that held
 * them unreadable: a caller must find out without touching what is not there.
 */
#include <setjmp.h>
#include <signal.h>
#include "kuser.h"

static sigjmp_buf fault_env;

static void on_fault(int sig)
{
	siglongjmp(fault_env, sig);
}

int kuser_version(void)
{
	struct sigaction sa = { .sa_handler = on_fault }, old_segv, old_bus;
	volatile uint32_t v = 0;

	/* TODO: read the word at KUSER_HELPER_VERSION with SIGSEGV and SIGBUS caught
	 * (sigsetjmp/siglongjmp), restore the old handlers, and return it if it is a plausible
	 * version (1 to 64 helpers), else 0: without helpers the word is the page's poison. */
	(void)sa; (void)old_segv; (void)old_bus; (void)v; return -1;
}

uintptr_t kuser_get_tls(void)
{
	/* TODO: call the helper at KUSER_GET_TLS when kuser_version() >= 1; otherwise ask the
	 * compiler (__builtin_thread_pointer()). On ARMv5 (armel) the compiler's answer is
	 * itself a call to that helper; on ARMv7 (armhf) it reads TPIDRURO. */
	return 0;
}

int kuser_cmpxchg(int old, int new, volatile int *ptr)
{
	/* TODO: call the helper at KUSER_CMPXCHG when kuser_version() >= 2; otherwise use
	 * __atomic_compare_exchange_n() (again a helper call on armel, ldrex/strex on armhf). */
	(void)old; (void)new; (void)ptr; return -1;
}
