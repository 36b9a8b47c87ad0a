/* SPDX-License-Identifier: GPL-2.0 */
/* Review first: answer question 14 of docs/checklist.md for this stage's patch. */
/*
 * Exercise 04-machine-sort: check the machine-$(CONFIG_...) block of arch/arm/Makefile, which
 * its own comment says is sorted by CONFIG_* name.
 */
#ifndef MACHSORT_H
#define MACHSORT_H
#include <stdio.h>

#define MACHSORT_NAME 64

struct machsort_entry {
	int line;			/* 1-based line number in the Makefile */
	char config[MACHSORT_NAME];	/* the full symbol without CONFIG_, e.g. ARCH_VERSATILE */
	char dir[MACHSORT_NAME];	/* the mach- directory, e.g. versatile */
};

/*
 * Parse the block: the run of "machine-$(CONFIG_X) += dir" lines (tabs and spaces mixed
 * freely around "+=") that ends at the first line that is not one. Only the first such run
 * in the file counts. Returns the number of entries stored in e (at most max), or -1 if the
 * file cannot be read or has no machine- line.
 */
int machsort_parse(const char *path, struct machsort_entry *e, int max);

/*
 * Print "LINE: machine-$(CONFIG_X) += dir" to out for every entry whose CONFIG name sorts
 * before the entry above it (byte-wise, as LC_ALL=C sort does). Returns how many it printed,
 * or -1 as machsort_parse does.
 */
int machsort_report(const char *path, FILE *out);
#endif
