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
 */
#include <getopt.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "answers.h"
#include "ktap.h"
#include "manifest.h"

struct opts {
	const char *manifest, *target, *log, *host, *expect, *json, *junit, *decode, *label, *fail;
	const char *questions, *answers;
};

static const struct ktap_report *report;	/* for the reason of a check never reported */
static const char *no_run;			/* --fail: why there was no run */

/* Write s escaped for a JSON string (xml 0) or XML text and attributes (xml 1). */
static void esc(FILE *f, const char *s, int xml)
{
	for (; *s; s++) {
		unsigned char c = *s;
		const char *rep;

		if (xml)
			rep = c == '<' ? "&lt;" : c == '>' ? "&gt;" : c == '&' ? "&amp;" : c == '"' ? "&quot;" : NULL;
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

static const char *reason_of(const struct ktap_result *r)
{
	if (!r && no_run)
		return no_run;
	if (!r)
		return report->done ? "not reported: its test program crashed or stopped first\n" :
		       "not reported: the guest did not finish (a hang, a crash or the timeout)\n";
	return r->ok ? "" : (*r->reason ? r->reason : "failed without a message\n");
}

static void write_json(const struct opts *o, const struct manifest *m, const struct ktap_report *k,
		       const struct answers *a, int score, int max, const char *verdict)
{
	FILE *f = fopen(o->json, "w");

	if (!f)
		return;
	fprintf(f, "{\"score\": %d, \"max_score\": %d, \"output\": \"", score, max);
	esc(f, verdict, 0);
	fprintf(f, "\", \"tests\": [");
	for (int i = 0; i < m->nchecks; i++) {
		const struct ktap_result *r = ktap_find(k, m->checks[i].name);
		int ok = r && r->ok, xfail = manifest_is_xfail(m, m->checks[i].name);
		int points = xfail ? 0 : m->checks[i].points;

		fprintf(f, "%s\n  {\"name\": \"%s\", \"score\": %d, \"max_score\": %d, \"status\": \"%s\", \"output\": \"",
			i ? "," : "", m->checks[i].name, ok ? points : 0, points, ok != xfail ? "passed" : "failed");
		esc(f, xfail ? "expected to fail here: the review finding of this stage\n" : reason_of(r), 0);
		fprintf(f, "\"}");
	}
	fprintf(f, "\n]");
	/* Not tests: answers score nothing. tools/gradeall.sh gathers them per learner. */
	if (a->n)
		fprintf(f, ", \"extra_data\": {\"answers\": [");
	for (int i = 0; i < a->n; i++) {
		fprintf(f, "%s\n  {\"question\": %d, \"title\": \"", i ? "," : "", a->q[i].num);
		esc(f, a->q[i].title, 0);
		fprintf(f, "\", \"status\": \"%s\"}", a->q[i].present ? "present" : "missing");
	}
	fprintf(f, "%s}\n", a->n ? "\n]}" : "");
	fclose(f);
}

static void write_junit(const struct opts *o, const struct manifest *m, const struct ktap_report *k,
			int failures, int oops_fails)
{
	FILE *f = fopen(o->junit, "w");

	if (!f)
		return;
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"");
	esc(f, o->label, 1);
	fprintf(f, "\" tests=\"%d\" failures=\"%d\">\n", m->nchecks, failures);
	for (int i = 0; i < m->nchecks; i++) {
		const struct ktap_result *r = ktap_find(k, m->checks[i].name);

		fprintf(f, "  <testcase classname=\"%s\" name=\"%s\">", m->stage, m->checks[i].name);
		if (manifest_is_xfail(m, m->checks[i].name))
			fprintf(f, "<skipped message=\"expected to fail here: the review finding of this stage\"/>");
		else if (!r || !r->ok) {
			fprintf(f, "<failure message=\"check failed\">");
			esc(f, reason_of(r), 1);
			fprintf(f, "</failure>");
		}
		fprintf(f, "</testcase>\n");
	}
	if (oops_fails) {
		fprintf(f, "  <testcase classname=\"%s\" name=\"kernel\"><failure message=\"oops\">", m->stage);
		esc(f, k->oops_text, 1);
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
		if (strstr(line, "BUG") || strstr(line, "Internal error") || strstr(line, "Unable to handle") ||
		    strstr(line, "Assertion") || strstr(line, "PC is at") || strstr(line, "Process ") ||
		    strstr(line, "panic"))
			printf("  %s\n", line);
	if (!o->decode || (fd = mkstemp(tmp)) < 0)
		return;
	f = fdopen(fd, "w");
	fputs(k->oops_text, f);
	fclose(f);
	printf("decoded by scripts/decode_stacktrace.sh:\n");
	fflush(stdout);
	snprintf(cmd, sizeof(cmd), "%s < %s 2>&1 | grep -E '^\\(|from|PC is|LR is|at ' | head -40", o->decode, tmp);
	if (system(cmd))
		printf("(decode_stacktrace.sh failed)\n");
	unlink(tmp);
}

static int need(const char *stage, const char *what, const char *pattern)
{
	glob_t g;
	int ok = !glob(pattern, 0, NULL, &g);

	if (ok)
		globfree(&g);
	else
		fprintf(stderr, "grade: %s: %s missing (%s)\n", stage, what, pattern);
	return ok;
}

/* Everything a manifest names must exist, in every top-level folder, under the stage's name. */
static int check_files(const struct manifest *m)
{
	static const char *const keys[] = { "TESTS", "CODE", "MODULES", "TARGETS", "CONFIG" };
	char buf[512], path[1024], *tok, *save;
	int ok = 1;

	snprintf(path, sizeof(path), "patches/%s/*.patch", m->stage);
	ok &= need(m->stage, "patch series", path);
	snprintf(path, sizeof(path), "docs/labs/%s.md", m->stage);
	ok &= need(m->stage, "docs page", path);
	for (int k = 0; k < 5; k++) {
		snprintf(buf, sizeof(buf), "%s", manifest_get(m, keys[k]) ?: "");
		for (tok = strtok_r(buf, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
			static const char *const in_labs[] = { "labs/%s/%s", NULL };
			static const char *const in_code[] = { "solutions/%s/%s", "exercises/%s/%s", NULL };
			const char *const *fmt = k == 1 || k == 2 ? in_code : in_labs;
			const char *owner = m->stage;

			if (k == 3) {
				snprintf(path, sizeof(path), "labs/targets/%s.mk", tok);
				ok &= need(m->stage, "target", path);
				continue;
			}
			if (k == 0 && strchr(tok, '/')) {	/* another stage's test */
				snprintf(path, sizeof(path), "labs/%s", tok);
				ok &= need(m->stage, keys[k], path);
				continue;
			}
			if ((k == 1 || k == 2) && manifest_get(m, "CODE_STAGE"))
				owner = manifest_get(m, "CODE_STAGE");
			for (int i = 0; fmt[i]; i++) {
				snprintf(path, sizeof(path), fmt[i], owner, tok);
				ok &= need(m->stage, keys[k], path);
			}
		}
	}
	return ok;
}

/* 1 if the file at path holds text (a whole line is read at a time: names fit on one). */
static int file_has(const char *path, const char *text)
{
	char line[1024];
	int found = 0;
	FILE *f = fopen(path, "r");

	while (f && !found && fgets(line, sizeof(line), f))
		found = !!strstr(line, text);
	if (f)
		fclose(f);
	return found;
}

/* Every check t's CHECKS name is reported by the stage's tests (TEST(name), or "name" where a
 * test without the harness reports it itself, as 05's lab_tap() does), or is a host check of
 * the stage's disk judge, labs/<id>/fsck.sh ("host.name"): a check no test reports scores 0. */
static int check_tests(const struct manifest *t)
{
	char buf[512], path[1024], want[128], quoted[128], *tok, *save;
	int ok = 1;

	for (int i = 0; i < t->nchecks; i++) {
		int found = 0;

		snprintf(buf, sizeof(buf), "%s", manifest_get(t, "TESTS"));
		snprintf(want, sizeof(want), "TEST(%s)", t->checks[i].name);
		snprintf(quoted, sizeof(quoted), "\"%s\"", t->checks[i].name);
		for (tok = strtok_r(buf, " \t", &save); tok && !found; tok = strtok_r(NULL, " \t", &save)) {
			snprintf(path, sizeof(path), strchr(tok, '/') ? "labs/%.0s%s" : "labs/%s/%s", t->stage, tok);
			found = file_has(path, want) || file_has(path, quoted);
		}
		snprintf(path, sizeof(path), "labs/%s/fsck.sh", t->stage);
		snprintf(want, sizeof(want), "host.%s\"", t->checks[i].name);
		found = found || file_has(path, want);
		if (!found)
			fprintf(stderr, "grade: %s [%s]: CHECKS names '%s', which no TEST() of TESTS reports\n",
				t->stage, t->target, t->checks[i].name);
		ok &= found;
	}
	return ok;
}

/*
 * The stage's review questions: a template in solutions/ (copied to exercises/) that asks some,
 * each worded as in docs/checklist.md. The checklist is read as one line of words, so that a
 * question it wraps over two lines still matches.
 */
static int check_questions(const struct manifest *m)
{
	char path[256], want[320], list[16384] = "", word[256];
	struct answers a;
	size_t len = 0;
	FILE *f = fopen("docs/checklist.md", "r");
	int ok;

	while (f && len < sizeof(list) - sizeof(word) && fscanf(f, "%255s", word) == 1)
		len += snprintf(list + len, sizeof(list) - len, " %s", word);
	if (f)
		fclose(f);
	snprintf(path, sizeof(path), "exercises/%s/answers.md", m->stage);
	ok = need(m->stage, "review questions", path);
	snprintf(path, sizeof(path), "solutions/%s/answers.md", m->stage);
	if (answers_load(path, NULL, &a) || !a.n) {
		fprintf(stderr, "grade: %s: no review questions in %s\n", m->stage, path);
		return 0;
	}
	for (int i = 0; i < a.n; i++) {
		snprintf(want, sizeof(want), " %d. **%s**", a.q[i].num, a.q[i].title);
		if (!strstr(list, want)) {
			fprintf(stderr, "grade: %s: question %d of %s is not worded as in "
				"docs/checklist.md\n", m->stage, a.q[i].num, path);
			ok = 0;
		}
	}
	return ok;
}

/* The manifest as every one of its targets sees it: KEY@TARGET names a target of the stage,
 * and on each target some check discriminates (a FLIPS or an XFAIL check). */
static int check_stage(const char *path, const struct manifest *m)
{
	char buf[512], err[512], *tok, *save;
	struct manifest t;
	int ok = check_files(m) & check_questions(m);

	for (int i = 0; i < m->n; i++) {
		const char *at = strchr(m->keys[i], '@');

		if (at && !manifest_in(m, "TARGETS", at + 1)) {
			fprintf(stderr, "grade: %s: %s names a target that is not in TARGETS\n", m->stage, m->keys[i]);
			ok = 0;
		}
	}
	snprintf(buf, sizeof(buf), "%s", manifest_get(m, "TARGETS"));
	for (tok = strtok_r(buf, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
		if (manifest_load(path, tok, &t, err, sizeof(err))) {
			fprintf(stderr, "grade: %s (target %s)\n", err, tok);
			ok = 0;
			continue;
		}
		ok &= check_tests(&t);
		if (!t.nflips && !t.nxfails && !manifest_get(&t, "SAME_BELOW") && !manifest_get(&t, "BROKEN_BELOW")) {
			fprintf(stderr, "grade: %s: no FLIPS, XFAIL, SAME_BELOW or BROKEN_BELOW on %s: every stage needs a check that discriminates\n",
				m->stage, tok);
			ok = 0;
		}
		if (ok)
			printf("%s [%s]: manifest ok (%d checks, %d flip, %d xfail)\n", m->stage, tok, t.nchecks,
			       t.nflips, t.nxfails);
	}
	return ok ? 0 : 1;
}

/* Checks run on the host after the guest is gone (e.g. e2fsck of its disk), in KTAP too. */
static int merge_host(struct ktap_report *k, const char *path)
{
	struct ktap_report h;
	FILE *f = fopen(path, "r");

	if (!f) {
		fprintf(stderr, "grade: cannot read host checks %s\n", path);
		return 1;
	}
	ktap_parse(f, &h);
	fclose(f);
	k->res = realloc(k->res, (k->nres + h.nres) * sizeof(*k->res));
	memcpy(k->res + k->nres, h.res, h.nres * sizeof(*h.res));
	k->nres += h.nres;
	ktap_free(&h);
	return 0;
}

/* A make-readable copy of manifests, so that the engine reads them through this loader only:
 * M/<stage>/<KEY> as written, M/<stage>/<KEY>/<target> as that target sees it. */
static void dump_value(const char *var, const char *v)
{
	printf("%s :=", var);
	for (putchar(' '); *v; v++)
		*v == '$' ? fputs("$$", stdout) : *v == '#' ? fputs("\\#", stdout) : putchar(*v);
	putchar('\n');
}

static int dump(char **paths, int n)
{
	char err[512], var[256], buf[512], *tok, *save;
	struct manifest m, t;

	for (int i = 0; i < n; i++) {
		if (manifest_load(paths[i], NULL, &m, err, sizeof(err))) {
			fprintf(stderr, "lab: %s\n", err);
			return 1;
		}
		for (int k = 0; manifest_keys[k]; k++) {
			snprintf(var, sizeof(var), "M/%s/%s", m.stage, manifest_keys[k]);
			if (manifest_get(&m, manifest_keys[k]))
				dump_value(var, manifest_get(&m, manifest_keys[k]));
		}
		snprintf(buf, sizeof(buf), "%s", manifest_get(&m, "TARGETS"));
		for (tok = strtok_r(buf, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
			if (manifest_load(paths[i], tok, &t, err, sizeof(err))) {
				fprintf(stderr, "lab: %s (target %s)\n", err, tok);
				return 1;
			}
			for (int k = 0; manifest_keys[k]; k++) {
				snprintf(var, sizeof(var), "M/%s/%s/%s", m.stage, manifest_keys[k], tok);
				if (manifest_get(&t, manifest_keys[k]))
					dump_value(var, manifest_get(&t, manifest_keys[k]));
			}
		}
	}
	return 0;
}

static int usage(void)
{
	fprintf(stderr, "usage: grade --manifest labs/ID/stage.mk [--target T] --log serial.log [--expect all|zero|flip]\n"
			"             [--host host.ktap] [--json results.json] [--junit junit.xml] [--decode CMD] [--label TEXT]\n"
			"             [--questions solutions/ID/answers.md --answers FILE]\n"
			"       grade --manifest labs/ID/stage.mk [--target T] --fail REASON [--json ...] [--junit ...]\n"
			"             [--questions ... --answers ...]\n"
			"       grade --check labs/ID/stage.mk   (from the top of the repository)\n"
			"       grade --dump labs/ID/stage.mk...  (the manifests as make variables)\n"
			"       grade --keys                      (the keys a manifest may hold)\n");
	return 2;
}

int main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "manifest", 1, 0, 'm' }, { "log", 1, 0, 'l' }, { "expect", 1, 0, 'e' },
		{ "json", 1, 0, 'j' }, { "junit", 1, 0, 'x' }, { "decode", 1, 0, 'd' },
		{ "label", 1, 0, 'L' }, { "check", 1, 0, 'c' }, { "host", 1, 0, 'H' }, { "target", 1, 0, 't' },
		{ "fail", 1, 0, 'F' }, { "dump", 0, 0, 'D' }, { "keys", 0, 0, 'K' },
		{ "questions", 1, 0, 'q' }, { "answers", 1, 0, 'a' }, { 0 } };
	struct opts o = { .expect = "all" };
	struct manifest m;
	struct ktap_report k;
	struct answers ans = { .n = 0 };
	char err[512], verdict[512], no_run_buf[1024];
	int c, score = 0, max = 0, passed = 0, xpassed = 0, flips_ok = 1, ok, expected_oops, graded;
	const char *oops_key, **slot[128] = {
		['m'] = &o.manifest, ['l'] = &o.log, ['e'] = &o.expect, ['j'] = &o.json,
		['x'] = &o.junit, ['d'] = &o.decode, ['L'] = &o.label, ['H'] = &o.host, ['t'] = &o.target,
		['F'] = &o.fail, ['q'] = &o.questions, ['a'] = &o.answers,
	};
	FILE *f;

	while ((c = getopt_long(argc, argv, "", lo, NULL)) != -1) {
		if (c == 'c') {
			if (manifest_load(optarg, NULL, &m, err, sizeof(err))) {
				fprintf(stderr, "grade: %s\n", err);
				return 1;
			}
			return check_stage(optarg, &m);
		}
		if (c == 'D')
			return dump(argv + optind, argc - optind);
		if (c == 'K') {
			for (int i = 0; manifest_keys[i]; i++)
				puts(manifest_keys[i]);
			return 0;
		}
		if (c <= 0 || c >= 128 || !slot[c])
			return usage();
		*slot[c] = optarg;
	}
	if (!o.manifest || !(o.log || o.fail) || (strcmp(o.expect, "all") && strcmp(o.expect, "zero") &&
				       strcmp(o.expect, "flip")) || !o.questions != !o.answers)
		return usage();
	if (manifest_load(o.manifest, o.target, &m, err, sizeof(err))) {
		fprintf(stderr, "grade: %s\n", err);
		return 2;
	}
	if (!o.label)
		o.label = m.stage;
	if (o.questions && answers_load(o.questions, o.answers, &ans)) {
		fprintf(stderr, "grade: cannot read the review questions %s\n", o.questions);
		return 2;
	}
	f = fopen(o.fail ? "/dev/null" : o.log, "r");
	if (!f) {
		fprintf(stderr, "grade: cannot read log %s\n", o.log);
		return 2;
	}
	ktap_parse(f, &k);
	fclose(f);
	report = &k;
	if (o.fail)
		snprintf(no_run_buf, sizeof(no_run_buf), "%s\n", o.fail), no_run = no_run_buf;
	if (o.host && merge_host(&k, o.host))
		return 2;

	printf("%s\n  %-40s %7s  %s\n", o.label, "check", "points", "result");
	for (int i = 0; i < m.nchecks; i++) {
		const struct ktap_result *r = ktap_find(&k, m.checks[i].name);
		int pass = r && r->ok, flip = manifest_is_flip(&m, m.checks[i].name);
		int xfail = manifest_is_xfail(&m, m.checks[i].name);

		if (xfail) {	/* scores nothing: the kernel, not the code, decides it */
			xpassed += pass;
			printf("  %-40s %7s  %s   (%s)\n", m.checks[i].name, "-", pass ? "pass" : "FAIL",
			       "expected to fail here: the review finding of this stage");
			continue;
		}
		max += m.checks[i].points;
		score += pass ? m.checks[i].points : 0;
		passed += pass;
		if (flip && pass)
			flips_ok = 0;
		printf("  %-40s %3d/%-3d  %s%s%s\n", m.checks[i].name, pass ? m.checks[i].points : 0,
		       m.checks[i].points, pass ? "pass" : "FAIL", flip ? "   (flips at this stage)" : "",
		       manifest_in(&m, "FINDINGS", m.checks[i].name) ? "   (review finding: the kernel is still wrong here)" : "");
		if (!pass) {
			char buf[2048], *line, *save;

			snprintf(buf, sizeof(buf), "%s", reason_of(r));
			for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
				printf("      %s\n", line);
		}
	}
	printf("  score %d/%d\n", score, max);
	if (ans.n)
		printf("  review answers in %s (not scored):\n", o.answers);
	for (int i = 0; i < ans.n; i++)
		printf("    %-8s %d. %s\n", ans.q[i].present ? "present" : "missing", ans.q[i].num,
		       ans.q[i].title);

	/* OOPS: the stage's own kernel is known to oops so; OOPS_BEFORE: the kernel below it. */
	oops_key = !strcmp(o.expect, "flip") ? "OOPS_BEFORE" : "OOPS";
	expected_oops = k.oops && manifest_get(&m, oops_key) && strstr(k.oops_text, manifest_get(&m, oops_key));
	if (o.fail)
		snprintf(verdict, sizeof(verdict), "%s", o.fail);
	else if (k.oops && !expected_oops)
		snprintf(verdict, sizeof(verdict), "the kernel oopsed");
	else if (!k.done)
		snprintf(verdict, sizeof(verdict), "the guest did not finish (hang, crash or timeout)");
	else if (k.planned < 0 || k.seen < k.planned)
		snprintf(verdict, sizeof(verdict), "the KTAP report is incomplete (%d of %d programs)", k.seen, k.planned);
	else
		verdict[0] = 0;
	ok = !verdict[0];
	if (!ok && !k.oops && !o.fail) {	/* the run itself went wrong: show where it stopped */
		printf("last lines of the serial log (%s):\n", o.log);
		for (int i = k.ntail > 20 ? k.ntail - 20 : 0; i < k.ntail; i++)
			printf("  | %s\n", k.tail[i % 20]);
	}
	if (expected_oops)
		printf("expected finding of the kernel %s: \"%s\"\n", !strcmp(oops_key, "OOPS") ?
		       "of this stage" : "below this stage", manifest_get(&m, oops_key));
	if (k.oops)
		decode_oops(&o, &k);
	if (ok && !strcmp(o.expect, "zero"))
		ok = !passed, snprintf(verdict, sizeof(verdict), ok ? "skeleton scores 0, as it must" :
			"the skeleton passes %d checks: they cannot tell it from a solution", passed);
	else if (ok && !strcmp(o.expect, "flip") && !m.nflips && !m.nxfails && manifest_get(&m, "SAME_BELOW"))
		ok = passed == m.nchecks, snprintf(verdict, sizeof(verdict), ok ?
			"the kernel below passes every check too: nothing changes here (%s)" :
			"the kernel below fails a check, yet the manifest says nothing changes here (%s)",
			manifest_get(&m, "SAME_BELOW"));
	else if (ok && !strcmp(o.expect, "flip"))
		ok = flips_ok && xpassed == m.nxfails && (m.nflips || m.nxfails),
		snprintf(verdict, sizeof(verdict), !ok ? (flips_ok ?
			"an XFAIL check fails on the kernel before the stage: the stage did not break it" :
			"a FLIPS check passes on the kernel before the stage: it does not discriminate") :
			m.nxfails ? "the kernel before the stage passes the XFAIL checks and fails every FLIPS check, as it must" :
			"every FLIPS check fails before the stage, as it must");
	else if (ok)
		graded = m.nchecks - m.nxfails, ok = passed == graded && !xpassed,
		snprintf(verdict, sizeof(verdict), !ok && xpassed ?
			"an XFAIL check passes: this kernel should show the stage's review finding" :
			ok ? (m.nxfails ? "all checks pass; the XFAIL checks fail, as the review finding says" :
			"all checks pass") : "%d of %d checks fail%s%s", graded - passed, graded,
			k.nrejected ? "; results rejected: " : "", k.rejected_why);
	printf("verdict: %s: %s\n", ok ? "PASS" : "FAIL", verdict);
	if (o.json)
		write_json(&o, &m, &k, &ans, score, max, verdict);
	if (o.junit)
		write_junit(&o, &m, &k, m.nchecks - m.nxfails - passed, k.oops && !expected_oops);
	ktap_free(&k);
	return ok ? 0 : 1;
}
