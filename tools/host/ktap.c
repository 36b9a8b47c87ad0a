// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>
#include "ktap.h"

static const char *const oops_marks[] = {
	"Internal error:", "kernel BUG at", "Unable to handle kernel", "Kernel panic - not syncing",
	"BUG: ", "Assertion failure in", NULL,
};

int ktap_is_oops(const char *s)
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

/* What one test program has reported so far, checked against the harness's structure. */
struct program {
	int plan;		/* its "1..N", -1 before it */
	int results;		/* result lines so far */
	int pass, fail, skip;
	int totals;		/* its "# Totals" line came */
	char why[160];		/* the first break of the structure */
};

static void broke(struct program *p, const char *fmt, int a, int b)
{
	if (!p->why[0])
		snprintf(p->why, sizeof(p->why), fmt, a, b);
}

/* An indented result line: "ok N name", "not ok N name", "ok N # SKIP reason". */
static void check_result(struct program *p, int n, int ok, int skip)
{
	p->results++;
	if (p->plan < 0)
		broke(p, "result %d came before the harness's plan", n, 0);
	else if (n > p->plan)
		broke(p, "result %d is beyond the harness's plan of %d", n, p->plan);
	if (p->totals)
		broke(p, "result %d came after the harness's Totals line", n, 0);
	if (n != p->results)
		broke(p, n < p->results ?
		      "test number %d reported twice (or out of order: result %d)" :
		      "test number %d out of sequence (result %d)", n, p->results);
	if (skip)
		p->skip++;
	else if (ok)
		p->pass++;
	else
		p->fail++;
}

static void check_totals(struct program *p, const char *t)
{
	int pass, fail, xfail, xpass, skip, error;

	if (sscanf(t, "# Totals: pass:%d fail:%d xfail:%d xpass:%d skip:%d error:%d",
		   &pass, &fail, &xfail, &xpass, &skip, &error) != 6)
		return;
	if (p->totals)
		broke(p, "a second Totals line", 0, 0);
	p->totals = 1;
	if (pass != p->pass || fail != p->fail || skip != p->skip || xfail || xpass || error)
		broke(p, "the Totals line says %d passed, the results show %d", pass, p->pass);
	if (p->plan >= 0 && p->results != p->plan)
		broke(p, "the harness planned %d tests, %d were reported", p->plan, p->results);
}

/*
 * The program's own top-level line, from the test runner: "ok N name" for exit status 0,
 * "not ok N name # exit status 1" for the harness's failure exit, anything else abnormal.
 */
static void check_exit(struct program *p, const char *s, int n, int seen)
{
	int ok = s[0] == 'o', status = -1;
	const char *hash = strstr(s, " # ");

	if (!ok && hash)
		sscanf(hash, " # exit status %d", &status);
	if (n != seen)
		broke(p, "top-level result %d out of sequence (expected %d): a forged line", n,
		      seen);
	if (!ok && status != 1)
		broke(p, "the test program did not exit normally", 0, 0);
	else if (!p->totals)
		broke(p, "no \"# Totals\" line from the harness", 0, 0);
	else if (ok ? p->fail > 0 : p->fail == 0)
		broke(p, "the program's exit status %d disagrees with its %d failed tests",
		      ok ? 0 : 1, p->fail);
}

/* Results [first, last) of one program: rejected, with the reason, if its report broke. */
static void judge(struct ktap_report *r, int first, int last, const char *program, const char *why)
{
	for (int i = first; i < last; i++) {
		struct ktap_result *x = &r->res[i];
		char old[sizeof(x->reason)];

		if (program)
			snprintf(x->suite, sizeof(x->suite), "%s", program);
		if (!why[0])
			continue;
		snprintf(old, sizeof(old), "%s", x->reason);
		snprintf(x->reason, sizeof(x->reason), "report rejected: %s\n%s", why, old);
		x->ok = 0;
		x->rejected = 1;
		r->nrejected++;
	}
	if (why[0] && last > first && !r->rejected_why[0])
		snprintf(r->rejected_why, sizeof(r->rejected_why), "%s: %s",
			 program ? program : "a test program", why);
}

int ktap_parse(FILE *f, struct ktap_report *r)
{
	char raw[4096], reason[2048] = "";
	int in_oops = 0, oops_lines = 0, first = 0;
	struct program p = { .plan = -1 };

	memset(r, 0, sizeof(*r));
	r->planned = -1;
	r->cmd_status = -1;
	while (fgets(raw, sizeof(raw), f)) {
		char *s = clean(raw), name[128];
		int n, st;

		snprintf(r->tail[r->ntail % 20], sizeof(r->tail[0]), "%s", s);
		r->ntail++;
		if (in_oops || ktap_is_oops(s)) {
			if (!r->oops || in_oops)
				append(r->oops_text, sizeof(r->oops_text), s);
			r->oops = 1;
			in_oops = !strstr(s, "---[ end") && ++oops_lines < 80;
			continue;
		}
		if (!strncmp(s, "    ", 4)) {		/* a line of one test program */
			char *t = s + 4;

			if (sscanf(t, "1..%d", &n) == 1) {
				if (p.plan >= 0)
					broke(&p, "a second plan line (1..%d)", n, 0);
				else
					p.plan = n;
			} else if (sscanf(t, "ok %d # SKIP%c", &n, name) == 2) {
				check_result(&p, n, 1, 1);
				reason[0] = 0;
			} else if (sscanf(t, "ok %d %127s", &n, name) == 2 ||
				   sscanf(t, "not ok %d %127s", &n, name) == 2) {
				struct ktap_result *x;
				char *dot = strrchr(name, '.');

				check_result(&p, n, t[0] == 'o', 0);
				r->res = realloc(r->res, (r->nres + 1) * sizeof(*r->res));
				x = &r->res[r->nres++];
				memset(x, 0, sizeof(*x));
				snprintf(x->name, sizeof(x->name), "%s", dot ? dot + 1 : name);
				x->ok = t[0] == 'o';
				snprintf(x->reason, sizeof(x->reason), "%s", reason);
				reason[0] = 0;
			} else if (!strncmp(t, "# Totals:", 9)) {
				check_totals(&p, t);
			} else if (!strncmp(t, "# ", 2) && !is_harness_chatter(t + 2)) {
				append(reason, sizeof(reason), t + 2);
			}
		} else if (sscanf(s, "1..%d", &n) == 1 && r->planned < 0) {
			r->planned = n;
		} else if (sscanf(s, "ok %d %127s", &n, name) == 2 ||
			   sscanf(s, "not ok %d %127s", &n, name) == 2) {
			check_exit(&p, s, n, ++r->seen);
			judge(r, first, r->nres, name, p.why);
			first = r->nres;
			memset(&p, 0, sizeof(p));
			p.plan = -1;
			reason[0] = 0;
		} else if (sscanf(s, "lab: command status %d", &st) == 1) {
			r->cmd_status = st;
		} else if (!strcmp(s, "lab: done")) {
			r->done = 1;
		}
	}
	/* A program still running when the log ends: nothing vouches for its results. */
	judge(r, first, r->nres, NULL,
	      "the test program never finished (the guest hung, crashed or timed out)");
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
