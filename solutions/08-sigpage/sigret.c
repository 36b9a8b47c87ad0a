// SPDX-License-Identifier: GPL-2.0
/*
 * Find the kernel's signal return code from user space. Before "ARM: move signal handlers
 * into a vdso-like page" it sat at a fixed address in the vectors page; after it, in a
 * page of its own, mapped per process. The handler can also leave by siglongjmp(), so
 * that the kernel's code is located without being run.
 */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "sigret.h"

/* The kernel's struct sigaction on ARM, as rt_sigaction takes it (64-bit mask). */
struct ksigaction {
	void *handler;
	unsigned long flags;
	void *restorer;
	uint32_t mask[2];
};

static volatile uintptr_t seen;
static volatile int escape;
static sigjmp_buf back;

/* ARM state whatever the userland's default (armhf builds Thumb), so the kernel picks the
 * ARM rt_sigreturn code; noinline keeps lr on entry the kernel's return address. */
static void __attribute__((target("arm"), noinline)) on_signal(int sig, siginfo_t *si, void *uc)
{
	(void)sig, (void)si, (void)uc;
	/* TODO: record the address this handler will return to; leave with siglongjmp()
	 * to 'back' when asked to escape. */
	seen = (uintptr_t)__builtin_return_address(0);
	if (escape)
		siglongjmp(back, 1);
	/* STUB: seen = 0; */
}

/* Fill out's mapping fields from the /proc/self/maps line holding out->ret. */
static int find_mapping(struct sigret *out)
{
	char line[512];
	FILE *f = fopen("/proc/self/maps", "r");
	int found = 0;

	if (!f)
		return -1;
	/* TODO: parse "start-end perms offset dev inode [name]" lines until one holds
	 * out->ret; copy its bounds and name (empty when the line has none). */
	while (!found && fgets(line, sizeof(line), f)) {
		unsigned long s, e;
		int name_at = 0;

		if (sscanf(line, "%lx-%lx %*s %*s %*s %*s %n", &s, &e, &name_at) < 2 ||
		    out->ret < s || out->ret >= e)
			continue;
		out->start = s, out->end = e;
		line[strcspn(line, "\n")] = 0;
		snprintf(out->name, sizeof(out->name), "%s", name_at ? line + name_at : "");
		found = 1;
	}
	/* STUB: (void)line; */
	fclose(f);
	return found ? 0 : -1;
}

int sigret_probe(struct sigret *out, enum sigret_exit how)
{
	struct ksigaction ka = { .handler = on_signal, .flags = SA_SIGINFO }, old;

	memset(out, 0, sizeof(*out));
	seen = 0;
	escape = how == SIGRET_ESCAPE;
	/* TODO: install on_signal for SIGUSR1 with syscall(SYS_rt_sigaction, ...) (sigset
	 * size 8, no SA_RESTORER), set 'back' with sigsetjmp() (saving the signal mask, which
	 * an escape leaves blocked otherwise), send the signal to yourself, put the old action
	 * back and store what the handler saw in out->ret. */
	if (syscall(SYS_rt_sigaction, SIGUSR1, &ka, &old, 8))
		return -1;
	if (!sigsetjmp(back, 1))
		kill(getpid(), SIGUSR1);
	syscall(SYS_rt_sigaction, SIGUSR1, &old, NULL, 8);
	out->ret = seen;
	/* STUB: (void)ka; (void)old; (void)back; */
	return out->ret ? find_mapping(out) : -1;
}
