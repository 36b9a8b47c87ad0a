// SPDX-License-Identifier: GPL-2.0
/*
 * Checks for 02-vivt-switch-mm. Each run forks a donor and a victim, two processes with
 * their own mm, and lets /dev/switchwin (switchwin.ko) park the CPU on the donor's page
 * tables and wake the victim: inside kthread_use_mm()'s deferred switch (window 1), or after
 * it (window 0, the control). The learner's lab_victim()/lab_probe() report what the victim
 * read from its marker page after the system call. The module reports what the kernel saw:
 * TTBR0 when the victim resumed, both processes' tables, and whether the victim resumed
 * inside kthread_use_mm(). The test compares the two; the marks are the only constants.
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include "kselftest_harness.h"
#include "lab.h"
#include "switchwin.h"
#include "victim.h"

#define RUNS 5

volatile unsigned int lab_marker[1024] __attribute__((aligned(4096)));

struct run {
	struct switchwin_result r;
	int victim, donor;	/* exit codes, or -1 */
};

static int open_dev(void)
{
	return lab_load_module("switchwin") ? open("/dev/switchwin", O_RDWR | O_CLOEXEC) : -1;
}

static int code(int st)
{
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* One run: 1 with *out filled in, 0 if it could not be set up (why, in the log). */
static int one_run(struct __test_metadata *_metadata, int fd, int window, struct run *out)
{
	pid_t q, v;
	int st, i, ended;

	ASSERT_EQ(0, ioctl(fd, SWITCHWIN_WINDOW, window));
	q = fork();
	if (q == 0) {
		lab_marker[0] = LAB_DONOR_MARK;
		lab_probe(fd, SWITCHWIN_DONOR, lab_marker);
	}
	for (i = 0; i < 200 && ioctl(fd, SWITCHWIN_READY) != 1; i++)
		usleep(10000);
	if (i == 200) {
		waitpid(q, &st, 0);
		TH_LOG("the donor never entered SWITCHWIN_DONOR (it exited with %d)", code(st));
		return 0;
	}
	v = fork();
	if (v == 0)
		lab_victim(fd);
	waitpid(v, &st, 0);
	out->victim = code(st);
	ended = ioctl(fd, SWITCHWIN_END, &out->r);
	waitpid(q, &st, 0);
	out->donor = code(st);
	if (ended) {
		TH_LOG("the victim (exit %d) never entered SWITCHWIN_VICTIM", out->victim);
		return 0;
	}
	if (out->victim == LAB_NO_FIFO)
		TH_LOG("the victim could not become SCHED_FIFO");
	return 1;
}

static const char *tables(const struct switchwin_result *r)
{
	return r->ttbr0 == r->own_pgd ? "its own" :
	       r->ttbr0 == r->donor_pgd ? "the donor's" : "foreign";
}

static const char *read_what(int victim)
{
	return victim == (LAB_VICTIM_MARK & 0xff) ? "its own mark" :
	       victim == (LAB_DONOR_MARK & 0xff) ? "the donor's mark" : "neither mark";
}

static void explain(struct __test_metadata *_metadata, int n, const struct run *x)
{
	TH_LOG("run %d (window %u): victim resumed%s on %s tables (TTBR0 %#x, own %#x, donor %#x),"
	       " read %s (exit %#x)", n, x->r.window, x->r.inside ? " inside kthread_use_mm()" : "",
	       tables(&x->r), x->r.ttbr0, x->r.own_pgd, x->r.donor_pgd, read_what(x->victim),
	       x->victim);
}

/* RUNS runs with this window; how many had the victim read its own mark. */
static int runs(struct __test_metadata *_metadata, int window, struct run *x)
{
	int fd = open_dev(), own = 0;

	ASSERT_LE(0, fd) TH_LOG("switchwin.ko did not load");
	for (int i = 0; i < RUNS; i++) {
		ASSERT_EQ(1, one_run(_metadata, fd, window, &x[i]));
		ASSERT_TRUE(x[i].r.parked) TH_LOG("the kernel thread never had the donor's tables");
		own += x[i].victim == (LAB_VICTIM_MARK & 0xff);
		explain(_metadata, i, &x[i]);
	}
	close(fd);
	return own;
}

TEST(victim_runs_inside_the_window)
{
	struct run x[RUNS];
	int inside = 0;

	runs(_metadata, 1, x);
	for (int i = 0; i < RUNS; i++)
		inside += x[i].r.inside;
	EXPECT_EQ(RUNS, inside)
		TH_LOG("the victim must take the CPU at kthread_use_mm()'s task_unlock()");
}

TEST(probe_agrees_with_ttbr0)
{
	struct run x[2 * RUNS];
	int agree = 0;

	runs(_metadata, 1, x);
	runs(_metadata, 0, x + RUNS);
	for (int i = 0; i < 2 * RUNS; i++) {
		int own = x[i].r.ttbr0 == x[i].r.own_pgd, donor = x[i].r.ttbr0 == x[i].r.donor_pgd;

		agree += (own && x[i].victim == (LAB_VICTIM_MARK & 0xff)) ||
			 (donor && x[i].victim == (LAB_DONOR_MARK & 0xff));
	}
	EXPECT_EQ(2 * RUNS, agree) TH_LOG("what the probe read must match the tables TTBR0 held");
}

TEST(control_victim_reads_own_page)
{
	struct run x[RUNS];

	EXPECT_EQ(RUNS, runs(_metadata, 0, x));
}

TEST(victim_reads_own_page)
{
	struct run x[RUNS];

	EXPECT_EQ(RUNS, runs(_metadata, 1, x))
		TH_LOG("the victim returned to user space on another process's page tables");
}

TEST_HARNESS_MAIN
