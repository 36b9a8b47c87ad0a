// SPDX-License-Identifier: GPL-2.0
/*
 * Reproducer for the signal page of 48be69a026b2 (docs/labs/10-fix-sigpage-cockup.md): exit
 * non-zero on a kernel with the bug, 0 on one without. The bug: the mapping of the signal
 * page keeps a pointer to the exec's dead stack frame, and the page is only faulted in when
 * a handler first returns through the kernel's sigreturn code. glibc always gives its own
 * restorer (SA_RESTORER), so the handler must be installed with the raw system call.
 */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

/* The kernel's struct sigaction on ARM, as rt_sigaction takes it (64-bit mask). */
struct ksigaction {
	void *handler;
	unsigned long flags;
	void *restorer;
	uint32_t mask[2];
};

static volatile int handled;

/* ARM state whatever the userland's default, so that the kernel picks its ARM return code. */
static void __attribute__((target("arm"), noinline)) on_signal(int sig)
{
	(void)sig;
	handled++;
}

int main(void)
{
	/* TODO: install on_signal for SIGUSR1 with syscall(SYS_rt_sigaction, ...) and no
	 * SA_RESTORER, send yourself the signal, and exit 0 only if the handler ran and
	 * returned here (a kernel with the bug kills the process on that return). */
	struct ksigaction ka = { .handler = on_signal };

	if (syscall(SYS_rt_sigaction, SIGUSR1, &ka, NULL, 8)) {
		perror("repro: rt_sigaction");
		return 2;
	}
	kill(getpid(), SIGUSR1);
	printf("repro: the handler ran %d time(s) and returned through the kernel's code\n",
	       handled);
	return handled == 1 ? 0 : 1;
	/* STUB: (void)on_signal; printf("repro: not written yet\n"); return 1; */
}
