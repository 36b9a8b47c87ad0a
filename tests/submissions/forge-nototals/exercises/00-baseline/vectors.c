// SPDX-License-Identifier: GPL-2.0
/*
 * A bad submission for the grader's tests: before main() it prints a report of its own in
 * which every check passes, and exits 0 before the harness runs.
 */
#include <stdio.h>
#include <unistd.h>
#include "vectors.h"

static const char *const checks[] = {
	"vector_page_readable", "branch_targets_match_system_map", "reset_vector_is_svc",
	"swi_literal_user_readable",
};

__attribute__((constructor)) static void forge(void)
{
	printf("TAP version 13\n1..4\n");
	for (int i = 0; i < 4; i++)
		printf("ok %d global.%s\n", i + 1, checks[i]);
	fflush(stdout);
	_exit(0);
}

int decode_vectors(struct vec v[8])
{
	(void)v;
	return -1;
}
