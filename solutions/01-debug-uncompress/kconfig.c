// SPDX-License-Identifier: GPL-2.0
/* Exercise 01-debug-uncompress: a reader for one Kconfig entry. */
#include <stdio.h>
#include <string.h>
#include "kconfig.h"

/* s without its leading tabs and blanks. */
static char *skip(char *s)
{
	return s + strspn(s, " \t");
}

/* Strip the trailing newline and blanks; returns 1 if the line ended in a backslash. */
static int chomp(char *s)
{
	size_t n = strcspn(s, "\n");

	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	s[n] = 0;
	if (n && s[n - 1] == '\\') {
		s[n - 1] = 0;
		return 1;
	}
	return 0;
}

/* Read one logical line (continuations joined) into buf; 0 at end of file. */
static int logical_line(FILE *f, char *buf, size_t len)
{
	char part[512];
	size_t used = 0;

	buf[0] = 0;
	while (fgets(part, sizeof(part), f)) {
		int more = chomp(part);
		char *p = used ? skip(part) : part;

		snprintf(buf + used, len - used, "%s%s", used ? " " : "", p);
		used = strlen(buf);
		if (!more)
			return 1;
	}
	return used > 0;
}

static void attribute(char *line, struct kconfig_entry *e)
{
	static const char *const types[] = { "bool", "tristate", "string", "hex", "int" };
	char *s = skip(line), *q;

	/* TODO: the type line ("bool" or bool "prompt"), "depends on EXPR" and "default ...". */
	for (int i = 0; i < 5; i++) {
		size_t n = strlen(types[i]);

		if (strncmp(s, types[i], n) || (s[n] && s[n] != ' ' && s[n] != '\t'))
			continue;
		snprintf(e->type, sizeof(e->type), "%s", types[i]);
		q = strchr(s, '"');
		if (q && strchr(q + 1, '"'))
			snprintf(e->prompt, sizeof(e->prompt), "%.*s",
				 (int)(strchr(q + 1, '"') - q - 1), q + 1);
		return;
	}
	if (!strncmp(s, "depends on", 10) && e->ndepends < KCONFIG_MAX_DEPS)
		snprintf(e->depends[e->ndepends++], sizeof(e->depends[0]), "%s", skip(s + 10));
	else if (!strncmp(s, "default", 7) && (s[7] == ' ' || s[7] == '\t'))
		e->ndefaults++;
	/* STUB: (void)types; (void)s; (void)q; (void)e; */
}

int kconfig_entry(const char *path, const char *symbol, struct kconfig_entry *e)
{
	char line[2048], want[128];
	int found = 0, in_help = 0;
	FILE *f = fopen(path, "r");

	memset(e, 0, sizeof(*e));
	if (!f)
		return -1;
	snprintf(want, sizeof(want), "config %s", symbol);
	while (logical_line(f, line, sizeof(line))) {
		/* TODO: find the entry, then hand each attribute line to attribute() until a line
		 * starts in column 0; after "help", every indented or empty line is help text. */
		if (!found) {
			found = !strcmp(line, want);
			continue;
		}
		if (line[0] && line[0] != '\t' && line[0] != ' ')
			break;
		if (in_help) {
			size_t n = strlen(e->help);

			snprintf(e->help + n, sizeof(e->help) - n, "%s%s", n ? "\n" : "",
				 skip(line));
			continue;
		}
		if (!strcmp(skip(line), "help") || !strcmp(skip(line), "---help---"))
			in_help = 1;
		else
			attribute(line, e);
		/* STUB: (void)attribute; (void)in_help; (void)want; break; */
	}
	fclose(f);
	/* Help text ends with the entry: drop the blank lines before the next one. */
	for (size_t n = strlen(e->help); n && e->help[n - 1] == '\n'; n--)
		e->help[n - 1] = 0;
	return found ? 0 : -1;
}
