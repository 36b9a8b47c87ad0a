// SPDX-License-Identifier: GPL-2.0
/*
 * Checks for the Kconfig part of 01-debug-uncompress, run on the host against the stage's
 * arch/arm/Kconfig.debug ($LAB_SRC). Ground truth: awk over the same file, and a Kconfig
 * written here.
 */
#include <stdlib.h>
#include <string.h>
#include "kselftest_harness.h"
#include "kconfig.h"

/* awk prints what the DEBUG_UNCOMPRESS entry has: its "help" line, its depends lines. */
#define ORACLE "awk '/^config DEBUG_UNCOMPRESS$/ { f = 1; next } f && /^[^ \\t]/ { exit } " \
	"f && /^[ \\t]+help$/ { print \"help\" } " \
	"f && /^[ \\t]+depends on / { sub(/^[ \\t]+/, \"\"); print }' "

static char kconfig[4096];
static struct kconfig_entry e;

static const char *stage_kconfig(void)
{
	snprintf(kconfig, sizeof(kconfig), "%s/arch/arm/Kconfig.debug", getenv("LAB_SRC") ?: ".");
	return kconfig;
}

/* 1 if awk prints line for the stage's entry. */
static int oracle_has(const char *line)
{
	char cmd[8192], buf[512];
	int found = 0;
	FILE *p;

	snprintf(cmd, sizeof(cmd), ORACLE "'%s'", stage_kconfig());
	p = popen(cmd, "r");
	while (p && fgets(buf, sizeof(buf), p))
		found |= !strncmp(buf, line, strlen(line)) && buf[strlen(line)] == '\n';
	if (p)
		pclose(p);
	return found;
}

TEST(reads_a_kconfig_entry)
{
	static const char *const text =
		"config FOO\n"
		"\tbool\n"
		"\n"
		"config LAB_UNCOMPRESS\n"
		"\tbool \"Say something\" if EXPERT\n"
		"\tdepends on ARCH_X && \\\n"
		"\t\t   ARCH_Y\n"
		"\tdepends on !ARCH_Z\n"
		"\tdefault y if DEBUG_LL\n"
		"\tdefault n\n"
		"\thelp\n"
		"\t  First line.\n"
		"\n"
		"\t  Second paragraph.\n"
		"\t  \n"
		"\n"
		"config NEXT\n"
		"\ttristate\n"
		"\thelp\n"
		"\t  Not ours.\n";
	char path[] = "/tmp/kconfig-XXXXXX";
	int fd = mkstemp(path);

	ASSERT_LE(0, fd);
	ASSERT_EQ((ssize_t)strlen(text), write(fd, text, strlen(text)));
	close(fd);
	ASSERT_EQ(0, kconfig_entry(path, "LAB_UNCOMPRESS", &e));
	EXPECT_STREQ("bool", e.type);
	EXPECT_STREQ("Say something", e.prompt);
	ASSERT_EQ(2, e.ndepends);
	EXPECT_TRUE(strstr(e.depends[0], "ARCH_X") && strstr(e.depends[0], "ARCH_Y"))
		TH_LOG("continued line read as \"%s\"", e.depends[0]);
	EXPECT_STREQ("!ARCH_Z", e.depends[1]);
	EXPECT_EQ(2, e.ndefaults);
	EXPECT_STREQ("First line.\n\nSecond paragraph.", e.help);
	ASSERT_EQ(0, kconfig_entry(path, "FOO", &e));
	EXPECT_STREQ("", e.prompt);
	EXPECT_STREQ("", e.help);
	EXPECT_EQ(-1, kconfig_entry(path, "LAB_MISSING", &e));
	unlink(path);
}

/* Both before and after the commit the option has no prompt: the default decides it. */
TEST(debug_uncompress_is_hidden)
{
	ASSERT_EQ(0, kconfig_entry(stage_kconfig(), "DEBUG_UNCOMPRESS", &e));
	EXPECT_STREQ("bool", e.type);
	EXPECT_STREQ("", e.prompt);
	EXPECT_LT(0, e.ndefaults);
}

/* The point of b6992fa9a748: the option says what it is for. */
TEST(debug_uncompress_documented)
{
	ASSERT_EQ(0, kconfig_entry(stage_kconfig(), "DEBUG_UNCOMPRESS", &e));
	EXPECT_TRUE(oracle_has("help")) TH_LOG("awk finds no help line in the entry");
	EXPECT_TRUE(strstr(e.help, "multiplatform") != NULL) TH_LOG("help read as \"%s\"", e.help);
}

/* ... and the multiplatform condition moved from the default into a dependency. */
TEST(debug_uncompress_needs_multiplatform)
{
	int found = 0;

	ASSERT_EQ(0, kconfig_entry(stage_kconfig(), "DEBUG_UNCOMPRESS", &e));
	for (int i = 0; i < e.ndepends; i++)
		found |= !strcmp(e.depends[i], "ARCH_MULTIPLATFORM");
	EXPECT_TRUE(found) TH_LOG("%d depends lines read", e.ndepends);
	EXPECT_TRUE(oracle_has("depends on ARCH_MULTIPLATFORM")) TH_LOG("awk disagrees");
}

TEST_HARNESS_MAIN
