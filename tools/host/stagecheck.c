// SPDX-License-Identifier: GPL-2.0
/*
 * A stage's manifest against the repository (grade --check): everything it names exists under
 * the stage's id, every check is reported by a test, its review questions match the checklist,
 * and on each target some check discriminates. And the manifests as make variables (grade
 * --dump), so that the engine reads them through this loader only.
 */
#include <glob.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "answers.h"
#include "manifest.h"
#include "stagecheck.h"

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
			static const char *const in_code[] = {
				"solutions/%s/%s", "exercises/%s/%s", NULL
			};
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
		for (tok = strtok_r(buf, " \t", &save); tok && !found;
		     tok = strtok_r(NULL, " \t", &save)) {
			snprintf(path, sizeof(path),
				 strchr(tok, '/') ? "labs/%.0s%s" : "labs/%s/%s", t->stage, tok);
			found = file_has(path, want) || file_has(path, quoted);
		}
		snprintf(path, sizeof(path), "labs/%s/fsck.sh", t->stage);
		snprintf(want, sizeof(want), "host.%s\"", t->checks[i].name);
		found = found || file_has(path, want);
		if (!found)
			fprintf(stderr, "grade: %s [%s]: CHECKS names '%s', which no TEST() of "
				"TESTS reports\n", t->stage, t->target, t->checks[i].name);
		ok &= found;
	}
	return ok;
}

/*
 * The stage's review questions: a template in solutions/ (copied to exercises/) that asks some,
 * each worded as the heading of docs/checklist.md that asks it ("### N. text {#qN}"). The
 * checklist is read as one line of words, so that spacing does not matter.
 */
static int check_questions(const struct manifest *m)
{
	char path[256], want[320], list[16384] = "", word[256];
	struct answers a;
	size_t len = 0;
	FILE *f = fopen("docs/checklist.md", "r");
	int ok, gdb = 0;

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
	/* A stage with a walkthrough asks at least two questions on what gdb shows there. */
	for (int i = 0; i < a.n; i++)
		gdb += a.q[i].gdb;
	snprintf(want, sizeof(want), "labs/%s/walk.py", m->stage);
	if (gdb < 2 && !access(want, F_OK)) {
		fprintf(stderr, "grade: %s has a walkthrough but %s asks %d gdb questions "
			"(### GN., at least 2)\n", m->stage, path, gdb);
		ok = 0;
	}
	for (int i = 0; i < a.n; i++) {
		if (a.q[i].gdb)	/* a question on what gdb shows: not one of the checklist's */
			continue;
		snprintf(want, sizeof(want), " ### %d. %s {#q%d}", a.q[i].num, a.q[i].title,
			 a.q[i].num);
		if (!strstr(list, want)) {
			fprintf(stderr, "grade: %s: question %d of %s is not worded as in "
				"docs/checklist.md\n", m->stage, a.q[i].num, path);
			ok = 0;
		}
	}
	return ok;
}

/* A kernel series of labs/series (its first column). */
static int known_series(const char *name)
{
	char line[256], first[64];
	FILE *f = fopen("labs/series", "r");
	int found = 0;

	while (f && !found && fgets(line, sizeof(line), f))
		found = line[0] != '#' && sscanf(line, "%63s", first) == 1 && !strcmp(first, name);
	if (f)
		fclose(f);
	return found;
}

/* The manifest as every one of its targets sees it: KEY@TARGET names a target of the stage
 * (or KEY@SERIES a kernel series), and on each target some check discriminates (a FLIPS or an
 * XFAIL check). */
int stage_check(const char *path, const struct manifest *m)
{
	char buf[512], err[512], *tok, *save;
	struct manifest t;
	int ok = check_files(m) & check_questions(m);

	for (int i = 0; i < m->n; i++) {
		const char *at = strchr(m->keys[i], '@');

		if (at && !manifest_in(m, "TARGETS", at + 1) && !known_series(at + 1)) {
			fprintf(stderr, "grade: %s: %s names neither a target in TARGETS nor a "
				"kernel series of labs/series\n", m->stage, m->keys[i]);
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
		if (!t.nflips && !t.nxfails && !manifest_get(&t, "SAME_BELOW") &&
		    !manifest_get(&t, "BROKEN_BELOW")) {
			fprintf(stderr, "grade: %s: no FLIPS, XFAIL, SAME_BELOW or BROKEN_BELOW "
				"on %s: every stage needs a check that discriminates\n", m->stage,
				tok);
			ok = 0;
		}
		if (ok)
			printf("%s [%s]: manifest ok (%d checks, %d flip, %d xfail)\n",
			       m->stage, tok, t.nchecks, t.nflips, t.nxfails);
	}
	return ok ? 0 : 1;
}

/* A make-readable copy of manifests, so that the engine reads them through this loader only:
 * M/<stage>/<KEY> as written, M/<stage>/<KEY>/<target> as that target sees it. Target files
 * among the paths (any not named stage.mk) are checked, not copied. */
static void dump_value(const char *var, const char *v)
{
	printf("%s :=", var);
	for (putchar(' '); *v; v++)
		*v == '$' ? fputs("$$", stdout) : *v == '#' ? fputs("\\#", stdout) : putchar(*v);
	putchar('\n');
}

int manifest_dump(char **paths, int n)
{
	char err[512], var[256], buf[512], *tok, *save;
	struct manifest m, t;

	for (int i = 0; i < n; i++) {
		const char *base = strrchr(paths[i], '/') ? strrchr(paths[i], '/') + 1 : paths[i];

		if (strcmp(base, "stage.mk")) {	/* a target: make includes it, once it is one */
			if (target_check(paths[i], err, sizeof(err))) {
				fprintf(stderr, "lab: %s\n", err);
				return 1;
			}
			continue;
		}
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
				snprintf(var, sizeof(var), "M/%s/%s/%s", m.stage, manifest_keys[k],
					 tok);
				if (manifest_get(&t, manifest_keys[k]))
					dump_value(var, manifest_get(&t, manifest_keys[k]));
			}
		}
	}
	puts("MANIFESTS_READ := yes");	/* every manifest was read: the engine may go on */
	return 0;
}
