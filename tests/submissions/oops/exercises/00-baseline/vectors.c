// SPDX-License-Identifier: GPL-2.0
/*
 * A bad submission for the grader's tests: it brings the guest down. It traces init with
 * PTRACE_O_EXITKILL and exits: the kernel kills init, and panics.
 */
#include <sys/ptrace.h>
#include <unistd.h>
#include "vectors.h"

int decode_vectors(struct vec v[8])
{
	(void)v;
	ptrace(PTRACE_SEIZE, 1, 0, PTRACE_O_EXITKILL);
	_exit(1);
}
