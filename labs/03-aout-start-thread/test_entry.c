// SPDX-License-Identifier: GPL-2.0
/*
 * Checks for 03-aout-start-thread. This program is linked with the learner's lab_entry as
 * its ELF entry point and is also the helper it starts: with "--helper FILE" it writes what
 * lab_entry recorded, and what glibc then found on the stack, to FILE and returns from
 * main. It is started three ways: by execve() from this process, by call_usermodehelper()
 * (umhrun.ko) and as a core_pattern pipe helper. The expected values come from the stack the
 * kernel built (argc, argv) and from the kernel's own wait status for its helper.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "kselftest_harness.h"
#include "lab.h"
#include "entry.h"

#define UMH          "/sys/kernel/debug/lab_umh"
#define CORE_PATTERN "/proc/sys/kernel/core_pattern"

/* One start of the helper: registers at entry, and the stack glibc read argc/argv from. */
struct rec {
	unsigned long r0, r1, r2, sp, argc, argv, argv0, argv1;
};

static int helper(int argc, char **argv)
{
	const struct entry_regs *e = &lab_entry_regs;
	int fd = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd < 0)
		return 1;
	/* write(2), not stdio: under the 2013 start_thread this process dies in exit(). */
	dprintf(fd, "%lx %lx %lx %lx %x %lx %lx %lx\n", e->r0, e->r1, e->r2, e->sp, argc,
		(unsigned long)argv, (unsigned long)argv[0], (unsigned long)argv[1]);
	close(fd);
	return 0;
}

static const char *self(void)
{
	static char path[256];
	ssize_t n = readlink("/proc/self/exe", path, sizeof(path) - 1);

	path[n > 0 ? n : 0] = 0;
	return path;
}

/* The record in path, waiting up to 5 s for it (a pipe helper runs on its own). */
static int load(const char *path, struct rec *r)
{
	for (int i = 0; i < 50; i++) {
		FILE *f = fopen(path, "r");
		int n = 0;

		if (f) {
			n = fscanf(f, "%lx %lx %lx %lx %lx %lx %lx %lx", &r->r0, &r->r1, &r->r2,
				   &r->sp, &r->argc, &r->argv, &r->argv0, &r->argv1);
			fclose(f);
		}
		if (n == 8)
			return 1;
		usleep(100000);
	}
	return 0;
}

/* Did lab_entry record this start? Its sp must be where argc sits, just below argv. */
static int recorded(const struct rec *r)
{
	return r->sp && r->sp == r->argv - 4;
}

static void explain(struct __test_metadata *_metadata, const struct rec *r)
{
	TH_LOG("at entry r0=%#lx r1=%#lx r2=%#lx; the stack: argc=%lu argv[0]=%#lx argv[1]=%#lx%s",
	       r->r0, r->r1, r->r2, r->argc, r->argv0, r->argv1,
	       r->r0 == r->argc && r->r1 == r->argv0 && r->r2 == r->argv1 ?
	       ": start_thread() loaded r0-r2 from the stack (the a.out ABI)" : "");
}

/* Start the helper with call_usermodehelper(); its wait status, or -1. */
static int umh(const char *out)
{
	char cmd[512], buf[32] = "";
	FILE *f;

	if (!lab_load_module("umhrun"))
		return -1;
	unlink(out);
	snprintf(cmd, sizeof(cmd), "%s --helper %s", self(), out);
	f = fopen(UMH, "r+");
	if (!f)
		return -1;
	fputs(cmd, f);
	fflush(f);
	rewind(f);
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = 0;
	fclose(f);
	return buf[0] ? atoi(buf) : -1;
}

TEST(entry_regs_recorded)
{
	const char *out = "/tmp/exec.rec";
	struct rec r;
	int st;
	pid_t pid;

	unlink(out);
	pid = fork();
	if (pid == 0) {
		execl(self(), self(), "--helper", out, (char *)NULL);
		_exit(127);
	}
	ASSERT_EQ(pid, waitpid(pid, &st, 0));
	ASSERT_EQ(1, load(out, &r)) TH_LOG("the helper wrote no record (status %#x)", st);
	EXPECT_TRUE(recorded(&r)) TH_LOG("recorded sp %#lx, but argc is at %#lx", r.sp, r.argv - 4);
	/* From a process's own execve() r0 is the system call's return value. */
	EXPECT_EQ(0, r.r0) TH_LOG("r0 %#lx after execve() from a process", r.r0);
	explain(_metadata, &r);
}

/* One start by call_usermodehelper(), its record in r: the kernel's wait status for it. */
static int umh_start(struct __test_metadata *_metadata, struct rec *r)
{
	const char *out = "/tmp/umh.rec";
	int st = umh(out);

	ASSERT_NE(-1, st) TH_LOG("umhrun.ko did not load or did not run the helper");
	ASSERT_EQ(1, load(out, r)) TH_LOG("the helper wrote no record (status %#x)", st);
	ASSERT_TRUE(recorded(r))
		TH_LOG("recorded sp %#lx, but argc is at %#lx", r->sp, r->argv - 4);
	return st;
}

TEST(helper_starts_with_zero_regs)
{
	struct rec r;

	umh_start(_metadata, &r);
	EXPECT_TRUE(!r.r0 && !r.r1 && !r.r2) explain(_metadata, &r);
}

TEST(helper_exits_cleanly)
{
	struct rec r;
	int st = umh_start(_metadata, &r);

	EXPECT_EQ(0, st)
		TH_LOG("wait status %#x%s (r0 at entry %#lx, given to atexit by _start)", st,
		       WIFSIGNALED(st) ? ", killed by a signal after main returned" : "", r.r0);
}

TEST(pipe_helper_starts_with_zero_regs)
{
	const char *out = "/tmp/pipe.rec";
	char old[256] = "", pattern[512];
	struct rec r;
	int st, ok;
	pid_t pid;
	FILE *f = fopen(CORE_PATTERN, "r");

	ASSERT_TRUE(f != NULL);
	if (!fgets(old, sizeof(old), f))
		old[0] = 0;
	fclose(f);
	unlink(out);
	snprintf(pattern, sizeof(pattern), "|%s --helper %s", self(), out);
	f = fopen(CORE_PATTERN, "w");
	ASSERT_TRUE(f != NULL);
	fputs(pattern, f);
	ASSERT_EQ(0, fclose(f));
	pid = fork();
	if (pid == 0) {
		signal(SIGSEGV, SIG_DFL);
		raise(SIGSEGV);
		_exit(0);
	}
	waitpid(pid, &st, 0);
	ok = load(out, &r);
	f = fopen(CORE_PATTERN, "w");
	if (f) {
		fputs(old, f);
		fclose(f);
	}
	ASSERT_EQ(1, ok)
		TH_LOG("no record from the core_pattern helper (dumping child status %#x)", st);
	ASSERT_TRUE(recorded(&r)) TH_LOG("recorded sp %#lx, but argc is at %#lx", r.sp, r.argv - 4);
	EXPECT_TRUE(!r.r0 && !r.r1 && !r.r2) explain(_metadata, &r);
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "--helper"))
		return helper(argc, argv);
	return test_harness_run(argc, argv);
}
