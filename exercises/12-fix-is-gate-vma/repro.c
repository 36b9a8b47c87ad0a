// SPDX-License-Identifier: GPL-2.0
/*
 * Reproducer for the is_gate_vma() typo of a5463cd34354 (docs/labs/12-fix-is-gate-vma.md):
 * exit non-zero on a kernel with the typo, 0 on one without. With the kuser helpers built in,
 * arch_vma_name() assigns the gate VMA instead of comparing with it, so every mapping that
 * has no name of its own shows up in /proc/self/maps as [vectors].
 */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

int main(void)
{
	/* TODO: map an anonymous page, find its line in /proc/self/maps, and exit 1 if the
	 * kernel names it [vectors], 0 if it has no name. */
	printf("repro: not written yet\n"); return 1;
}
