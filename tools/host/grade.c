// SPDX-License-Identifier: GPL-2.0
/*
 * Grade one boot of a lab guest: the stage's checks (from its manifest) against the KTAP
 * report in the serial log. Prints a score table, writes Gradescope results.json and JUnit
 * XML, and decides the verdict for what the run was meant to show:
 *   all   every check passes (a solution on its own stage)
 *   zero  no check passes (a skeleton)
 *   flip  every FLIPS check fails (the stage's solution on the kernel before the stage)
 * XFAIL checks are the review finding of a stage whose kernel is wrong: they score nothing,
 * must fail on their own stage and must pass on the kernel before it. An oops is expected
 * only where the manifest says so: OOPS on the stage's own kernel, OOPS_BEFORE below it.
 * SAME_BELOW (a reason) marks a target on which the stage changes nothing: there, the
 * kernel below must pass every check as well.
 * An oops, a guest that never finished, or a missing result is never a pass; nor is a result
 * whose program's report breaks the harness's structure (ktap.h: the learner's code can print).
 * --fail REASON grades a run that never happened (code that does not compile, a submission
 * refused): every check fails with that reason, in the same reports.
 * --questions TEMPLATE --answers FILE: whether the learner's FILE answers each review question
 * of the stage's TEMPLATE (answers.h), in the score table and results.json; never scored.
 * --review FILE --patches DIR: what the learner's written review quotes of the stage's patches
 * in DIR, and whether it quotes the hunk the manifest's BUG_HUNK names (review.h), in the score
 * table, results.json (with the whole text) and junit.xml; never scored. Without --log or
 * --fail, the review alone is checked, and the exit status says whether it passes every
 * mechanical check (make check-reviews holds the reference reviews to it).
 * --repro "BELOW:STATUS STAGE:STATUS" grades a reproducer exercise instead (grade_repro()),
 * and --bisect FILE the bisect exercise with it.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "answers.h"
#include "ktap.h"
#include "manifest.h"
#include "review.h"
#include "stagecheck.h"

enum expect { EXPECT_ALL, EXPECT_ZERO, EXPECT_FLIP };

struct opts {
	const char *manifest, *target, *log, *host, *json, *junit, *decode, *label, *fail;
	const char *questions, *answers, *review, *patches;
	const char *repro;	/* "BELOW:STATUS STAGE:STATUS": a reproducer's two boots */
	const char *bisect;	/* the learner's bisect.txt, for a stage with BISECT */
	enum expect expect;
};

/* One check's outcome, decided once and read by the table, the verdict and both reports. */
struct outcome {
	const struct check *check;
	const struct ktap_result *result;	/* NULL: never reported */
	int pass, flip, xfail, finding;
	int points;				/* what it scores now (an XFAIL check: nothing) */
	int max;
	const char *why;			/* the reason shown when it does not pass */
};

struct run {
	struct opts o;
	struct manifest m;
	struct ktap_report k;
	struct answers ans;
	struct review rev;			/* when o.review is set */
	struct outcome out[32];
	int score, max, passed, xpassed, flips_ok, expected_oops;
	char no_run[1024];			/* --fail: why there was no run */
	char verdict[512];
};

static const char *const XFAIL_WHY = "expected to fail here: the review finding of this stage\n";

/* Write s escaped for a JSON string (xml 0) or XML text and attributes (xml 1). */
static void esc(FILE *f, const char *s, int xml)
{
	for (; *s; s++) {
		unsigned char c = *s;
		const char *rep;

		if (xml)
			rep = c == '<' ? "&lt;" : c == '>' ? "&gt;" : c == '&' ? "&amp;" :
			      c == '"' ? "&quot;" : NULL;
		else
			rep = c == '"' ? "\\\"" : c == '\\' ? "\\\\" : c == '\n' ? "\\n" : NULL;
		if (rep)
			fputs(rep, f);
		else if (c < 0x20 && c != '\n')
			fprintf(f, xml ? "?" : "\\u%04x", c);
		else
			fputc(c, f);
	}
}

static const char *reason_of(const struct run *x, const struct ktap_result *r)
{
	if (!r && x->o.fail)
		return x->no_run;
	if (!r)
		return x->k.done ? "not reported: its test program crashed or stopped first\n" :
		       "not reported: the guest did not finish (a hang, a crash or the timeout)\n";
	return r->ok ? "" : (*r->reason ? r->reason : "failed without a message\n");
}

/* Each check's outcome, and the score. */
static void score(struct run *x)
{
	x->flips_ok = 1;
	for (int i = 0; i < x->m.nchecks; i++) {
		struct outcome *c = &x->out[i];

		c->check = &x->m.checks[i];
		c->result = ktap_find(&x->k, c->check->name);
		c->pass = c->result && c->result->ok;
		c->flip = manifest_is_flip(&x->m, c->check->name);
		c->xfail = manifest_is_xfail(&x->m, c->check->name);
		c->finding = manifest_in(&x->m, "FINDINGS", c->check->name);
		/* An XFAIL check scores nothing: the kernel, not the code, decides it. */
		c->max = c->xfail ? 0 : c->check->points;
		c->points = c->pass ? c->max : 0;
		c->why = c->xfail ? XFAIL_WHY : reason_of(x, c->result);
		x->xpassed += c->xfail && c->pass;
		if (c->xfail)
			continue;
		x->max += c->max, x->score += c->points, x->passed += c->pass;
		x->flips_ok &= !(c->flip && c->pass);
	}
}

static void print_review(const struct run *x);

static void print_table(const struct run *x)
{
	printf("%s\n  %-40s %7s  %s\n", x->o.label, "check", "points", "result");
	for (int i = 0; i < x->m.nchecks; i++) {
		const struct outcome *c = &x->out[i];
		char buf[2048], *line, *save;

		if (c->xfail) {
			printf("  %-40s %7s  %s   (%.*s)\n", c->check->name, "-",
			       c->pass ? "pass" : "FAIL", (int)strlen(XFAIL_WHY) - 1, XFAIL_WHY);
			continue;
		}
		printf("  %-40s %3d/%-3d  %s%s%s\n", c->check->name, c->points, c->max,
		       c->pass ? "pass" : "FAIL", c->flip ? "   (flips at this stage)" : "",
		       c->finding ? "   (review finding: the kernel is still wrong here)" : "");
		snprintf(buf, sizeof(buf), "%s", c->pass ? "" : c->why);
		for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
			printf("      %s\n", line);
	}
	printf("  score %d/%d\n", x->score, x->max);
	if (x->ans.n)
		printf("  review and gdb answers in %s (not scored):\n", x->o.answers);
	for (int i = 0; i < x->ans.n; i++)
		printf("    %-8s %s%d. %s\n", x->ans.q[i].present ? "present" : "missing",
		       x->ans.q[i].gdb ? "G" : "", x->ans.q[i].num, x->ans.q[i].title);
	if (x->o.review)
		print_review(x);
}

/* The written review's block of the score table. The bug's hunk is not named: finding it is
 * the exercise. */
static void print_review(const struct run *x)
{
	const struct review *r = &x->rev;

	printf("  written review in %s (not scored): %s\n", x->o.review, review_result(r));
	if (r->present && !r->quoted)
		printf("    quote the lines of the patch you comment on, each line beginning "
		       "with \"> \"\n");
	if (!r->quoted)
		return;
	printf("    %d line%s quoted: %d in hunks", r->quoted, r->quoted == 1 ? "" : "s",
	       r->in_hunks);
	for (int i = 0; i < r->nhunks; i++)
		printf("%s%s", i ? ", " : " (", r->hunks[i]);
	printf("%s, %d in the message or headers, %d not in the patch\n", r->nhunks ? ")" : "",
	       r->outside, r->nstray);
	for (int i = 0; i < r->nstray && i < REVIEW_MAX_STRAY; i++) {
		const char *t = r->stray[i].text;
		int n = strlen(t) > 60 ? 60 : strlen(t);

		while (n && (t[n] & 0xc0) == 0x80)	/* not inside a character */
			n--;
		printf("    line %d is not in the patch: \"%.*s%s\"\n", r->stray[i].lineno, n, t,
		       t[n] ? "..." : "");
		if (*r->stray[i].hint)
			printf("      %s\n", r->stray[i].hint);
	}
	if (r->nstray > REVIEW_MAX_STRAY)
		printf("    and %d more lines not in the patch\n", r->nstray - REVIEW_MAX_STRAY);
	if (*r->bug)
		printf("    a line of the hunk that carries the bug: %s\n",
		       r->bug_quoted ? "quoted" : "not quoted");
}

/* Did the run itself go as a run must? Empty when it did, else why not. */
static void run_verdict(struct run *x)
{
	const struct ktap_report *k = &x->k;
	/* The kernel below a stage may die of the oops its manifest expects there (OOPS_BEFORE):
	 * a check never reported counts as failed, which a FLIPS check must, and no other may. */
	int may_die = x->expected_oops && x->o.expect == EXPECT_FLIP;

	if (x->o.fail)
		snprintf(x->verdict, sizeof(x->verdict), "%s", x->o.fail);
	else if (k->oops && !x->expected_oops)
		snprintf(x->verdict, sizeof(x->verdict), "the kernel oopsed");
	else if (!k->done && !may_die)
		snprintf(x->verdict, sizeof(x->verdict),
			 "the guest did not finish (hang, crash or timeout)");
	else if (!may_die && (k->planned < 0 || k->seen < k->planned))
		snprintf(x->verdict, sizeof(x->verdict),
			 "the KTAP report is incomplete (%d of %d programs)", k->seen, k->planned);
}

/* What the run was meant to show (EXPECT), once it went as a run must: 1 if it shows it. */
static int expect_verdict(struct run *x)
{
	const struct manifest *m = &x->m;
	int graded = m->nchecks - m->nxfails, ok;
	char *v = x->verdict;
	size_t n = sizeof(x->verdict);

	switch (x->o.expect) {
	case EXPECT_ZERO:
		ok = !x->passed;
		snprintf(v, n, ok ? "skeleton scores 0, as it must" :
			 "the skeleton passes %d checks: they cannot tell it from a solution",
			 x->passed);
		return ok;
	case EXPECT_FLIP:
		if (!m->nflips && !m->nxfails && manifest_get(m, "SAME_BELOW")) {
			ok = x->passed == m->nchecks;
			snprintf(v, n, ok ? "the kernel below passes every check too: nothing "
				 "changes here (%s)" : "the kernel below fails a check, yet the "
				 "manifest says nothing changes here (%s)",
				 manifest_get(m, "SAME_BELOW"));
			return ok;
		}
		ok = x->flips_ok && x->xpassed == m->nxfails && (m->nflips || m->nxfails);
		snprintf(v, n, "%s", ok ? (m->nxfails ? "the kernel before the stage passes the "
			 "XFAIL checks and fails every FLIPS check, as it must" :
			 "every FLIPS check fails before the stage, as it must") :
			 x->flips_ok ?
			 "an XFAIL check fails on the kernel before the stage: the stage did not "
			 "break it" :
			 "a FLIPS check passes on the kernel before the stage: it does not "
			 "discriminate");
		return ok;
	case EXPECT_ALL:
		ok = x->passed == graded && !x->xpassed;
		if (!ok && x->xpassed)
			snprintf(v, n, "an XFAIL check passes: this kernel should show the stage's "
				 "review finding");
		else if (ok)
			snprintf(v, n, "%s", m->nxfails ? "all checks pass; the XFAIL checks fail, "
				 "as the review finding says" : "all checks pass");
		else
			snprintf(v, n, "%d of %d checks fail%s%s", graded - x->passed, graded,
				 x->k.nrejected ? "; results rejected: " : "", x->k.rejected_why);
		return ok;
	}
	return 0;
}

/* "review": {...} of results.json's extra_data (after, a comma and a new line first). */
static void json_review(FILE *f, const struct run *x, int after)
{
	const struct review *r = &x->rev;

	fprintf(f, "%s\"review\": {\"file\": \"", after ? ",\n" : "");
	esc(f, x->o.review, 0);
	fprintf(f, "\", \"result\": \"%s\", \"quoted\": %d, \"in_hunks\": %d, "
		"\"outside_hunks\": %d, \"not_in_patch\": %d, \"lines_not_in_patch\": [",
		review_result(r), r->quoted, r->in_hunks, r->outside, r->nstray);
	for (int i = 0; i < r->nstray && i < REVIEW_MAX_STRAY; i++) {
		fprintf(f, "%s\n    {\"line\": %d, \"text\": \"", i ? "," : "", r->stray[i].lineno);
		esc(f, r->stray[i].text, 0);
		fprintf(f, "\", \"hint\": \"%s\"}", r->stray[i].hint);
	}
	fprintf(f, "], \"hunks_quoted\": [");
	for (int i = 0; i < r->nhunks; i++)
		fprintf(f, "%s\"%s\"", i ? ", " : "", r->hunks[i]);
	fprintf(f, "], \"bug_hunk\": ");
	fprintf(f, *r->bug ? "\"%s\"" : "null", r->bug);
	fprintf(f, ", \"bug_hunk_quoted\": %s, \"truncated\": %s,\n  \"text\": ",
		r->bug_quoted ? "true" : "false", r->truncated ? "true" : "false");
	if (r->text) {
		fputc('"', f);
		esc(f, r->text, 0);
		fputc('"', f);
	} else
		fprintf(f, "null");
	fputc('}', f);
}

static void write_json(const struct run *x)
{
	FILE *f = fopen(x->o.json, "w");

	if (!f)
		return;
	fprintf(f, "{\"score\": %d, \"max_score\": %d, \"output\": \"", x->score, x->max);
	esc(f, x->verdict, 0);
	fprintf(f, "\", \"tests\": [");
	for (int i = 0; i < x->m.nchecks; i++) {
		const struct outcome *c = &x->out[i];

		fprintf(f, "%s\n  {\"name\": \"%s\", \"score\": %d, \"max_score\": %d, "
			"\"status\": \"%s\", \"output\": \"", i ? "," : "", c->check->name,
			c->points, c->max,
			c->pass != c->xfail ? "passed" : "failed");
		esc(f, c->pass && !c->xfail ? "" : c->why, 0);
		fprintf(f, "\"}");
	}
	fprintf(f, "\n]");
	/* Not tests: the kernel series, and answers and the review, which score nothing
	 * (tools/gradeall.sh gathers them per learner). */
	if (*x->m.series || x->ans.n || x->o.review)
		fprintf(f, ", \"extra_data\": {");
	if (*x->m.series)
		fprintf(f, "\"series\": \"%s\"%s", x->m.series,
			x->ans.n || x->o.review ? ", " : "");
	if (x->ans.n)
		fprintf(f, "\"answers\": [");
	for (int i = 0; i < x->ans.n; i++) {
		/* A review question by its checklist number, a gdb question as "GN". */
		fprintf(f, x->ans.q[i].gdb ? "%s\n  {\"question\": \"G%d\", \"title\": \"" :
			"%s\n  {\"question\": %d, \"title\": \"", i ? "," : "", x->ans.q[i].num);
		esc(f, x->ans.q[i].title, 0);
		fprintf(f, "\", \"status\": \"%s\"}", x->ans.q[i].present ? "present" : "missing");
	}
	fprintf(f, "%s", x->ans.n ? "\n]" : "");
	if (x->o.review)
		json_review(f, x, x->ans.n);
	fprintf(f, "%s\n", *x->m.series || x->ans.n || x->o.review ? "}}" : "}");
	fclose(f);
}

static void write_junit(const struct run *x)
{
	FILE *f = fopen(x->o.junit, "w");

	if (!f)
		return;
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"");
	esc(f, x->o.label, 1);
	fprintf(f, "\" tests=\"%d\" failures=\"%d\">\n", x->m.nchecks,
		x->m.nchecks - x->m.nxfails - x->passed);
	/* The written review, not a test: it is not scored. */
	if (x->o.review)
		fprintf(f, "  <properties><property name=\"review\" value=\"%s: %d quoted, "
			"%d not in the patch, bug hunk quoted: %s\"/></properties>\n",
			review_result(&x->rev),
			x->rev.quoted, x->rev.nstray, x->rev.bug_quoted ? "yes" : "no");
	for (int i = 0; i < x->m.nchecks; i++) {
		const struct outcome *c = &x->out[i];

		fprintf(f, "  <testcase classname=\"%s\" name=\"%s\">", x->m.stage, c->check->name);
		if (c->xfail)
			fprintf(f, "<skipped message=\"%.*s\"/>", (int)strlen(XFAIL_WHY) - 1,
				XFAIL_WHY);
		else if (!c->pass) {
			fprintf(f, "<failure message=\"check failed\">");
			esc(f, c->why, 1);
			fprintf(f, "</failure>");
		}
		fprintf(f, "</testcase>\n");
	}
	if (x->k.oops && !x->expected_oops) {
		fprintf(f, "  <testcase classname=\"%s\" name=\"kernel\">"
			"<failure message=\"oops\">", x->m.stage);
		esc(f, x->k.oops_text, 1);
		fprintf(f, "</failure></testcase>\n");
	}
	fprintf(f, "</testsuite>\n");
	fclose(f);
}

static void decode_oops(const struct opts *o, const struct ktap_report *k)
{
	char tmp[] = "/tmp/lab-oops-XXXXXX", cmd[2048];
	char copy[sizeof(k->oops_text)], *line, *save;
	FILE *f;
	int fd;

	/* The headline lines only; the stack dump is in the serial log. */
	printf("kernel oops in the log:\n");
	snprintf(copy, sizeof(copy), "%s", k->oops_text);
	for (line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		if (ktap_is_oops(line) || strstr(line, "PC is at") || strstr(line, "Process "))
			printf("  %s\n", line);
	if (!o->decode || (fd = mkstemp(tmp)) < 0)
		return;
	f = fdopen(fd, "w");
	fputs(k->oops_text, f);
	fclose(f);
	printf("decoded by scripts/decode_stacktrace.sh:\n");
	fflush(stdout);
	snprintf(cmd, sizeof(cmd), "%s < %s 2>&1 | grep -E '^\\(|from|PC is|LR is|at ' | head -40",
		 o->decode, tmp);
	if (system(cmd))
		printf("(decode_stacktrace.sh failed)\n");
	unlink(tmp);
}

/* Parse the log at path (what: what it is, for the error) into k. 0, or -1 if unreadable. */
static int read_log(const char *path, const char *what, struct ktap_report *k)
{
	FILE *f = fopen(path, "r");

	if (!f) {
		fprintf(stderr, "grade: cannot read %s %s\n", what, path);
		return -1;
	}
	ktap_parse(f, k);
	fclose(f);
	return 0;
}

/* Checks run on the host after the guest is gone (e.g. e2fsck of its disk), in KTAP too. */
static int merge_host(struct ktap_report *k, const char *path)
{
	struct ktap_report h;

	if (read_log(path, "host checks", &h))
		return 1;
	k->res = realloc(k->res, (k->nres + h.nres) * sizeof(*k->res));
	memcpy(k->res + k->nres, h.res, h.nres * sizeof(*h.res));
	k->nres += h.nres;
	ktap_free(&h);
	return 0;
}

static int usage(void)
{
	fprintf(stderr, "usage: grade --manifest labs/ID/stage.mk [--target T] --log serial.log "
			"[--expect all|zero|flip]\n"
			"             [--host host.ktap] [--json results.json] [--junit junit.xml] "
			"[--decode CMD] [--label TEXT]\n"
			"             [--questions solutions/ID/answers.md --answers FILE]\n"
			"             [--review FILE --patches patches/ID[/SERIES]]\n"
			"       grade --manifest labs/ID/stage.mk [--target T] --fail REASON "
			"[--json ...] [--junit ...]\n"
			"             [--questions ... --answers ...] "
			"[--review ... --patches ...]\n"
			"       grade --manifest labs/ID/stage.mk --review FILE --patches DIR "
			"(the review alone)\n"
			"       grade --check labs/ID/stage.mk   (from the top of the repository)\n"
			"       grade --dump labs/targets/T.mk... labs/ID/stage.mk...\n"
			"             (the targets checked, the manifests as make variables)\n"
			"       grade --keys                      (the keys a manifest may hold)\n"
			"       grade --target-keys               (the keys a target may set)\n"
			"       grade --status serial.log         "
			"(a CMD= run's status and oops, for cmdout.sh)\n");
	return 2;
}

/* grade --status LOG: the guest command's status (or "-": none) and whether the kernel
 * oopsed (1 or 0), for tools/cmdout.sh: one reader of the log for the shell and the grader. */
static int status(const char *log)
{
	struct ktap_report k;

	if (read_log(log, "log", &k))
		return 2;
	if (k.cmd_status < 0)
		printf("- %d\n", !!k.oops);
	else
		printf("%d %d\n", k.cmd_status, !!k.oops);
	ktap_free(&k);
	return 0;
}

/* The options; the modes that end at once (--check, --dump, --keys, --target-keys, --status)
 * run here. Returns -1 to go on grading, else the exit status. */
static int parse_args(int argc, char **argv, struct opts *o)
{
	static const struct option lo[] = {
		{ "manifest", 1, 0, 'm' }, { "log", 1, 0, 'l' }, { "expect", 1, 0, 'e' },
		{ "json", 1, 0, 'j' }, { "junit", 1, 0, 'x' }, { "decode", 1, 0, 'd' },
		{ "label", 1, 0, 'L' }, { "check", 1, 0, 'c' }, { "host", 1, 0, 'H' },
		{ "target", 1, 0, 't' }, { "fail", 1, 0, 'F' }, { "dump", 0, 0, 'D' },
		{ "keys", 0, 0, 'K' }, { "status", 1, 0, 'S' }, { "questions", 1, 0, 'q' },
		{ "answers", 1, 0, 'a' }, { "repro", 1, 0, 'R' }, { "review", 1, 0, 'r' },
		{ "patches", 1, 0, 'P' }, { "bisect", 1, 0, 'B' }, { "target-keys", 0, 0, 'T' },
		{ 0 } };
	const char *expect = "all", **slot[128] = {
		['m'] = &o->manifest, ['l'] = &o->log, ['e'] = &expect, ['j'] = &o->json,
		['x'] = &o->junit, ['d'] = &o->decode, ['L'] = &o->label, ['H'] = &o->host,
		['t'] = &o->target, ['F'] = &o->fail, ['q'] = &o->questions, ['a'] = &o->answers,
		['R'] = &o->repro, ['r'] = &o->review, ['P'] = &o->patches, ['B'] = &o->bisect,
	};
	struct manifest m;
	char err[512];
	int c;

	while ((c = getopt_long(argc, argv, "", lo, NULL)) != -1) {
		if (c == 'c') {
			if (manifest_load(optarg, NULL, &m, err, sizeof(err))) {
				fprintf(stderr, "grade: %s\n", err);
				return 1;
			}
			return stage_check(optarg, &m);
		}
		if (c == 'D')
			return manifest_dump(argv + optind, argc - optind);
		if (c == 'S')
			return status(optarg);
		if (c == 'K' || c == 'T') {
			for (const char *const *k = c == 'K' ? manifest_keys : target_keys; *k; k++)
				puts(*k);
			return 0;
		}
		if (c <= 0 || c >= 128 || !slot[c])
			return usage();
		*slot[c] = optarg;
	}
	o->expect = !strcmp(expect, "zero") ? EXPECT_ZERO : !strcmp(expect, "flip") ? EXPECT_FLIP :
		    EXPECT_ALL;
	if (!o->manifest || !(o->log || o->fail || o->repro || o->review) ||
	    !o->questions != !o->answers || !o->review != !o->patches ||
	    (strcmp(expect, "all") && o->expect == EXPECT_ALL))
		return usage();
	return -1;
}

/* The manifest, the answers, the log and the host checks of the run. 0, or the exit status. */
static int load(struct run *x)
{
	char err[512];

	if (manifest_load(x->o.manifest, x->o.target, &x->m, err, sizeof(err))) {
		fprintf(stderr, "grade: %s\n", err);
		return 2;
	}
	if (!x->o.label)
		x->o.label = x->m.stage;
	if (x->o.questions && answers_load(x->o.questions, x->o.answers, &x->ans)) {
		fprintf(stderr, "grade: cannot read the review questions %s\n", x->o.questions);
		return 2;
	}
	if (x->o.review && review_check(x->o.review, x->o.patches, manifest_get(&x->m, "BUG_HUNK"),
					&x->rev, err, sizeof(err))) {
		fprintf(stderr, "grade: %s: %s\n", x->m.stage, err);
		return 2;
	}
	if (!x->o.log && !x->o.fail)	/* the review alone */
		return 0;
	if (read_log(x->o.fail ? "/dev/null" : x->o.log, "log", &x->k))
		return 2;
	if (x->o.fail)
		snprintf(x->no_run, sizeof(x->no_run), "%s\n", x->o.fail);
	return x->o.host && merge_host(&x->k, x->o.host) ? 2 : 0;
}

/* grade --manifest M --review FILE --patches DIR: the review's block, and whether it passes
 * every mechanical check (0) or not (1). A stage without BUG_HUNK has no review to check (2). */
static int review_alone(struct run *x)
{
	const char *result = review_result(&x->rev);
	int ok = !strcmp(result, "ok");

	if (!*x->rev.bug) {
		fprintf(stderr, "grade: %s: no BUG_HUNK in %s: the review has no hunk to find\n",
			x->m.stage, x->o.manifest);
		return 2;
	}
	print_review(x);
	printf("review: %s: %s%s%s%s\n", ok ? "PASS" : "FAIL", ok ? "every quoted line is in the "
	       "patch, and the hunk that carries the bug is quoted" : result,
	       *x->m.series ? " (linux " : "", x->m.series, *x->m.series ? ")" : "");
	review_free(&x->rev);
	return ok ? 0 : 1;
}

/* One side of a reproducer's run: did it do what it must on that kernel, and why. */
static int repro_side(const char *side, int must_fail, char *why, size_t n)
{
	char stage[64] = "?", st[16] = "-", code[16];
	int status, ok;

	sscanf(side, "%63[^:]:%15s", stage, st);
	status = strcmp(st, "-") ? atoi(st) : -1;
	ok = status >= 0 && (must_fail ? status != 0 : status == 0);
	snprintf(code, sizeof(code), "exit %d", status);
	snprintf(why + strlen(why), n - strlen(why), "%s %s (%s): %s: %s\n",
		 must_fail ? "on the kernel below," : "on this stage's kernel,",
		 must_fail ? "where the bug is" : "where it is fixed", stage,
		 status < 0 ? "not run" : status == 124 ?
		 "no status (the guest hung or crashed, or the timeout passed)" :
		 status == 125 ? "the kernel oopsed during it" : code,
		 ok ? "as it must" : must_fail ? "it must fail here" : "it must exit 0 here");
	return ok;
}

/*
 * The bisect exercise (BISECT := GOOD BAD FIRST): the learner's file names, as the last word of
 * its first line that is not a # comment, the first stage where the reproducer fails. 1 if it
 * is FIRST; why says what the file named, never the answer.
 */
static int bisect_named(const struct run *x, char *why, size_t n)
{
	char line[256], want[64] = "", named[64] = "";
	FILE *f = fopen(x->o.bisect, "r");

	sscanf(manifest_get(&x->m, "BISECT"), "%*s %*s %63s", want);
	while (f && !*named && fgets(line, sizeof(line), f)) {
		char *w, *save, *last = NULL;

		if (line[0] == '#')
			continue;
		for (w = strtok_r(line, " \t\n", &save); w; w = strtok_r(NULL, " \t\n", &save))
			last = w;
		if (last)
			snprintf(named, sizeof(named), "%s", last);
	}
	if (f)
		fclose(f);
	if (!f)
		snprintf(why, n, "no %s: write the first bad stage there (make bisect)\n",
			 x->o.bisect);
	else if (!*named)
		snprintf(why, n, "%s names no stage yet (make bisect)\n", x->o.bisect);
	else
		snprintf(why, n, "%s names %s%s\n", x->o.bisect, named, strcmp(named, want) ?
			 ": not the first stage where the bug shows" : "");
	return *named && !strcmp(named, want);
}

/*
 * --repro "BELOW:STATUS STAGE:STATUS": grade a reproducer (the manifest's REPRO, file:points)
 * from its exit status on the kernel below the stage, where the bug is, and on the stage's
 * own, where it is fixed (124: no status, 125: an oops; "-": not run). Full marks only when
 * it fails below and passes here; anything else scores 0, as a test that cannot tell the
 * two kernels apart proves nothing. --fail REASON: it never ran (it does not compile).
 */
static int grade_repro(struct run *x)
{
	static char why[1024];
	char below[96] = "", here[96] = "", err[512];
	const char *r;
	struct outcome *c = &x->out[0];
	int ok;

	if (manifest_load(x->o.manifest, x->o.target, &x->m, err, sizeof(err))) {
		fprintf(stderr, "grade: %s\n", err);
		return 2;
	}
	r = manifest_get(&x->m, "REPRO");
	if (!r || !strchr(r, ':')) {
		fprintf(stderr, "grade: %s has no REPRO := file:points\n", x->m.stage);
		return 2;
	}
	if (!x->o.label)
		x->o.label = x->m.stage;
	x->m.nchecks = 1;
	x->m.nflips = x->m.nxfails = 0;
	snprintf(x->m.checks[0].name, sizeof(x->m.checks[0].name), "reproducer");
	x->m.checks[0].points = atoi(strchr(r, ':') + 1);
	sscanf(x->o.repro, "%95s %95s", below, here);
	ok = repro_side(below, 1, why, sizeof(why));
	ok &= repro_side(here, 0, why, sizeof(why));
	if (x->o.fail)
		snprintf(why, sizeof(why), "%s\n", x->o.fail), ok = 0;
	*c = (struct outcome){ .check = &x->m.checks[0], .pass = ok, .max = x->m.checks[0].points,
			       .points = ok ? x->m.checks[0].points : 0, .why = why };
	x->score = c->points, x->max = c->max, x->passed = ok;
	if (manifest_get(&x->m, "BISECT") && x->o.bisect) {
		static char bwhy[512];
		struct outcome *b = &x->out[1];
		int named = bisect_named(x, bwhy, sizeof(bwhy));

		x->m.nchecks = 2;
		snprintf(x->m.checks[1].name, sizeof(x->m.checks[1].name), "bisect");
		x->m.checks[1].points = 2;
		*b = (struct outcome){ .check = &x->m.checks[1], .pass = named, .max = 2,
				       .points = named ? 2 : 0, .why = bwhy };
		x->score += b->points, x->max += b->max, x->passed += named;
	}
	print_table(x);
	if (ok) {	/* the table shows why only for a failure: both sides, as they went */
		char *line, *save;

		for (line = strtok_r(why, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
			printf("      %s\n", line);
	}
	snprintf(x->verdict, sizeof(x->verdict), "%s", ok ?
		 "the reproducer fails where the bug is and passes where it is fixed" :
		 x->o.fail ? "the reproducer did not run" :
		 "the reproducer does not tell the buggy kernel from the fixed one");
	if (ok && x->passed < x->m.nchecks)
		snprintf(x->verdict, sizeof(x->verdict),
			 "the reproducer is right; bisect.txt is not");
	ok = x->passed == x->m.nchecks;
	printf("verdict: %s: %s%s%s%s\n", ok ? "PASS" : "FAIL", x->verdict,
	       *x->m.series ? " (linux " : "", x->m.series, *x->m.series ? ")" : "");
	if (x->o.json)
		write_json(x);
	if (x->o.junit)
		write_junit(x);
	return ok ? 0 : 1;
}

int main(int argc, char **argv)
{
	static struct run x;
	const char *oops_key;
	int rc = parse_args(argc, argv, &x.o), ok;

	if (rc >= 0)
		return rc;
	if (x.o.repro)
		return grade_repro(&x);
	if ((rc = load(&x)))
		return rc;
	if (!x.o.log && !x.o.fail)
		return review_alone(&x);
	score(&x);
	print_table(&x);

	/* OOPS: the stage's own kernel is known to oops so; OOPS_BEFORE: the kernel below it. */
	oops_key = x.o.expect == EXPECT_FLIP ? "OOPS_BEFORE" : "OOPS";
	x.expected_oops = x.k.oops && manifest_get(&x.m, oops_key) &&
			  strstr(x.k.oops_text, manifest_get(&x.m, oops_key));
	run_verdict(&x);
	ok = !x.verdict[0];
	/* The run itself went wrong: show where it stopped. */
	if (!ok && !x.k.oops && !x.o.fail) {
		printf("last lines of the serial log (%s):\n", x.o.log);
		for (int i = x.k.ntail > 20 ? x.k.ntail - 20 : 0; i < x.k.ntail; i++)
			printf("  | %s\n", x.k.tail[i % 20]);
	}
	if (x.expected_oops)
		printf("expected finding of the kernel %s: \"%s\"\n", x.o.expect == EXPECT_FLIP ?
		       "below this stage" : "of this stage", manifest_get(&x.m, oops_key));
	if (x.k.oops)
		decode_oops(&x.o, &x.k);
	if (ok)
		ok = expect_verdict(&x);
	printf("verdict: %s: %s%s%s%s\n", ok ? "PASS" : "FAIL", x.verdict,
	       *x.m.series ? " (linux " : "", x.m.series, *x.m.series ? ")" : "");
	if (x.o.json)
		write_json(&x);
	if (x.o.junit)
		write_junit(&x);
	ktap_free(&x.k);
	review_free(&x.rev);
	return ok ? 0 : 1;
}
