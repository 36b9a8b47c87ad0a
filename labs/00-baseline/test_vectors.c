// SPDX-License-Identifier: GPL-2.0
/*
 * Checks for 00-baseline: the learner's decoder against the running kernel's System.map.
 * The vector page is re-read by the test itself, so a decoder cannot invent instructions.
 */
#include "kselftest_harness.h"
#include "lab.h"
#include "vectors.h"

static const char *const slot_target[8] = {
	NULL, "vector_und", NULL, "vector_pabt", "vector_dabt", "vector_addrexcptn",
	"vector_irq", "vector_fiq",
};

TEST(vector_page_readable)
{
	struct vec v[8];

	ASSERT_EQ(0, decode_vectors(v));
	for (int i = 0; i < 8; i++) {
		uint32_t w;

		ASSERT_EQ(1, lab_peek(LAB_VECTORS + 4 * i, &w));
		EXPECT_EQ(w, v[i].insn) TH_LOG("slot %d", i);
	}
}

TEST(branch_targets_match_system_map)
{
	struct vec v[8];

	ASSERT_EQ(0, decode_vectors(v));
	for (int i = 0; i < 8; i++) {
		uint32_t want;

		if (!slot_target[i])
			continue;
		want = lab_symbol(slot_target[i]);
		ASSERT_NE(0, want) TH_LOG("%s missing from System.map", slot_target[i]);
		ASSERT_EQ(VEC_BRANCH, v[i].kind)
			TH_LOG("slot %d (%08x) is not a branch", i, v[i].insn);
		EXPECT_EQ(want, v[i].target)
			TH_LOG("slot %d: %s is at %08x", i, slot_target[i], want);
	}
}

/* 3.11-rc3 had no reset stub: slot 0 was an SVC that user space could read. */
TEST(reset_vector_is_svc)
{
	struct vec v[8];

	ASSERT_EQ(0, decode_vectors(v));
	EXPECT_EQ(VEC_SVC, v[0].kind) TH_LOG("slot 0 is %08x", v[0].insn);
}

/* The SWI vector loads vector_swi from a literal: readable by any process before 19accfd37384. */
TEST(swi_literal_user_readable)
{
	uint32_t want = lab_symbol("vector_swi"), w;
	struct vec v[8];

	ASSERT_NE(0, want);
	ASSERT_EQ(0, decode_vectors(v));
	ASSERT_EQ(VEC_LDR_PC, v[2].kind) TH_LOG("slot 2 is %08x", v[2].insn);
	ASSERT_EQ(1, v[2].literal_ok) TH_LOG("literal at %08x is not readable", v[2].target);
	ASSERT_EQ(1, lab_peek(v[2].target, &w));
	EXPECT_EQ(w, v[2].literal);
	EXPECT_EQ(want, v[2].literal) TH_LOG("vector_swi is %08x", want);
}

TEST_HARNESS_MAIN
