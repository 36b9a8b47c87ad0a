// SPDX-License-Identifier: GPL-2.0
/*
 * Checks for 07-fiq-relocation. The learner's module reports where set_fiq_handler() put
 * its handler; the expected place comes from the running kernel (vector_fiq_offset in
 * System.map, else the architectural FIQ vector at 0x1c), and what user space can see of
 * it from the test's own guarded reads of the vectors page.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
#include "kselftest_harness.h"
#include "lab.h"
#include "fiqmark.h"

/* Load fiqmark.ko once per boot (each test runs in its own process) and read 'landed'. */
static uint32_t landed(void)
{
	char buf[32] = "";
	FILE *f;

	if (!lab_load_module("fiqmark"))
		return 0;
	f = fopen(FIQMARK_LANDED, "r");
	if (!f)
		return 0;
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = 0;
	fclose(f);
	return strtoul(buf, NULL, 0);
}

static uint32_t fiq_offset(void)
{
	uint32_t off = lab_symbol("vector_fiq_offset");

	/* Without the symbol, set_fiq_handler() writes over the FIQ vector itself. */
	return off ? off : 0x1c;
}

/* Offset of the first marker word user space can read in the vectors page, or -1. */
static long visible_marker(void)
{
	for (uint32_t off = 0; off < 4096; off += 4) {
		uint32_t w;

		if (lab_peek(LAB_VECTORS + off, &w) && w == FIQMARK_MAGIC)
			return off;
	}
	return -1;
}

TEST(module_installs_handler)
{
	EXPECT_NE(0, landed()) TH_LOG("fiqmark.ko did not load, or did not find its handler");
}

TEST(handler_where_kernel_puts_it)
{
	uint32_t at = landed(), want = LAB_VECTORS + fiq_offset();

	ASSERT_NE(0, at);
	EXPECT_EQ(want, at)
		TH_LOG("vector_fiq_offset %#x in System.map", lab_symbol("vector_fiq_offset"));
}

/* The point of e39e3f3ebfef: a FIQ handler is kernel code, and no process may read it. */
TEST(handler_hidden_from_user)
{
	uint32_t at = landed(), first;
	long seen;

	ASSERT_NE(0, at);
	seen = visible_marker();
	if (seen >= 0 && lab_peek(LAB_VECTORS + seen - 4, &first))
		TH_LOG("user space reads the handler at %#lx (first word %08x)",
		       LAB_VECTORS + seen - 4, first);
	EXPECT_EQ(-1, seen);
}

TEST_HARNESS_MAIN
