// SPDX-License-Identifier: GPL-2.0
/*
 * Checks for 04-machine-sort, run on the host against the stage's arch/arm/Makefile
 * ($LAB_SRC). Ground truth: awk over the same file (LC_ALL=C, so byte order), and a
 * Makefile written here with known mistakes at known lines.
 */
#include <stdlib.h>
#include <string.h>
#include "kselftest_harness.h"
#include "machsort.h"

#define MAX 512
/* The block's entries, then (after "--") the line numbers awk finds out of order. */
#define ORACLE "LC_ALL=C awk '/^machine-\\$\\(CONFIG_[A-Z0-9_]+\\)[ \\t]*\\+=/ " \
	"{ b = 1; n = $0; sub(/^machine-\\$\\(CONFIG_/, \"\", n); sub(/\\).*/, \"\", n); " \
	"e[++c] = NR; if (c > 1 && n < p) bad[++nb] = NR; p = n; next } b { exit } " \
	"END { for (i = 1; i <= c; i++) print e[i]; print \"--\"; " \
	"for (i = 1; i <= nb; i++) print bad[i] }' "

static char makefile[4096];

static const char *stage_makefile(void)
{
	snprintf(makefile, sizeof(makefile), "%s/arch/arm/Makefile",
		 getenv("LAB_SRC") ? getenv("LAB_SRC") : ".");
	return makefile;
}

/* awk's view of path: entry lines in lines[], out-of-order lines in bad[]. */
static void oracle(const char *path, int *lines, int *n, int *bad, int *nbad)
{
	char cmd[8192], buf[64];
	int *dst = lines, *cnt = n;
	FILE *p;

	*n = *nbad = 0;
	snprintf(cmd, sizeof(cmd), ORACLE "'%s'", path);
	p = popen(cmd, "r");
	while (p && fgets(buf, sizeof(buf), p)) {
		if (!strcmp(buf, "--\n")) {
			dst = bad;
			cnt = nbad;
		} else if (*cnt < MAX) {
			dst[(*cnt)++] = atoi(buf);
		}
	}
	if (p)
		pclose(p);
}

/* The learner's report on path, as line numbers. */
static int report_lines(const char *path, int *lines, int max)
{
	char *text = NULL, *s;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	int r = machsort_report(path, f), n = 0;

	fclose(f);
	for (s = text; s && *s && n < max;
	     s = strchr(s, '\n') ? strchr(s, '\n') + 1 : s + strlen(s))
		lines[n++] = atoi(s);
	free(text);
	return r < 0 ? r : n;
}

TEST(parses_the_block)
{
	static struct machsort_entry e[MAX];
	int lines[MAX], bad[MAX], n, nbad;
	int got = machsort_parse(stage_makefile(), e, MAX);

	oracle(makefile, lines, &n, bad, &nbad);
	ASSERT_LT(0, n) TH_LOG("awk found no machine- block in %s", makefile);
	ASSERT_EQ(n, got);
	for (int i = 0; i < n; i++) {
		EXPECT_EQ(lines[i], e[i].line) TH_LOG("entry %d", i);
		EXPECT_NE(0, e[i].dir[0])
			TH_LOG("entry %d (line %d) has no directory", i, e[i].line);
	}
}

/* Mixed blanks, C-locale order (ARCH_MXS sorts before ARCH_MX_C), and a stray entry after
 * the block that must not count. The planted mistakes are on lines 10, 12 and 15. */
TEST(reports_inversions_with_line_numbers)
{
	static const char *const text =
		"# header\n"
		"textofs-$(CONFIG_ARCH_MSM8X60) := 0x00208000\n"
		"\n"
		"# Machine directory name.  This list is sorted alphanumerically\n"
		"# by CONFIG_* macro name.\n"
		"machine-$(CONFIG_ARCH_ACTIONS)\t\t+= actions\n"
		"machine-$(CONFIG_ARCH_INTEGRATOR)\t+= integrator\n"
		"machine-$(CONFIG_ARCH_INTEL_SOCFPGA)  \t+= socfpga\n"
		"machine-$(CONFIG_ARCH_MX_C)\t+= mx_c\n"
		"machine-$(CONFIG_ARCH_MXS) \t += mxs\n"
		"machine-$(CONFIG_ARCH_S5PV210)\t+= s5pv210\n"
		"machine-$(CONFIG_ARCH_RENESAS) \t+= shmobile\n"
		"machine-$(CONFIG_ARCH_SA1100)\t\t+= sa1100\n"
		"machine-$(CONFIG_PLAT_SPEAR)\t\t+= spear\n"
		"machine-$(CONFIG_PLAT_SAMSUNG)\t\t+= s3c\n"
		"\n"
		"machine-$(CONFIG_ARCH_AAA)\t\t+= aaa\n";
	static struct machsort_entry e[MAX];
	char path[] = "/tmp/machsort-XXXXXX";
	int fd = mkstemp(path), lines[MAX], n;

	ASSERT_LE(0, fd);
	ASSERT_EQ((ssize_t)strlen(text), write(fd, text, strlen(text)));
	close(fd);
	EXPECT_EQ(10, machsort_parse(path, e, MAX));
	EXPECT_STREQ("shmobile", e[6].dir);
	n = report_lines(path, lines, MAX);
	ASSERT_EQ(3, n);
	EXPECT_EQ(10, lines[0]);
	EXPECT_EQ(12, lines[1]);
	EXPECT_EQ(15, lines[2]);
	unlink(path);
}

TEST(report_matches_awk)
{
	int lines[MAX], bad[MAX], got[MAX], n, nbad, ngot;

	oracle(stage_makefile(), lines, &n, bad, &nbad);
	ngot = report_lines(makefile, got, MAX);
	ASSERT_EQ(nbad, ngot);
	for (int i = 0; i < nbad; i++) {
		EXPECT_EQ(bad[i], got[i]) TH_LOG("out-of-order entry %d", i);
	}
}

/* The point of 6eddacae3850: the list is in the order its own comment promises. */
TEST(machine_block_sorted)
{
	int lines[MAX], bad[MAX], got[MAX], n, nbad;

	oracle(stage_makefile(), lines, &n, bad, &nbad);
	ASSERT_LT(0, n);
	EXPECT_EQ(0, report_lines(makefile, got, MAX))
		TH_LOG("first out-of-order entry: line %d", got[0]);
	EXPECT_EQ(0, nbad) TH_LOG("awk agrees: first out-of-order entry at line %d", bad[0]);
}

TEST_HARNESS_MAIN
