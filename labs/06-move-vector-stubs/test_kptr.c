// SPDX-License-Identifier: GPL-2.0
/*
 * Checks for 06-move-vector-stubs. Ground truth: the running kernel's System.map and the
 * test's own guarded reads; the learner's scanner is compared against both.
 */
#include "kselftest_harness.h"
#include "lab.h"
#include "kptr.h"

#define MAX 1024

static uint32_t text_lo(void) { return lab_symbol("_stext"); }
static uint32_t text_hi(void) { return lab_symbol("_etext"); }

TEST(probe_detects_faults)
{
	uint32_t here = 1;

	EXPECT_EQ(1, probe_readable((uintptr_t)&here));
	EXPECT_EQ(1, probe_readable(LAB_VECTORS))
		TH_LOG("the vector page is user-readable (KUSER_HELPERS=y)");
	EXPECT_EQ(0, probe_readable(0)) TH_LOG("page 0 is never mapped");
	EXPECT_EQ(0, probe_readable(lab_symbol("_stext")))
		TH_LOG("kernel text is not user-readable");
}

/* Whatever the layout, the scan must report exactly the kernel text pointers that are there. */
TEST(scan_matches_system_map)
{
	static struct kptr hits[MAX];
	uint32_t lo = text_lo(), hi = text_hi(), swi = lab_symbol("vector_swi");
	uint32_t und = lab_symbol("vector_und");
	int n, own = 0, saw_swi = 0;

	ASSERT_NE(0, lo);
	ASSERT_NE(0, und);
	n = kptr_scan(LAB_VECTORS, lo, hi, hits, MAX);
	ASSERT_LE(0, n);
	ASSERT_GE(MAX, n);
	for (uint32_t off = 0; off < 4096; off += 4) {
		uint32_t w;

		ASSERT_EQ(1, lab_peek(LAB_VECTORS + off, &w));
		own += w >= lo && w < hi;
	}
	EXPECT_EQ(own, n);
	for (int i = 0; i < n; i++) {
		uint32_t w;

		ASSERT_EQ(1, lab_peek(LAB_VECTORS + hits[i].offset, &w));
		ASSERT_EQ(w, hits[i].value) TH_LOG("hit %d at +%#x", i, hits[i].offset);
		EXPECT_TRUE(lab_text_symbol_at(w) != NULL)
			TH_LOG("%08x is no System.map symbol", w);
		saw_swi |= w == swi;
	}
	/* System.map says where the stubs (and with them the vector_swi literal) live. */
	EXPECT_EQ(und < LAB_STUBS, saw_swi) TH_LOG("vector_und at %08x, vector_swi %08x", und, swi);
}

/* The point of 19accfd37384: no kernel text address left for user space to read. */
TEST(no_kernel_text_pointers_visible)
{
	static struct kptr hits[MAX];
	int n = kptr_scan(LAB_VECTORS, text_lo(), text_hi(), hits, MAX);

	ASSERT_LE(0, n);
	for (int i = 0; i < n && i < 8; i++)
		TH_LOG("+%#05x: %08x %s", hits[i].offset, hits[i].value,
		       lab_text_symbol_at(hits[i].value) ?: "?");
	EXPECT_EQ(0, n);
}

TEST(stubs_page_hidden)
{
	ASSERT_EQ(1, probe_readable(LAB_VECTORS));
	EXPECT_EQ(0, probe_readable(LAB_STUBS));
}

TEST_HARNESS_MAIN
