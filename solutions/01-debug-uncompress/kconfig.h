/* SPDX-License-Identifier: GPL-2.0 */
/* Review first: answer questions 2 and 14 of docs/checklist.md for this stage's patch. */
/*
 * Exercise 01-debug-uncompress, part 1: read one entry of a Kconfig file the way a reviewer
 * does — its type, whether it has a prompt, what it depends on, and its help.
 */
#ifndef KCONFIG_H
#define KCONFIG_H

#define KCONFIG_MAX_DEPS 8

struct kconfig_entry {
	char type[16];			/* "bool", "tristate", "string", "hex", "int" */
	char prompt[128];		/* the type line's quoted prompt; "" for a hidden option */
	char depends[KCONFIG_MAX_DEPS][256];	/* each "depends on" expression, lines joined */
	int ndepends;
	int ndefaults;			/* how many "default" lines */
	char help[2048];		/* the help text: lines joined with '\n', unindented */
};

/*
 * Find "config SYMBOL" in the Kconfig file at path and fill e from its attribute lines, up to
 * the next line that starts in column 0 with anything but a tab or a blank. A line ending in
 * a backslash continues on the next. Returns 0, or -1 if the file or the entry is missing.
 */
int kconfig_entry(const char *path, const char *symbol, struct kconfig_entry *e);
#endif
