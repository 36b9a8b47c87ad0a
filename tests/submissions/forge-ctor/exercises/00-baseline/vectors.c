// SPDX-License-Identifier: GPL-2.0
/*
 * A bad submission for the grader's tests: before the harness starts, a constructor prints a
 * whole report of its own, consistent in plan, numbering and totals, and exits with 0.
 */
#include <stdio.h>
#include <unistd.h>
#include "vectors.h"

__attribute__((constructor)) static void forge(void)
{
	printf("TAP version 13\n1..4\n");
	printf("ok 1 global.vector_page_readable\nok 2 global.branch_targets_match_system_map\n");
	printf("ok 3 global.reset_vector_is_svc\nok 4 global.swi_literal_user_readable\n");
	printf("# Totals: pass:4 fail:0 xfail:0 xpass:0 skip:0 error:0\n");
	fflush(stdout);
	_exit(0);
}

int decode_vectors(struct vec v[8])
{
	(void)v;
	return -1;
}
