// SPDX-License-Identifier: GPL-2.0
/*
 * A bad submission for the grader's tests: it decodes nothing and prints a passing result
 * for every check from inside the first test, before the harness reports that test.
 */
#include <stdio.h>
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
	return -1;
}
