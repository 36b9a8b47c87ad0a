// SPDX-License-Identifier: GPL-2.0
/*
 * Checks for 09-vectors-inaccessible and 12-fix-is-gate-vma. Ground truth: the test's own
 * count of this process's /proc/self/maps, and its own guarded read of the vectors page.
 * The manifests say which checks count on which target.
 */
#include <string.h>
#include <sys/mman.h>
#include "kselftest_harness.h"
#include "lab.h"
#include "audit.h"

#define MAPS "/proc/self/maps"

/* An anonymous mapping of our own, so that the audit has one to name. */
static void *anon(void)
{
	static void *p;

	if (!p)
		p = mmap(NULL, 3 * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
			 -1, 0);
	return p;
}

/* The test's own count of lines whose name is exactly name. */
static int named(const char *name)
{
	char line[512];
	int n = 0;
	FILE *f = fopen(MAPS, "r");

	while (f && fgets(line, sizeof(line), f)) {
		char *p = strchr(line, '[');

		line[strcspn(line, "\n")] = 0;
		n += p && !strcmp(p, name);
	}
	if (f)
		fclose(f);
	return n;
}

TEST(audit_counts_match_maps)
{
	struct maps_audit a;

	ASSERT_TRUE(anon() != MAP_FAILED);
	ASSERT_EQ(0, maps_audit(MAPS, &a));
	EXPECT_EQ(named("[vectors]"), a.vectors);
	EXPECT_EQ(named("[stack]"), a.stack);
	EXPECT_EQ(named("[heap]"), a.heap);
	EXPECT_EQ(named("[sigpage]"), a.sigpage);
	EXPECT_LT(a.vectors + a.stack + a.heap + a.sigpage, a.lines);
}

/* What review would have asked of a5463cd34354: the gate page, and only it, is [vectors]. */
TEST(audit_maps_clean)
{
	struct maps_audit a;

	ASSERT_TRUE(anon() != MAP_FAILED);
	ASSERT_EQ(0, maps_audit(MAPS, &a));
	TH_LOG("%d lines: %d [vectors] (%d not the gate page), %d [stack], %d [heap], "
	       "%d [sigpage], %d unnamed",
	       a.lines, a.vectors, a.vectors_elsewhere, a.stack, a.heap, a.sigpage, a.anonymous);
	EXPECT_EQ(0, a.vectors_elsewhere);
	EXPECT_GE(1, a.vectors);
	EXPECT_EQ(1, a.stack);
	EXPECT_EQ(1, a.sigpage);
}

/* Without kuser helpers, the page is not a mapping of any process any more ... */
TEST(no_vectors_mapping)
{
	struct maps_audit a;

	ASSERT_EQ(0, maps_audit(MAPS, &a));
	EXPECT_EQ(0, named("[vectors]"));
	EXPECT_EQ(0, a.vectors);
}

/* ... and user space cannot read it at all. */
TEST(vectors_read_faults)
{
	struct maps_audit a;
	uint32_t w;

	ASSERT_EQ(0, maps_audit(MAPS, &a));
	EXPECT_EQ(0, lab_peek(LAB_VECTORS, &w)) TH_LOG("0xffff0000 reads as %08x", w);
}

TEST_HARNESS_MAIN
