// SPDX-License-Identifier: GPL-2.0
/*
 * Checks for 11-fix-nokuser-build, run on the build host against the stage's ARMv6 kernel
 * ($LAB_SRC: its System.map and the entry-armv.o the manifest keeps). Ground truth: the
 * cross binutils' nm and readelf on the same object, and the kernel's own System.map.
 */
#include <stdlib.h>
#include <string.h>
#include "kselftest_harness.h"
#include "undefs.h"

#define MAX 1024

static char obj[4096], map[4096];

static void paths(void)
{
	const char *src = getenv("LAB_SRC") ? getenv("LAB_SRC") : ".";

	snprintf(obj, sizeof(obj), "%s/arch/arm/kernel/entry-armv.o", src);
	snprintf(map, sizeof(map), "%s/System.map", src);
}

/* Run "CROSS<tool> ARGS" and keep one word per line of its output. */
static int tool_words(const char *tool, const char *args, char words[][UNDEFS_NAME], int max)
{
	char cmd[8192], line[512];
	const char *cross = getenv("CROSS") ? getenv("CROSS") : "arm-linux-gnueabi-";
	int n = 0;
	FILE *p;

	snprintf(cmd, sizeof(cmd), "%s%s %s", cross, tool, args);
	p = popen(cmd, "r");
	while (p && n < max && fgets(line, sizeof(line), p))
		if (sscanf(line, "%127s", words[n]) == 1)
			n++;
	if (p)
		pclose(p);
	return n;
}

/* nm's undefined symbols of the object (nm -u prints "U name"). */
static int nm_undefined(char words[][UNDEFS_NAME], int max)
{
	char args[8192];

	snprintf(args, sizeof(args), "-u '%s' | awk '{ print $2 }'", obj);
	return tool_words("nm", args, words, max);
}

static int find(struct undef *u, int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(u[i].name, name))
			return i;
	return -1;
}

TEST(lists_what_nm_lists)
{
	static struct undef u[MAX];
	static char want[MAX][UNDEFS_NAME];
	int n, nw;

	paths();
	nw = nm_undefined(want, MAX);
	ASSERT_LT(0, nw) TH_LOG("nm lists no undefined symbol in %s", obj);
	n = undefs_list(obj, u, MAX);
	ASSERT_EQ(nw, n) TH_LOG("nm -u lists %d symbols in %s", nw, obj);
	for (int i = 0; i < nw; i++) {
		EXPECT_LE(0, find(u, n, want[i]))
			TH_LOG("%s (nm -u) is missing from your list", want[i]);
	}
}

TEST(counts_references_like_readelf)
{
	static struct undef u[MAX];
	static char refs[8 * MAX][UNDEFS_NAME];
	char args[8192];
	int n, nr;

	paths();
	/* readelf -r: one line per relocation, the symbol's name in the fifth column. */
	snprintf(args, sizeof(args), "-rW '%s' | awk '$3 ~ /^R_ARM_/ && NF >= 5 { print $5 }'",
		 obj);
	nr = tool_words("readelf", args, refs, 8 * MAX);
	n = undefs_list(obj, u, MAX);
	ASSERT_LT(0, n);
	for (int i = 0; i < n; i++) {
		int want = 0;

		for (int r = 0; r < nr; r++)
			want += !strcmp(refs[r], u[i].name);
		EXPECT_EQ(want, u[i].refs) TH_LOG("relocations naming %s", u[i].name);
	}
}

/* The stage's link map defines everything entry-armv.o uses; a map without one of those
 * symbols must make exactly that symbol the one reported, as the 2013 link did. */
TEST(finds_the_missing_symbol)
{
	static char want[MAX][UNDEFS_NAME];
	char fake[] = "/tmp/lab-map-XXXXXX", cmd[16384], *text = NULL;
	size_t len = 0;
	FILE *out;
	int fd, r;

	paths();
	ASSERT_LT(0, nm_undefined(want, MAX));
	out = open_memstream(&text, &len);
	r = undefs_unresolved(obj, map, out);
	fclose(out);
	EXPECT_EQ(0, r)
		TH_LOG("against the kernel's own System.map; you printed: %s", text ? text : "");
	free(text);

	fd = mkstemp(fake);
	ASSERT_LE(0, fd);
	close(fd);
	snprintf(cmd, sizeof(cmd), "awk '$3 != \"%s\"' '%s' > '%s'", want[0], map, fake);
	ASSERT_EQ(0, system(cmd));
	text = NULL;
	out = open_memstream(&text, &len);
	r = undefs_unresolved(obj, fake, out);
	fclose(out);
	unlink(fake);
	EXPECT_EQ(1, r) TH_LOG("with %s taken out of System.map", want[0]);
	ASSERT_NE(NULL, text);
	EXPECT_EQ(0, strncmp(text, want[0], strlen(want[0]))) TH_LOG("you printed: %s", text);
	free(text);
}

TEST_HARNESS_MAIN
