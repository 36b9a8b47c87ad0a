// SPDX-License-Identifier: GPL-2.0
/*
 * Checks for 10-fix-sigpage-cockup: the exercise of 08-sigpage again, on a kernel that
 * installs the signal page with a page array that outlives the exec. Ground truth: whether a
 * child that uses the page comes back (a child is killed, or stuck in the kernel, when the
 * fault on the page oopses), and the test's own reading of /proc/self/maps and /proc/self/mem.
 */
#define _FILE_OFFSET_BITS 64	/* /proc/self/mem offsets are addresses, above 2 GiB here */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "kselftest_harness.h"
#include "lab.h"
#include "sigret.h"

#define BOUND_MS 5000

/* Run fn in a child for at most BOUND_MS: its exit status (or what the kernel did to it) and,
 * in *how, the same in words. */
static int in_child(int (*fn)(void *), const char **how)
{
	static char buf[64];
	struct sigret r;
	char state = 0;
	int st = lab_bounded(fn, &r, BOUND_MS, &state);

	if (st == LAB_HUNG)
		snprintf(buf, sizeof(buf), "%s",
			 state == 'D' ? "stuck in the kernel" : "still running");
	else if (st < 0)
		snprintf(buf, sizeof(buf), "killed by signal %d", -st);
	else
		snprintf(buf, sizeof(buf), "exited with status %d", st);
	*how = buf;
	return st;
}

/*
 * The start of the /proc/self/maps line that holds addr, as the test reads it, or 0. Not by
 * name: below 12-fix-is-gate-vma, with kuser helpers, the typo of 09 calls the page [vectors].
 */
static unsigned long mapping_start(unsigned long addr)
{
	char line[512];
	unsigned long s, e, found = 0;
	FILE *f = fopen("/proc/self/maps", "r");

	while (f && !found && fgets(line, sizeof(line), f))
		if (sscanf(line, "%lx-%lx", &s, &e) == 2 && addr >= s && addr < e)
			found = s;
	if (f)
		fclose(f);
	return found;
}

/* The handler returns through the kernel's code; 0 only if that code is in a page of the
 * process's own (the signal page), not in the vectors page at 0xffff0000. */
static int return_through_sigpage(void *arg)
{
	struct sigret *r = arg;

	if (sigret_probe(r, SIGRET_RETURN))
		return 2;
	return r->ret < LAB_VECTORS && mapping_start(r->ret) == r->start ? 0 : 3;
}

/* The fix: a handler's return through the page faults it in, and the process goes on. */
TEST(sigpage_return_comes_back)
{
	const char *how;
	int st = in_child(return_through_sigpage, &how);

	TH_LOG("a child whose handler returns through [sigpage]: %s", how);
	EXPECT_EQ(0, st);
}

/*
 * Read the first word of the page the exercise found (it escapes from its handler, so it
 * never runs the code) through /proc/self/mem: the path of ptrace and core dumps.
 */
static int read_sigpage_via_mem(void *arg)
{
	struct sigret *r = arg;
	uint32_t w;
	int fd;

	if (sigret_probe(r, SIGRET_ESCAPE))
		return 2;
	if (r->ret >= LAB_VECTORS || !r->start || mapping_start(r->ret) != r->start)
		return 3;
	fd = open("/proc/self/mem", O_RDONLY);
	return fd >= 0 && pread(fd, &w, sizeof(w), r->start) == sizeof(w) ? 0 : 4;
}

TEST(sigpage_readable_through_proc_mem)
{
	const char *how;
	int st = in_child(read_sigpage_via_mem, &how);

	TH_LOG("a child that reads its [sigpage] through /proc/self/mem: %s", how);
	EXPECT_EQ(0, st);
}

TEST_HARNESS_MAIN
