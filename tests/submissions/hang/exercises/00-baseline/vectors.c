// SPDX-License-Identifier: GPL-2.0
/* A bad submission for the grader's tests: the first test that calls it never comes back (the
 * harness's own timeout, then the next test's, outlast the boot's). */
#include "vectors.h"

int decode_vectors(struct vec v[8])
{
	(void)v;
	for (volatile int i = 0;; i++)
		;
	return -1;
}
