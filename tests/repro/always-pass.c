// SPDX-License-Identifier: GPL-2.0
/* A wrong reproducer: it passes on every kernel, the buggy one too. */
#include <stdio.h>

int main(void)
{
	printf("repro: the bug is nowhere\n");
	return 0;
}
