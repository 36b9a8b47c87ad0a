// SPDX-License-Identifier: GPL-2.0
/* A wrong reproducer: it fails on every kernel, the fixed one too. */
#include <stdio.h>

int main(void)
{
	printf("repro: the bug is everywhere\n");
	return 1;
}
