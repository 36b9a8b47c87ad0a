// SPDX-License-Identifier: GPL-2.0
/* Exercise 04-machine-sort: a checker for the sorted machine- list of arch/arm/Makefile. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "machsort.h"

#define MAX_ENTRIES 512

/* 1 and *e filled if line is one entry of the block, else 0. */
static int parse_line(const char *line, struct machsort_entry *e)
{
	char tail[8];
	int n = 0;

	/* TODO: accept "machine-$(CONFIG_NAME)", blanks (any mix of ' ' and '\t'), "+=",
	 * blanks, the directory, optional trailing blanks; anything else is not an entry. */
	if (sscanf(line, "machine-$(CONFIG_%63[A-Z0-9_])%n", e->config, &n) != 1 || !n)
		return 0;
	line += n;
	line += strspn(line, " \t");
	if (strncmp(line, "+=", 2))
		return 0;
	line += 2;
	if (sscanf(line, " %63s %7s", e->dir, tail) != 1)
		return 0;
	return 1;
	/* STUB: (void)line; (void)e; (void)tail; (void)n; return 0; */
}

int machsort_parse(const char *path, struct machsort_entry *e, int max)
{
	char line[512];
	int lineno = 0, n = 0, in_block = 0;
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		struct machsort_entry cur;

		lineno++;
		/* TODO: store the entries of the first run of machine- lines; stop after it. */
		if (!parse_line(line, &cur)) {
			if (in_block)
				break;
			continue;
		}
		in_block = 1;
		cur.line = lineno;
		if (n < max)
			e[n++] = cur;
		/* STUB: (void)parse_line; (void)cur; (void)in_block; (void)max; (void)e; */
	}
	fclose(f);
	return n ? n : -1;
}

int machsort_report(const char *path, FILE *out)
{
	static struct machsort_entry e[MAX_ENTRIES];
	int n = machsort_parse(path, e, MAX_ENTRIES), bad = 0;

	if (n < 0)
		return -1;
	/* TODO: compare each entry's CONFIG name with the one above it, byte-wise (strcmp,
	 * not strcoll: the C locale does not skip underscores), and print the late ones. */
	for (int i = 1; i < n; i++) {
		if (strcmp(e[i].config, e[i - 1].config) >= 0)
			continue;
		fprintf(out, "%d: machine-$(CONFIG_%s) += %s\n", e[i].line, e[i].config, e[i].dir);
		bad++;
	}
	/* STUB: (void)out; */
	return bad;
}
