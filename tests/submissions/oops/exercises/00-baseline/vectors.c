// SPDX-License-Identifier: GPL-2.0
/*
 * A bad submission for the grader's tests: it brings the guest down. It sets
 * vm.panic_on_oom, then takes memory until the kernel runs out: the kernel panics.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vectors.h"

int decode_vectors(struct vec v[8])
{
	FILE *f = fopen("/proc/sys/vm/panic_on_oom", "w");

	(void)v;
	if (f) {
		fputs("1\n", f);
		fclose(f);
	}
	for (char *p; (p = malloc(1 << 20)); )
		memset(p, 1, 1 << 20);
	return -1;
}
