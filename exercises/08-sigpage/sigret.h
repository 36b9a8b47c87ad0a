/* SPDX-License-Identifier: GPL-2.0 */
/* Review first: answer questions 4, 8 and 11 of docs/checklist.md for this stage's patch. */
/* Exercise 08-sigpage: where does a signal handler return to when user space gives no restorer? */
#ifndef SIGRET_H
#define SIGRET_H
#include <stdint.h>

struct sigret {
	uintptr_t ret;		/* the handler's return address: the kernel's sigreturn code */
	uintptr_t start, end;	/* the line of /proc/self/maps that holds it */
	char name[32];		/* that line's name ("[vectors]", "[sigpage]", ...), "" if none */
};

/* How the handler leaves: back to where the signal came from with siglongjmp(), or by
 * returning, which runs the kernel's sigreturn code. */
enum sigret_exit { SIGRET_ESCAPE, SIGRET_RETURN };

/*
 * Install a SIGUSR1 handler (ARM state, SA_SIGINFO) with the raw rt_sigaction system call
 * and no SA_RESTORER, as glibc never does, raise the signal, and describe where the
 * handler's return address lies. Restores the previous action. 0 on success, else -1.
 */
int sigret_probe(struct sigret *out, enum sigret_exit how);
#endif
