// SPDX-License-Identifier: GPL-2.0
/*
 * A bad submission for the grader's tests: inside the first test it prints the rest of a
 * passing report, Totals line included, and kills the harness before it reports anything.
 */
#include <signal.h>
#include <stdio.h>
#include <unistd.h>
#include "vectors.h"

static const char *const checks[] = {
	"vector_page_readable", "branch_targets_match_system_map", "reset_vector_is_svc",
	"swi_literal_user_readable",
};

int decode_vectors(struct vec v[8])
{
	(void)v;
	for (int i = 0; i < 4; i++)
		dprintf(1, "ok %d global.%s\n", i + 1, checks[i]);
	dprintf(1, "# Totals: pass:4 fail:0 xfail:0 xpass:0 skip:0 error:0\n");
	kill(getppid(), SIGKILL);
	_exit(0);
}
