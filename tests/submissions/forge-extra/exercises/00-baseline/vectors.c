// SPDX-License-Identifier: GPL-2.0
/*
 * A bad submission for the grader's tests: it decodes nothing and, once the harness has
 * reported its four tests and exits, adds a fifth result that passes.
 */
#include <stdio.h>
#include <stdlib.h>
#include "vectors.h"

static void fake(void)
{
	printf("ok 5 global.reset_vector_is_svc\n");
}

__attribute__((constructor)) static void setup(void)
{
	atexit(fake);
}

int decode_vectors(struct vec v[8])
{
	(void)v;
	return -1;
}
