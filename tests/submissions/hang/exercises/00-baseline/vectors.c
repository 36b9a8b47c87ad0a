// SPDX-License-Identifier: GPL-2.0
/* A bad submission for the grader's tests: it hangs before the harness even starts. */
#include "vectors.h"

__attribute__((constructor)) static void spin(void)
{
	for (volatile int i = 0;; i++)
		;
}

int decode_vectors(struct vec v[8])
{
	(void)v;
	return -1;
}
