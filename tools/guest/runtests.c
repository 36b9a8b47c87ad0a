// SPDX-License-Identifier: GPL-2.0
/*
 * The lab's test runner, shared by the guest's /init and the host target's runner: every
 * program in a directory, in name order, each one's TAP output nested as a KTAP subtest.
 */
#include <dirent.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "runtests.h"

#define TEST_TIMEOUT 120 /* seconds per test program; the host has its own boot timeout */

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Copy the test's output until the test itself has exited and the pipe is drained. A
 * process it left behind may hold the pipe open forever (stuck in the kernel after an
 * oops): it must not hold up the report. Output is indented by four spaces (a KTAP subtest).
 */
static void relay(int fd, pid_t pid, int *status)
{
	char buf[4096];
	int exited = 0, bol = 1;

	for (;;) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		int r = poll(&p, 1, 200);
		ssize_t n;

		if (r == 0) {
			if (exited)
				return;
			exited = waitpid(pid, status, WNOHANG) == pid;
			continue;
		}
		n = r > 0 ? read(fd, buf, sizeof(buf)) : -1;
		if (n <= 0 && !(n < 0 && errno == EINTR))
			break;
		for (ssize_t i = 0; i < n; i++) {
			if (bol)
				fputs("    ", stdout);
			putchar(buf[i]);
			bol = buf[i] == '\n';
		}
		fflush(stdout);
	}
	if (!bol)
		putchar('\n');
	if (!exited)
		waitpid(pid, status, 0);
}

/* Run one test program as a KTAP subtest of the report. */
static int run_test(const char *dir, const char *name)
{
	char path[256];
	int fds[2], status = 0;
	pid_t pid;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (pipe(fds))
		return -1;
	pid = fork();
	if (pid == 0) {
		dup2(fds[1], 1);
		dup2(fds[1], 2);
		close(fds[0]);
		alarm(TEST_TIMEOUT);
		execl(path, name, (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	relay(fds[0], pid, &status);
	close(fds[0]);
	return status;
}

void run_tests(const char *dir)
{
	char *names[64];
	int n = 0;
	DIR *d = opendir(dir);
	struct dirent *e;

	while (d && (e = readdir(d)) && n < 64)
		if (e->d_name[0] != '.')
			names[n++] = strdup(e->d_name);
	if (d)
		closedir(d);
	qsort(names, n, sizeof(*names), cmp);
	printf("KTAP version 1\n1..%d\n", n);
	for (int i = 0; i < n; i++) {
		int st = run_test(dir, names[i]);

		if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
			printf("ok %d %s\n", i + 1, names[i]);
		else if (WIFSIGNALED(st))
			printf("not ok %d %s # killed by signal %d\n", i + 1, names[i],
			       WTERMSIG(st));
		else
			printf("not ok %d %s # exit status %d\n", i + 1, names[i], WEXITSTATUS(st));
		fflush(stdout);
	}
}
