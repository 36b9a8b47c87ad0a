// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>
#include "ktap.h"

static const char *const oops_marks[] = {
	"Internal error:", "kernel BUG at", "Unable to handle kernel", "Kernel panic - not syncing",
	"BUG: ", "Assertion failure in", NULL,
};

static int is_oops(const char *s)
{
	for (int i = 0; oops_marks[i]; i++)
		if (strstr(s, oops_marks[i]))
			return 1;
	return 0;
}

/* The harness's progress lines, which say nothing about why a test failed. */
static int is_harness_chatter(const char *s)
{
	static const char *const starts[] = { "Starting ", "PASSED:", "FAILED:", "Totals:", NULL };

	for (int i = 0; starts[i]; i++)
		if (!strncmp(s, starts[i], strlen(starts[i])))
			return 1;
	return strstr(s, " RUN ") || strstr(s, "  OK  ") || strstr(s, " FAIL ");
}

/* Drop the printk timestamp and trailing CR/LF. */
static char *clean(char *s)
{
	s[strcspn(s, "\r\n")] = 0;
	if (s[0] == '[') {
		char *e = strchr(s, ']');

		if (e && e - s < 20)
			return e[1] == ' ' ? e + 2 : e + 1;
	}
	return s;
}

static void append(char *dst, size_t size, const char *line)
{
	size_t n = strlen(dst);

	if (n + strlen(line) + 2 < size)
		snprintf(dst + n, size - n, "%s\n", line);
}

int ktap_parse(FILE *f, struct ktap_report *r)
{
	char raw[4096], reason[2048] = "";
	int in_oops = 0, oops_lines = 0, first = 0, last = 0;

	memset(r, 0, sizeof(*r));
	r->planned = -1;
	r->cmd_status = -1;
	while (fgets(raw, sizeof(raw), f)) {
		char *s = clean(raw), name[128];
		int n, st;

		snprintf(r->tail[r->ntail % 20], sizeof(r->tail[0]), "%s", s);
		r->ntail++;
		if (in_oops || is_oops(s)) {
			if (!r->oops || in_oops)
				append(r->oops_text, sizeof(r->oops_text), s);
			r->oops = 1;
			in_oops = !strstr(s, "---[ end") && ++oops_lines < 80;
			continue;
		}
		if (!strncmp(s, "    ", 4)) {		/* a line of one test program */
			char *t = s + 4;

			if (sscanf(t, "ok %d %127s", &n, name) == 2 ||
			    sscanf(t, "not ok %d %127s", &n, name) == 2) {
				struct ktap_result *x;
				char *dot = strrchr(name, '.');

				r->res = realloc(r->res, (r->nres + 1) * sizeof(*r->res));
				x = &r->res[r->nres++];
				memset(x, 0, sizeof(*x));
				snprintf(x->name, sizeof(x->name), "%s", dot ? dot + 1 : name);
				x->ok = t[0] == 'o';
				snprintf(x->reason, sizeof(x->reason), "%s", reason);
				reason[0] = 0;
				last = r->nres;
			} else if (!strncmp(t, "# ", 2) && !is_harness_chatter(t + 2)) {
				append(reason, sizeof(reason), t + 2);
			}
		} else if (sscanf(s, "1..%d", &n) == 1 && r->planned < 0) {
			r->planned = n;
		} else if (sscanf(s, "ok %d %127s", &n, name) == 2 ||
			   sscanf(s, "not ok %d %127s", &n, name) == 2) {
			r->seen++;
			for (int i = first; i < last; i++)
				snprintf(r->res[i].suite, sizeof(r->res[i].suite), "%s", name);
			first = last;
			reason[0] = 0;
		} else if (sscanf(s, "lab: command status %d", &st) == 1) {
			r->cmd_status = st;
		} else if (!strcmp(s, "lab: done")) {
			r->done = 1;
		}
	}
	return 0;
}

const struct ktap_result *ktap_find(const struct ktap_report *r, const char *name)
{
	for (int i = 0; i < r->nres; i++)
		if (!strcmp(r->res[i].name, name))
			return &r->res[i];
	return NULL;
}

void ktap_free(struct ktap_report *r)
{
	free(r->res);
	r->res = NULL;
}
