// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of the lab's tooling: the KTAP/oops parser, the manifest loader, the
 * grader's verdicts, the review answers and written reviews it reports, the skeleton generator
 * and the pictures' SVG drawer. Run from tests/host with GRADE, MKEXERCISE and PICSVG set to
 * the built tools.
 */
#include <stdlib.h>
#include <unistd.h>
#include <string.h>
#include "kselftest_harness.h"
#include "answers.h"
#include "ktap.h"
#include "manifest.h"
#include "review.h"

static struct ktap_report parse(const char *path)
{
	struct ktap_report r;
	FILE *f = fopen(path, "r");

	if (!f)
		abort();
	ktap_parse(f, &r);
	fclose(f);
	return r;
}

static int sh(const char *fmt, const char *a, const char *b)
{
	char cmd[1024];
	int st;

	snprintf(cmd, sizeof(cmd), fmt, getenv("GRADE"), a, b);
	st = system(cmd);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

TEST(ktap_all_pass)
{
	struct ktap_report r = parse("fixtures/pass.log");

	EXPECT_EQ(1, r.planned);
	EXPECT_EQ(1, r.seen);
	ASSERT_EQ(2, r.nres);
	EXPECT_STREQ("alpha", r.res[0].name);
	EXPECT_STREQ("test_sample", r.res[1].suite);
	EXPECT_EQ(1, r.res[1].ok);
	EXPECT_EQ(1, r.done);
	EXPECT_EQ(0, r.oops);
	ktap_free(&r);
}

TEST(ktap_failure_reason)
{
	struct ktap_report r = parse("fixtures/fail.log");
	const struct ktap_result *b = ktap_find(&r, "beta");

	ASSERT_NE(NULL, (void *)b);
	EXPECT_EQ(0, b->ok);
	EXPECT_NE(NULL, strstr(b->reason, "Expected 0 (0) == n (3)"));
	EXPECT_EQ(NULL, strstr(b->reason, "RUN"));
	EXPECT_EQ(1, ktap_find(&r, "alpha")->ok);
	ktap_free(&r);
}

TEST(ktap_oops_and_hang)
{
	struct ktap_report r = parse("fixtures/oops.log");

	EXPECT_EQ(1, r.oops);
	EXPECT_NE(NULL, strstr(r.oops_text, "PC is at ext4_orphan_add"));
	EXPECT_NE(NULL, strstr(r.oops_text, "end trace"));
	EXPECT_EQ(0, r.done);
	ktap_free(&r);
	r = parse("fixtures/hang.log");
	EXPECT_EQ(0, r.done);
	EXPECT_EQ(0, r.seen);
	ktap_free(&r);
}

/* A real log: 06-move-vector-stubs's tests on the 00-baseline kernel, as the guest printed it. */
TEST(ktap_real_guest_log)
{
	struct ktap_report r = parse("fixtures/real-06-on-00.log");
	const struct ktap_result *x = ktap_find(&r, "no_kernel_text_pointers_visible");

	EXPECT_EQ(1, r.done);
	EXPECT_EQ(0, r.oops);
	EXPECT_EQ(4, r.nres);
	ASSERT_NE(NULL, (void *)x);
	EXPECT_EQ(0, x->ok);
	EXPECT_STREQ("test_kptr", x->suite);
	EXPECT_NE(NULL, strstr(x->reason, "__irq_usr"));
	EXPECT_EQ(1, ktap_find(&r, "stubs_page_hidden")->ok);
	ktap_free(&r);
}

/* The harness's own reports are accepted as they are. */
TEST(ktap_harness_reports_accepted)
{
	static const char *const logs[] = { "pass", "fail", "zero", "real-06-on-00" };

	for (int i = 0; i < 4; i++) {
		char path[64];
		struct ktap_report r;

		snprintf(path, sizeof(path), "fixtures/%s.log", logs[i]);
		r = parse(path);
		EXPECT_EQ(0, r.nrejected) TH_LOG("%s: %s", logs[i], r.rejected_why);
		ktap_free(&r);
	}
}

/* Reports that break the harness's structure: every result of the program is rejected. */
TEST(ktap_forged_reports_rejected)
{
	static const struct { const char *log, *why; } cases[] = {
		{ "forged-dup", "test number 1 reported twice" },
		{ "forged-beyond", "result 3 is beyond the harness's plan of 2" },
		{ "forged-nototals", "no \"# Totals\" line" },
		{ "forged-killed", "did not exit normally" },
		{ "forged-toplevel", "came before the harness's plan" },
		{ "forged-totals", "the Totals line says 2 passed, the results show 1" },
		{ "unfinished", "never finished" },
	};

	for (unsigned int i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char path[64];
		struct ktap_report r;
		const struct ktap_result *a;

		snprintf(path, sizeof(path), "fixtures/%s.log", cases[i].log);
		r = parse(path);
		a = ktap_find(&r, "alpha");
		EXPECT_NE(NULL, strstr(r.rejected_why, cases[i].why))
			TH_LOG("%s: \"%s\"", cases[i].log, r.rejected_why);
		if (a) {
			EXPECT_EQ(0, a->ok) TH_LOG("%s", cases[i].log);
			EXPECT_EQ(1, a->rejected) TH_LOG("%s", cases[i].log);
			EXPECT_NE(NULL, strstr(a->reason, "report rejected: "))
				TH_LOG("%s", cases[i].log);
		}
		ktap_free(&r);
	}
}

TEST(ktap_command_status)
{
	struct ktap_report r = parse("fixtures/cmd.log");

	EXPECT_EQ(3, r.cmd_status);
	EXPECT_EQ(1, r.done);
	ktap_free(&r);
}

TEST(manifest_loads)
{
	struct manifest m;
	char err[256];

	ASSERT_EQ(0, manifest_load("fixtures/01-sample/stage.mk", NULL, &m, err, sizeof(err)))
		TH_LOG("%s", err);
	EXPECT_STREQ("01-sample", m.stage);
	EXPECT_STREQ("sample stage", manifest_get(&m, "TITLE"));
	EXPECT_STREQ("virt", manifest_get(&m, "TARGETS"));
	ASSERT_EQ(2, m.nchecks);
	EXPECT_EQ(3, m.checks[1].points);
	EXPECT_EQ(1, manifest_is_flip(&m, "beta"));
	EXPECT_EQ(0, manifest_is_flip(&m, "alpha"));
}

TEST(manifest_rejects_bad_input)
{
	struct manifest m;
	char err[256];

	EXPECT_EQ(-1, manifest_load("fixtures/bad-flip.mk", NULL, &m, err, sizeof(err)));
	EXPECT_NE(NULL, strstr(err, "not in CHECKS"));
	EXPECT_EQ(-1, manifest_load("fixtures/bad-missing.mk", NULL, &m, err, sizeof(err)));
	EXPECT_NE(NULL, strstr(err, "UPSTREAM"));
	EXPECT_EQ(-1, manifest_load("fixtures/bad-points.mk", NULL, &m, err, sizeof(err)));
	EXPECT_EQ(-1, manifest_load("fixtures/none.mk", NULL, &m, err, sizeof(err)));
	/* A typo'd key and an overflow are errors, with the file and line of the typo. */
	EXPECT_EQ(-1, manifest_load("fixtures/bad-key.mk", NULL, &m, err, sizeof(err)));
	EXPECT_NE(NULL, strstr(err, "fixtures/bad-key.mk:5: unknown key")) TH_LOG("%s", err);
	EXPECT_EQ(-1, manifest_load("fixtures/bad-many.mk", NULL, &m, err, sizeof(err)));
	EXPECT_NE(NULL, strstr(err, "more than 32")) TH_LOG("%s", err);
	/* A scope that is neither a target nor a series (fixtures/targets/, fixtures/series). */
	EXPECT_EQ(-1, manifest_load("fixtures/05-scope/stage.mk", NULL, &m, err, sizeof(err)));
	EXPECT_NE(NULL, strstr(err, "fixtures/05-scope/stage.mk:8: unknown scope"))
		TH_LOG("%s", err);
}

TEST(manifest_per_target_keys)
{
	struct manifest m;
	char err[256];

	ASSERT_EQ(0, manifest_load("fixtures/02-targets/stage.mk", "virt", &m, err, sizeof(err)))
		TH_LOG("%s", err);
	EXPECT_EQ(2, m.nchecks);
	EXPECT_EQ(1, m.nflips);
	EXPECT_EQ(0, m.nxfails);
	ASSERT_EQ(0, manifest_load("fixtures/02-targets/stage.mk", "virt-nokuser", &m, err,
				   sizeof(err))) TH_LOG("%s", err);
	EXPECT_EQ(1, m.nchecks);
	EXPECT_EQ(0, m.nflips);
	EXPECT_EQ(1, manifest_is_xfail(&m, "alpha"));
	setenv("SERIES", "6.12", 1);
	ASSERT_EQ(0, manifest_load("fixtures/02-targets/stage.mk", "virt", &m, err, sizeof(err)))
		TH_LOG("%s", err);
	EXPECT_EQ(1, m.nchecks);
	EXPECT_EQ(0, m.nflips);
	ASSERT_EQ(0, manifest_load("fixtures/02-targets/stage.mk", "virt-nokuser", &m, err,
				   sizeof(err))) TH_LOG("%s", err);
	EXPECT_EQ(1, manifest_is_xfail(&m, "alpha"));
	unsetenv("SERIES");
}

/* A target file (labs/targets/<t>.mk): its keys are the engine's, named for its file. */
TEST(target_schema)
{
	static const char *const bad[][2] = {
		{ "QEMU_bad := q\nIMAGEE_bad := zImage\n", "bad.mk:2: unknown key" },
		{ "QEMU_bad := q\nUSERLAND_virt := armel\n", "bad.mk:2: not a key of target bad" },
		{ "QEMU_badd := q\n", "bad.mk:1: not a key of target bad" },
		{ "QEMU_bad := q\n\nQEMU_bad := r\n", "bad.mk:3: set twice" },
		{ "ifeq ($(X),y)\nendif\n", "bad.mk:1: not a 'KEY_<target> := value' line" },
		{ "QEMU_bad = $(QEMU_virtt)\n", "bad.mk:1: a reference to no target's key" },
		{ "QEMU_bad := q\nCONFIGS_bad := \\\n\tbad\n", "bad.mk:2: no such config" },
		{ "QEMU_bad := q\nUSERLAND_bad :=\n", "bad.mk: required key USERLAND_bad" },
	};
	char dir[] = "/tmp/lab-target-XXXXXX", path[64], err[256];

	EXPECT_EQ(0, target_check("fixtures/targets/virt.mk", err, sizeof(err))) TH_LOG("%s", err);
	EXPECT_EQ(0, target_check("fixtures/targets/virt-nokuser.mk", err, sizeof(err)))
		TH_LOG("%s", err);
	ASSERT_NE(NULL, mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/bad.mk", dir);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		FILE *f = fopen(path, "w");

		ASSERT_NE(NULL, f);
		fputs(bad[i][0], f);
		fclose(f);
		err[0] = 0;
		EXPECT_EQ(-1, target_check(path, err, sizeof(err)));
		EXPECT_NE(NULL, strstr(err, bad[i][1])) TH_LOG("%s: %s", bad[i][1], err);
	}
	unlink(path);
	rmdir(dir);
}

#define GRADE_CMD "%s --manifest fixtures/01-sample/stage.mk --log fixtures/%s.log " \
	"--expect %s >/dev/null"
#define XFAIL_CMD "%s --manifest fixtures/02-targets/stage.mk --target virt-nokuser " \
	"--log fixtures/%s.log --expect %s >/dev/null"

#define SAME_CMD "%s --manifest fixtures/03-same/stage.mk --log fixtures/%s.log " \
	"--expect %s >/dev/null"

TEST(grade_same_below_verdicts)
{
	EXPECT_EQ(0, sh(SAME_CMD, "pass", "flip"));	/* the kernel below passes everything too */
	EXPECT_EQ(1, sh(SAME_CMD, "fail", "flip"));	/* it does not: something did change */
	EXPECT_EQ(0, sh(SAME_CMD, "pass", "all"));
}

/* The kernel below may die of the oops OOPS_BEFORE names, and of no other; its own may not. */
TEST(grade_flip_kernel_below_dies)
{
	EXPECT_EQ(0, sh("%s --manifest fixtures/04-dies/stage.mk --log fixtures/oops.log "
			"--expect flip >/dev/null", NULL, NULL));
	EXPECT_EQ(1, sh("%s --manifest fixtures/01-sample/stage.mk --log fixtures/oops.log "
			"--expect flip >/dev/null", NULL, NULL));
	EXPECT_EQ(1, sh("%s --manifest fixtures/04-dies/stage.mk --log fixtures/oops.log "
			"--expect all >/dev/null", NULL, NULL));
}

TEST(grade_xfail_verdicts)
{
	EXPECT_EQ(0, sh(XFAIL_CMD, "zero", "all"));	/* the finding shows: alpha fails here */
	EXPECT_EQ(1, sh(XFAIL_CMD, "pass", "all"));	/* alpha passes: the kernel lost its bug */
	EXPECT_EQ(0, sh(XFAIL_CMD, "pass", "flip"));	/* the kernel below passes alpha */
	/* It fails there too: the stage broke nothing. */
	EXPECT_EQ(1, sh(XFAIL_CMD, "zero", "flip"));
}

TEST(grade_verdicts)
{
	EXPECT_EQ(0, sh(GRADE_CMD, "pass", "all"));
	EXPECT_EQ(1, sh(GRADE_CMD, "fail", "all"));
	EXPECT_EQ(0, sh(GRADE_CMD, "fail", "flip"));	/* beta, the flip, fails before */
	EXPECT_EQ(1, sh(GRADE_CMD, "pass", "flip"));
	EXPECT_EQ(0, sh(GRADE_CMD, "zero", "zero"));
	EXPECT_EQ(1, sh(GRADE_CMD, "fail", "zero"));	/* alpha passes: not a skeleton */
	EXPECT_EQ(1, sh(GRADE_CMD, "oops", "zero"));	/* an oops is never a pass */
	EXPECT_EQ(1, sh(GRADE_CMD, "hang", "flip"));	/* nor is a guest that never finished */
	EXPECT_EQ(2, sh(GRADE_CMD, "pass", "bogus"));
}

TEST(grade_reports)
{
	char buf[4096] = "", json[64], xml[64];
	FILE *f;

	snprintf(json, sizeof(json), "/tmp/lab-test-%d.json", getpid());
	snprintf(xml, sizeof(xml), "/tmp/lab-test-%d.xml", getpid());
	ASSERT_EQ(1, sh("%s --manifest fixtures/01-sample/stage.mk --log fixtures/fail.log "
			"--expect all --json %s --junit %s >/dev/null", json, xml));
	f = fopen(json, "r");
	ASSERT_NE(NULL, (void *)f);
	fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	EXPECT_NE(NULL, strstr(buf, "\"score\": 2, \"max_score\": 5"));
	EXPECT_NE(NULL, strstr(buf, "Expected 0 (0) == n (3)"));
	unlink(json);
	f = fopen(xml, "r");
	ASSERT_NE(NULL, (void *)f);
	memset(buf, 0, sizeof(buf));
	fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	EXPECT_NE(NULL, strstr(buf, "tests=\"2\" failures=\"1\""));
	EXPECT_NE(NULL, strstr(buf, "<failure"));
	unlink(xml);
}

static void slurp(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "r");

	memset(buf, 0, size);
	if (f) {
		fread(buf, 1, size - 1, f);
		fclose(f);
	}
	unlink(path);
}

/* A forged report scores 0, with the reason in results.json; so does a run that never was. */
TEST(grade_rejects_forged_and_failed_runs)
{
	char buf[4096], json[64];

	snprintf(json, sizeof(json), "/tmp/lab-test-%d.json", getpid());
	EXPECT_EQ(1, sh("%s --manifest fixtures/01-sample/stage.mk "
			"--log fixtures/forged-nototals.log --expect all "
			"--json %s >/dev/null", json, ""));
	slurp(json, buf, sizeof(buf));
	EXPECT_NE(NULL, strstr(buf, "\"score\": 0, \"max_score\": 5"));
	EXPECT_NE(NULL, strstr(buf, "results rejected: test_sample: no"));
	EXPECT_NE(NULL, strstr(buf, "\"name\": \"alpha\", \"score\": 0, \"max_score\": 2"));
	EXPECT_EQ(1, sh("%s --manifest fixtures/01-sample/stage.mk "
			"--fail 'does not compile: sample.c:3: error: x' "
			"--json %s >/dev/null", json, ""));
	slurp(json, buf, sizeof(buf));
	EXPECT_NE(NULL, strstr(buf, "\"score\": 0, \"max_score\": 5"));
	EXPECT_NE(NULL, strstr(buf, "\"name\": \"beta\", \"score\": 0, \"max_score\": 3, "
			       "\"status\": \"failed\", "
			       "\"output\": \"does not compile: sample.c:3: error: x\\n\""));
}

/*
 * Present: text after "Your answer:", on its line or below, up to the next heading. Missing:
 * nothing but blanks, no "Your answer:" line, or the question deleted. A question the template
 * does not ask (12 and G3 in the learner's file) is not reported. gdb questions ("### GN.")
 * are matched by their own numbers: G1 is not question 1.
 */
TEST(answers_present_or_missing)
{
	static const int num[] = { 1, 4, 8, 11, 13, 1, 2 }, present[] = { 1, 0, 1, 0, 0, 1, 0 };
	static const int gdb[] = { 0, 0, 0, 0, 0, 1, 1 };
	struct answers a;

	ASSERT_EQ(0, answers_load("fixtures/answers-template.md", "fixtures/answers-learner.md",
				  &a));
	ASSERT_EQ(7, a.n);
	for (int i = 0; i < 7; i++) {
		EXPECT_EQ(num[i], a.q[i].num);
		EXPECT_EQ(gdb[i], a.q[i].gdb);
		EXPECT_EQ(present[i], a.q[i].present) TH_LOG("question %d", num[i]);
	}
	EXPECT_STREQ("Does the message match the code?", a.q[2].title);
	ASSERT_EQ(0, answers_load("fixtures/answers-template.md", "fixtures/none.md", &a));
	ASSERT_EQ(7, a.n);
	for (int i = 0; i < 7; i++) {
		EXPECT_EQ(0, a.q[i].present) TH_LOG("question %d, with no answers file", num[i]);
	}
	EXPECT_EQ(-1, answers_load("fixtures/none.md", "fixtures/answers-learner.md", &a));
}

#define ANSWERS " --questions fixtures/answers-template.md --answers fixtures/answers-learner.md"

/* The score table and results.json say which answers are there, also for a run that never
 * was; neither the score nor the verdict depends on them. */
TEST(grade_reports_answers)
{
	char out[4096], json[4096], opath[64], jpath[64];

	snprintf(opath, sizeof(opath), "/tmp/lab-test-%d.out", getpid());
	snprintf(jpath, sizeof(jpath), "/tmp/lab-test-%d.json", getpid());
	setenv("SERIES", "6.1", 1);	/* named in the verdict and results.json */
	EXPECT_EQ(0, sh("%s --manifest fixtures/01-sample/stage.mk --log fixtures/pass.log"
			ANSWERS " --json %s >%s", jpath, opath));
	unsetenv("SERIES");
	slurp(opath, out, sizeof(out));
	slurp(jpath, json, sizeof(json));
	EXPECT_NE(NULL, strstr(out, "  score 5/5\n"
			       "  review and gdb answers in fixtures/answers-learner.md "
			       "(not scored):\n"
			       "    present  1. Does it build on its own?\n"
			       "    missing  4. Who owns each pointer")) TH_LOG("%s", out);
	EXPECT_NE(NULL, strstr(out, "    present  8. Does the message match the code?\n"
			       "    missing  11. What runs on the paths nobody tests?\n"
			       "    missing  13. Can user space tell"));
	EXPECT_NE(NULL, strstr(out, "    present  G1. Which AP[2:0] bits does `lab pte 0xffff1000` "
			       "show?\n    missing  G2. Which symbol")) TH_LOG("%s", out);
	EXPECT_NE(NULL, strstr(out, "verdict: PASS: all checks pass (linux 6.1)\n"));
	EXPECT_NE(NULL, strstr(json, "\"score\": 5, \"max_score\": 5"));
	EXPECT_NE(NULL, strstr(json, "\"extra_data\": {\"series\": \"6.1\", \"answers\": [\n"
			       "  {\"question\": 1, \"title\": \"Does it build on its own?\", "
			       "\"status\": \"present\"},"))
		TH_LOG("%s", json);
	EXPECT_NE(NULL, strstr(json, "{\"question\": 13, \"title\": \"Can user space tell whether "
			       "the feature is there, and what happens on an old kernel?\", "
			       "\"status\": \"missing\"},"));
	EXPECT_NE(NULL, strstr(json, "{\"question\": \"G2\", \"title\": \"Which symbol does the "
			       "SWI literal hold?\", \"status\": \"missing\"}\n]}}\n"))
		TH_LOG("%s", json);
	EXPECT_EQ(1, sh("%s --manifest fixtures/01-sample/stage.mk --fail 'not submitted'"
			ANSWERS " --json %s >%s", jpath, opath));
	slurp(jpath, json, sizeof(json));
	EXPECT_NE(NULL, strstr(json, "{\"question\": 8, \"title\": \"Does the message match the "
			       "code?\", \"status\": \"present\"}"));
	unlink(opath);
	/* Without its questions the lab itself is broken: no grade at all. */
	EXPECT_EQ(2, sh("%s --manifest fixtures/01-sample/stage.mk --log fixtures/pass.log "
			"--questions %s --answers %s 2>/dev/null", "fixtures/none.md", "x.md"));
}

/*
 * Written reviews (fixtures/06-review): the patch has hunks 1 (sample.c's includes), 2
 * (setup(): the bug) and 3 (teardown()); its 6.12 port has a hunk of sample.h first, so that
 * the bug is its hunk 3.
 */
#define RDIR "fixtures/06-review/"

/* Quotes that are no line of the patch are reported with their line, and a hint where they
 * would match but for whitespace or the diff marker; a nested quote is not the patch's. */
TEST(review_reports_lines_not_in_the_patch)
{
	struct review r;
	char err[256];

	ASSERT_EQ(0, review_check(RDIR "review-stray.txt", RDIR "patches", "0001 2", &r, err,
				  sizeof(err))) TH_LOG("%s", err);
	EXPECT_EQ(1, r.present);
	EXPECT_EQ(5, r.quoted);
	EXPECT_EQ(1, r.in_hunks);
	EXPECT_EQ(0, r.outside);
	ASSERT_EQ(4, r.nstray);
	EXPECT_EQ(8, r.stray[0].lineno);
	EXPECT_STREQ("+\tinstall(page);", r.stray[0].text);
	EXPECT_STREQ("", r.stray[0].hint);
	EXPECT_EQ(9, r.stray[1].lineno);
	EXPECT_NE(NULL, strstr(r.stray[1].hint, "other whitespace")) TH_LOG("%s", r.stray[1].hint);
	EXPECT_EQ(10, r.stray[2].lineno);
	EXPECT_NE(NULL, strstr(r.stray[2].hint, "diff marker")) TH_LOG("%s", r.stray[2].hint);
	EXPECT_EQ(11, r.stray[3].lineno);
	EXPECT_STREQ(">  {", r.stray[3].text);
	EXPECT_EQ(1, r.bug_quoted);
	EXPECT_STREQ("stray quotes", review_result(&r));
	review_free(&r);
}

/* Quotes of the bug's hunk and of the message, a blank quote ignored: nothing to report. */
TEST(review_quotes_the_bug_hunk)
{
	struct review r;
	char err[256];

	ASSERT_EQ(0, review_check(RDIR "review-bug.txt", RDIR "patches", "0001 2", &r, err,
				  sizeof(err))) TH_LOG("%s", err);
	EXPECT_EQ(3, r.quoted);
	EXPECT_EQ(2, r.in_hunks);
	EXPECT_EQ(1, r.outside);
	EXPECT_EQ(0, r.nstray);
	ASSERT_EQ(1, r.nhunks);
	EXPECT_STREQ("0001 2", r.hunks[0]);
	EXPECT_EQ(1, r.bug_quoted);
	EXPECT_STREQ("ok", review_result(&r));
	EXPECT_NE(NULL, strstr(r.text, "&page is the address of a local"));
	review_free(&r);
	/* The 6.12 port numbers the same hunk 3. */
	ASSERT_EQ(0, review_check(RDIR "review-bug.txt", RDIR "patches/6.12", "0001 3", &r, err,
				  sizeof(err))) TH_LOG("%s", err);
	EXPECT_STREQ("ok", review_result(&r));
	EXPECT_STREQ("0001 3", r.hunks[0]);
	review_free(&r);
}

TEST(review_quotes_nothing_or_is_missing)
{
	struct review r;
	char err[256];

	ASSERT_EQ(0, review_check(RDIR "review-none.txt", RDIR "patches", "0001 2", &r, err,
				  sizeof(err)));
	EXPECT_EQ(1, r.present);
	EXPECT_EQ(0, r.quoted);
	EXPECT_STREQ("quotes nothing", review_result(&r));
	review_free(&r);
	ASSERT_EQ(0, review_check(RDIR "none.txt", RDIR "patches", "0001 2", &r, err, sizeof(err)));
	EXPECT_EQ(0, r.present);
	EXPECT_EQ(NULL, r.text);
	EXPECT_STREQ("missing", review_result(&r));
	review_free(&r);
}

/* A line that several hunks have goes with the hunk most of its block's lines are in (the
 * braces with teardown()'s removed line: hunk 3), else with the earlier one. */
TEST(review_hunk_of_a_shared_line)
{
	struct review r;
	char err[256];

	ASSERT_EQ(0, review_check(RDIR "review-elsewhere.txt", RDIR "patches", "0001 2", &r, err,
				  sizeof(err)));
	ASSERT_EQ(2, r.nhunks);
	EXPECT_STREQ("0001 1", r.hunks[0]);
	EXPECT_STREQ("0001 3", r.hunks[1]);
	EXPECT_EQ(0, r.bug_quoted);
	EXPECT_STREQ("misses the bug hunk", review_result(&r));
	review_free(&r);
	ASSERT_EQ(0, review_check(RDIR "review-shared.txt", RDIR "patches", "0001 2", &r, err,
				  sizeof(err)));
	ASSERT_EQ(1, r.nhunks);
	EXPECT_STREQ("0001 2", r.hunks[0]);
	EXPECT_STREQ("ok", review_result(&r));
	review_free(&r);
}

/* A BUG_HUNK that names no hunk of the patches, or no patches at all: the lab is wrong. */
TEST(review_bug_hunk_must_exist)
{
	static const struct { const char *bug, *why; } cases[] = {
		{ "0001 4", "hunk 4 of patch 0001, which has 3" },
		{ "0002 1", "patch 0002, which is not in the folder" },
		{ "0001", "is not pairs" },
		{ "1 2", "is not pairs" },
		{ "0001 x", "is not pairs" },
	};
	struct review r;
	char err[256];

	for (unsigned int i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		EXPECT_EQ(-1, review_check(RDIR "review-bug.txt", RDIR "patches", cases[i].bug, &r,
					   err, sizeof(err))) TH_LOG("%s", cases[i].bug);
		EXPECT_NE(NULL, strstr(err, cases[i].why)) TH_LOG("%s: %s", cases[i].bug, err);
	}
	EXPECT_EQ(-1, review_check(RDIR "review-bug.txt", RDIR "none", "0001 2", &r, err,
				   sizeof(err)));
	EXPECT_NE(NULL, strstr(err, "no patches in")) TH_LOG("%s", err);
}

#define ALONE "%s --manifest fixtures/06-review/stage.mk --review " RDIR "%s --patches %s " \
	">/dev/null 2>&1"

/* grade --review without a log: 0 only when every mechanical check passes; BUG_HUNK@6.12
 * is read for SERIES=6.12; a stage without BUG_HUNK, or a wrong one, is the lab's error. */
TEST(grade_review_alone)
{
	EXPECT_EQ(0, sh(ALONE, "review-bug.txt", RDIR "patches"));
	EXPECT_EQ(1, sh(ALONE, "review-stray.txt", RDIR "patches"));
	EXPECT_EQ(1, sh(ALONE, "review-none.txt", RDIR "patches"));
	EXPECT_EQ(1, sh(ALONE, "review-elsewhere.txt", RDIR "patches"));
	EXPECT_EQ(1, sh(ALONE, "none.txt", RDIR "patches"));
	setenv("SERIES", "6.12", 1);
	EXPECT_EQ(0, sh(ALONE, "review-bug.txt", RDIR "patches/6.12"));
	EXPECT_EQ(1, sh(ALONE, "review-elsewhere.txt", RDIR "patches/6.12"));
	unsetenv("SERIES");
	EXPECT_EQ(2, sh("%s --manifest fixtures/06-review/bad.mk --review %s --patches %s "
			">/dev/null 2>&1", RDIR "review-bug.txt", RDIR "patches"));
	EXPECT_EQ(2, sh("%s --manifest fixtures/01-sample/stage.mk --review %s --patches %s "
			">/dev/null 2>&1", RDIR "review-bug.txt", RDIR "patches"));
	EXPECT_EQ(2, sh("%s --manifest fixtures/06-review/stage.mk --review %s%s >/dev/null 2>&1",
			RDIR "review-bug.txt", ""));	/* --review wants --patches */
}

/* The score table, results.json and junit.xml report the review; score and verdict do not
 * depend on it. */
TEST(grade_reports_review)
{
	char out[4096], json[8192], xml[4096], opath[64], jpath[64], xpath[64], cmd[512];

	snprintf(opath, sizeof(opath), "/tmp/lab-test-%d.out", getpid());
	snprintf(jpath, sizeof(jpath), "/tmp/lab-test-%d.json", getpid());
	snprintf(xpath, sizeof(xpath), "/tmp/lab-test-%d.xml", getpid());
	snprintf(cmd, sizeof(cmd), "%%s --manifest fixtures/06-review/stage.mk"
		 " --log fixtures/%%s.log --review " RDIR "review-stray.txt --patches " RDIR
		 "patches --json %s --junit %s"
		 " >%s", jpath, xpath, opath);
	EXPECT_EQ(0, sh(cmd, "pass", NULL));
	slurp(opath, out, sizeof(out));
	slurp(jpath, json, sizeof(json));
	slurp(xpath, xml, sizeof(xml));
	EXPECT_NE(NULL, strstr(out, "  score 5/5\n"
			       "  written review in " RDIR "review-stray.txt (not scored): "
			       "stray quotes\n"
			       "    5 lines quoted: 1 in hunks (0001 2), "
			       "0 in the message or headers, 4 not in the patch\n"
			       "    line 8 is not in the patch: \"+\tinstall(page);\"\n"
			       "    line 9 is not in the patch: \"+        return 0;\"\n"
			       "      the patch has this line with other whitespace"))
		TH_LOG("%s", out);
	EXPECT_NE(NULL, strstr(out, "    a line of the hunk that carries the bug: quoted\n"
			       "verdict: PASS: all checks pass\n")) TH_LOG("%s", out);
	EXPECT_EQ(NULL, strstr(out, "0001 2)\n")) TH_LOG("the bug's hunk is not named: %s", out);
	EXPECT_NE(NULL, strstr(json, "\"score\": 5, \"max_score\": 5"));
	EXPECT_NE(NULL, strstr(json, "\"extra_data\": {\"review\": {\"file\": \"" RDIR
			       "review-stray.txt\", \"result\": \"stray quotes\", \"quoted\": 5, "
			       "\"in_hunks\": 1, \"outside_hunks\": 0, \"not_in_patch\": 4, "
			       "\"lines_not_in_patch\": [\n    {\"line\": 8, \"text\": "
			       "\"+\\u0009install(page);\", \"hint\": \"\"},")) TH_LOG("%s", json);
	EXPECT_NE(NULL, strstr(json, "{\"line\": 11, \"text\": \">  {\", \"hint\": \"\"}], "
			       "\"hunks_quoted\": [\"0001 2\"], \"bug_hunk\": \"0001 2\", "
			       "\"bug_hunk_quoted\": true, \"truncated\": false,\n  \"text\": "
			       "\"# A review whose quotes are not all in the patch.\\n\\n"
			       "A Developer"))
		TH_LOG("%s", json);
	EXPECT_NE(NULL, strstr(json, ">>  {\\n\"}}}\n")) TH_LOG("%s", json);
	EXPECT_NE(NULL, strstr(xml, "<property name=\"review\" value=\"stray quotes: 5 quoted, "
			       "4 not in the patch, bug hunk quoted: yes\"/>")) TH_LOG("%s", xml);
	/* A run that never was, a review that is not there. */
	snprintf(cmd, sizeof(cmd), "%%s --manifest fixtures/06-review/stage.mk --fail %%s --review "
		 RDIR "none.txt --patches " RDIR "patches --json %s >%s", jpath, opath);
	EXPECT_EQ(1, sh(cmd, "'not submitted'", NULL));
	slurp(opath, out, sizeof(out));
	slurp(jpath, json, sizeof(json));
	EXPECT_NE(NULL, strstr(out, "  written review in " RDIR "none.txt (not scored): missing\n"
			       "verdict: FAIL"));
	EXPECT_NE(NULL, strstr(json, "\"result\": \"missing\", \"quoted\": 0")) TH_LOG("%s", json);
	EXPECT_NE(NULL, strstr(json, "\"bug_hunk_quoted\": false, \"truncated\": false,\n  "
			       "\"text\": null}}}\n")) TH_LOG("%s", json);
}

/* A reproducer scores its points only when it fails below (an oops or a guest that never
 * reported counts as failing there) and exits 0 on the stage's kernel. */
TEST(repro_scores_both_sides)
{
	static const struct { const char *st; int rc; } runs[] = {
		{ "08:1 09:0", 0 }, { "08:125 09:0", 0 }, { "08:124 09:0", 0 },
		{ "08:0 09:0", 1 }, { "08:1 09:1", 1 }, { "08:124 09:124", 1 },
		{ "08:- 09:0", 1 }, { "08:1 09:-", 1 },
	};

	for (unsigned int i = 0; i < sizeof(runs) / sizeof(runs[0]); i++) {
		EXPECT_EQ(runs[i].rc, sh("%s --manifest fixtures/06-repro/stage.mk --repro '%s' "
					 ">/dev/null%s", runs[i].st, "")) TH_LOG("%s", runs[i].st);
	}
	EXPECT_EQ(1, sh("%s --manifest fixtures/06-repro/stage.mk --repro '08:- 09:-' --fail "
			"'%s' >/dev/null%s", "does not compile", ""));
	EXPECT_EQ(2, sh("%s --manifest fixtures/01-sample/stage.mk --repro '%s' >/dev/null 2>&1%s",
			"08:1 09:0", "")) TH_LOG("a stage without REPRO");
}

TEST(mkexercise_strips_solutions)
{
	char cmd[512];

	snprintf(cmd, sizeof(cmd), "%s fixtures/sample.c | diff - fixtures/sample-exercise.c",
		 getenv("MKEXERCISE"));
	EXPECT_EQ(0, system(cmd));
}

static int picsvg(const char *fmt, const char *dump)
{
	char cmd[512];

	snprintf(cmd, sizeof(cmd), fmt, getenv("PICSVG"), dump);
	return system(cmd);
}

TEST(picsvg_draws_every_run)
{
	/* A band per run (3 + 2), the page's end address, the named place, a dashed empty page. */
	EXPECT_EQ(0, picsvg("test $(%s %s | grep -c '<rect x=[^>]*stroke=\"#444\"') = 5",
			    "fixtures/picture.txt"));
	EXPECT_EQ(0, picsvg("%s %s | grep -q '>0xffff1000</text>'", "fixtures/picture.txt"));
	EXPECT_EQ(0, picsvg("%s %s | grep -q '>+signal_return_offset</text>'",
			    "fixtures/picture.txt"));
	EXPECT_EQ(0, picsvg("%s %s | grep -q 'stroke-dasharray'", "fixtures/picture.txt"));
}

TEST(picsvg_rejects_a_gap)
{
	EXPECT_NE(0, picsvg("%s %s >/dev/null 2>&1", "fixtures/picture-gap.txt"));
	EXPECT_EQ(0, picsvg("%s %s 2>&1 >/dev/null | "
			    "grep -qx 'picsvg: .*picture-gap.txt:3: a run.s offsets must "
			    "follow .*'",
			    "fixtures/picture-gap.txt"));
}

TEST_HARNESS_MAIN
