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
	char line[512], name[64];
	unsigned long start, end, at;
	void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	FILE *f = fopen("/proc/self/maps", "r");

	if (p == MAP_FAILED || !f) {
		perror("repro: mmap or /proc/self/maps");
		return 2;
	}
	at = (unsigned long)p;
	while (fgets(line, sizeof(line), f)) {
		name[0] = 0;
		if (sscanf(line, "%lx-%lx %*s %*s %*s %*s %63s", &start, &end, name) < 2 ||
		    at < start || at >= end)
			continue;
		printf("repro: an anonymous page: %s", line);
		return strcmp(name, "[vectors]") ? 0 : 1;
	}
	printf("repro: the page is not in /proc/self/maps\n");
	return 2;
	/* STUB: printf("repro: not written yet\n"); return 1; */
}
