// SPDX-License-Identifier: GPL-2.0
/* A bad submission for the grader's tests: it does not compile. */
#include "vectors.h"

int decode_vectors(struct vec v[8])
{
	return v[0].insn +;
}
