// SPDX-License-Identifier: GPL-2.0
/*
 * Checks for 08-sigpage. Ground truth: the test's own reading of /proc/self/maps, the
 * kernel's placement of the page measured over fresh execs of this program, and what
 * happens to a process that runs the kernel's code.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "kselftest_harness.h"
#include "lab.h"
#include "sigret.h"

#define EXECS 8

/* The test's own view: the maps line holding addr, its bounds and name. */
static int maps_line(uintptr_t addr, uintptr_t *start, uintptr_t *end, char *name, size_t len)
{
	char line[512];
	FILE *f = fopen("/proc/self/maps", "r");
	int found = 0;

	while (f && !found && fgets(line, sizeof(line), f)) {
		unsigned long s, e;
		char *p = strchr(line, '[');

		if (sscanf(line, "%lx-%lx", &s, &e) != 2 || addr < s || addr >= e)
			continue;
		*start = s, *end = e;
		line[strcspn(line, "\n")] = 0;
		snprintf(name, len, "%s", p ? p : "");
		found = 1;
	}
	if (f)
		fclose(f);
	return found;
}

TEST(return_address_mapping_found)
{
	struct sigret r;
	uintptr_t s = 0, e = 0;
	char name[32] = "";

	ASSERT_EQ(0, sigret_probe(&r, SIGRET_ESCAPE));
	ASSERT_TRUE(maps_line(r.ret, &s, &e, name, sizeof(name)))
		TH_LOG("%#lx is in no mapping", (unsigned long)r.ret);
	TH_LOG("returned through %#lx in %lx-%lx %s", (unsigned long)r.ret, (unsigned long)s,
	       (unsigned long)e, name);
	EXPECT_EQ(s, r.start);
	EXPECT_EQ(e, r.end);
	EXPECT_STREQ(name, r.name);
}

/* The point of 48be69a026b2: the code lives in a [sigpage], at least 0x200 into it. */
TEST(trampoline_in_sigpage)
{
	struct sigret r;
	uintptr_t s = 0, e = 0;
	char name[32] = "";

	ASSERT_EQ(0, sigret_probe(&r, SIGRET_ESCAPE));
	ASSERT_TRUE(maps_line(r.ret, &s, &e, name, sizeof(name)));
	EXPECT_EQ(r.start, s);
	EXPECT_STREQ("[sigpage]", name)
		TH_LOG("the handler returns to %#lx, in %s", (unsigned long)r.ret, name);
	EXPECT_LE(0x200, r.ret - s);
	EXPECT_GT(0x1000, r.ret - s);
}

/* Each exec gets its own placement: count distinct [sigpage] bases over EXECS fresh execs. */
TEST(sigpage_placement_randomised)
{
	uintptr_t base[EXECS];
	int distinct = 0;

	for (int i = 0; i < EXECS; i++) {
		int fd[2], status;
		char buf[32] = "";

		ASSERT_EQ(0, pipe(fd));
		pid_t pid = fork();

		ASSERT_LE(0, pid);
		if (pid == 0) {
			dup2(fd[1], 1);
			execl("/proc/self/exe", "test_sigpage", "--probe", (char *)NULL);
			_exit(127);
		}
		close(fd[1]);
		read(fd[0], buf, sizeof(buf) - 1);
		close(fd[0]);
		waitpid(pid, &status, 0);
		base[i] = strtoul(buf, NULL, 16);
		ASSERT_NE(0, base[i]) TH_LOG("exec %d: no [sigpage] found", i);
		int seen = 0;

		for (int j = 0; j < i; j++)
			seen |= base[j] == base[i];
		distinct += !seen;
	}
	TH_LOG("%d distinct [sigpage] bases in %d execs (first %#lx)", distinct, EXECS,
	       (unsigned long)base[0]);
	EXPECT_LE(EXECS / 2, distinct);
}

static int return_through_code(void *arg)
{
	return sigret_probe(arg, SIGRET_RETURN) ? 2 : 0;
}

/*
 * As merged, the page is installed with a pointer to a local variable of
 * arch_setup_additional_pages(): the first fault on it reads a dead stack slot. A child
 * returns through the code; on this stage the kernel oopses in special_mapping_fault()
 * and the child never comes back: it is killed, or (holding its mm's lock when it died)
 * stays stuck in the kernel. The exercise's own escape above never touches the page.
 */
TEST(sigpage_return_oopses)
{
	struct sigret r;
	char state = 0;
	int st;

	ASSERT_EQ(0, sigret_probe(&r, SIGRET_ESCAPE));
	ASSERT_STREQ("[sigpage]", r.name);
	st = lab_bounded(return_through_code, &r, 5000, &state);
	TH_LOG("a return through %#lx: %s", (unsigned long)r.ret,
	       st == LAB_HUNG ? (state == 'D' ? "stuck in the kernel" : "still running") :
	       st < 0 ? "killed by a signal" : "came back");
	EXPECT_TRUE(st == LAB_HUNG ? state == 'D' : st < 0);
}

/* --probe: print the base of the [sigpage] the exercise finds in this fresh process, or 0. */
int main(int argc, char **argv)
{
	struct sigret r;

	if (argc > 1 && !strcmp(argv[1], "--probe")) {
		printf("%lx\n", !sigret_probe(&r, SIGRET_ESCAPE) && !strcmp(r.name, "[sigpage]") ?
		       (unsigned long)r.start : 0ul);
		return 0;
	}
	return test_harness_run(argc, argv);
}
