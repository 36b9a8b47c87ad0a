// SPDX-License-Identifier: GPL-2.0
/*
 * A /proc/<pid>/maps auditor. The kernel names a mapping in show_map_vma(): a file, a
 * special mapping's own name, then arch_vma_name(), then [heap] and [stack]. Whatever
 * arch_vma_name() says wins over the last two, so a wrong answer there renames them.
 */
#include <stdio.h>
#include <string.h>
#include "audit.h"

int maps_audit(const char *path, struct maps_audit *a)
{
	char line[512];
	FILE *f = fopen(path, "r");

	memset(a, 0, sizeof(*a));
	if (!f)
		return -1;
	/* TODO: for every "start-end perms offset dev inode [name]" line, count it and its
	 * name; a [vectors] line anywhere but GATE_START-GATE_END is an anomaly. */
	(void)line; fclose(f); return -1;
}
