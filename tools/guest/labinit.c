// SPDX-License-Identifier: GPL-2.0
/*
 * /init of the lab's initramfs. Mounts the usual filesystems, then by lab.mode= on the
 * kernel command line:
 *   test  run every program in /lab/tests, nesting their TAP output in one KTAP report
 *   cmd   run /lab/cmd under /bin/sh in /lab/files and report its exit status
 *   shell run the tests, then give the console to a busybox shell
 * and powers the machine off. It never returns: as PID 1 it must not exit.
 * With lab.disk=ext4 the host's image (/dev/vda) is mounted at /mnt/ext4 for the run and
 * unmounted cleanly at the end, so that e2fsck on the host judges what the run left.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define TESTS "/lab/tests"
#define TEST_TIMEOUT 120 /* seconds per test program; the host has its own boot timeout */

static void mnt(const char *src, const char *dst, const char *type)
{
	mkdir(dst, 0755);
	if (mount(src, dst, type, 0, NULL) && errno != EBUSY)
		printf("# labinit: mount %s on %s: %s\n", type, dst, strerror(errno));
}

/*
 * sync and unmount, but never wait more than a few seconds: after a kernel BUG in ext4 the
 * journal is stuck and both would block forever. The host sees the image as it is.
 */
static void settle(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		sync();
		if (umount("/mnt/ext4") && errno != EINVAL && errno != ENOENT)
			printf("# labinit: umount /mnt/ext4: %s\n", strerror(errno));
		_exit(0);
	}
	for (int i = 0; i < 50; i++) {
		if (waitpid(pid, NULL, WNOHANG) == pid)
			return;
		usleep(100000);
	}
	printf("# labinit: sync/umount still blocked after 5 s (wedged filesystem?): powering off anyway\n");
}

/* The value of "key=value" on the kernel command line, or NULL. */
static const char *cmdline_value(const char *key)
{
	static char buf[1024];
	size_t n = strlen(key);
	FILE *f = fopen("/proc/cmdline", "r");

	buf[0] = 0;
	if (f) {
		if (!fgets(buf, sizeof(buf), f))
			buf[0] = 0;
		fclose(f);
	}
	for (char *t = strtok(buf, " \n"); t; t = strtok(NULL, " \n"))
		if (!strncmp(t, key, n) && t[n] == '=')
			return t + n + 1;
	return NULL;
}

static int cmdline_has(const char *word)
{
	const char *eq = strchr(word, '='), *v;
	char key[64];

	snprintf(key, sizeof(key), "%.*s", (int)(eq - word), word);
	v = cmdline_value(key);
	return v && !strcmp(v, eq + 1);
}

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
static int run_test(const char *name)
{
	char path[256];
	int fds[2], status = 0;
	pid_t pid;

	snprintf(path, sizeof(path), TESTS "/%s", name);
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

static void run_tests(void)
{
	char *names[64];
	int n = 0;
	DIR *d = opendir(TESTS);
	struct dirent *e;

	while (d && (e = readdir(d)) && n < 64)
		if (e->d_name[0] != '.')
			names[n++] = strdup(e->d_name);
	if (d)
		closedir(d);
	qsort(names, n, sizeof(*names), cmp);
	printf("KTAP version 1\n1..%d\n", n);
	for (int i = 0; i < n; i++) {
		int st = run_test(names[i]);

		if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
			printf("ok %d %s\n", i + 1, names[i]);
		else if (WIFSIGNALED(st))
			printf("not ok %d %s # killed by signal %d\n", i + 1, names[i], WTERMSIG(st));
		else
			printf("not ok %d %s # exit status %d\n", i + 1, names[i], WEXITSTATUS(st));
		fflush(stdout);
	}
}

static int run_shell(const char *cmd, int interactive)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		if (interactive) {
			setsid();
			ioctl(0, TIOCSCTTY, 1);
			execl("/bin/sh", "sh", "-l", (char *)NULL);
		}
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	mnt("proc", "/proc", "proc");
	mnt("sysfs", "/sys", "sysfs");
	mnt("devtmpfs", "/dev", "devtmpfs");
	mnt("tmpfs", "/tmp", "tmpfs");
	mnt("debugfs", "/sys/kernel/debug", "debugfs");
	setenv("PATH", "/bin:/sbin:/usr/bin:/usr/sbin", 1);
	setenv("HOME", "/root", 1);
	if (fork() == 0) {
		execl("/bin/busybox", "busybox", "--install", "-s", "/bin", (char *)NULL);
		_exit(127);
	}
	wait(NULL);
	/* No RTC in the guest: take the host's clock, so that ext4 timestamps are sane. */
	if (cmdline_value("lab.time")) {
		struct timespec now = { .tv_sec = atol(cmdline_value("lab.time")) };

		clock_settime(CLOCK_REALTIME, &now);
	}
	if (cmdline_has("lab.disk=ext4")) {
		mkdir("/mnt/ext4", 0755);
		if (mount("/dev/vda", "/mnt/ext4", "ext4", 0, NULL))
			printf("# labinit: mount /dev/vda on /mnt/ext4: %s\n", strerror(errno));
	}

	/* "lab: done" tells the host grader that the report is complete. */
	if (cmdline_has("lab.mode=cmd")) {
		chdir("/lab/files");
		printf("lab: command begin\n");
		printf("lab: command status %d\nlab: done\n", run_shell(". /lab/cmd", 0));
	} else {
		run_tests();
		printf("lab: done\n");
		if (cmdline_has("lab.mode=shell")) {
			printf("lab: busybox shell on the console ('exit' or 'poweroff -f' to quit)\n");
			run_shell(NULL, 1);
		}
	}
	settle();
	reboot(RB_POWER_OFF);
	for (;;)
		pause();
}
