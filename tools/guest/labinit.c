// SPDX-License-Identifier: GPL-2.0
/*
 * /init of the lab's initramfs. Mounts the usual filesystems, then by lab.mode= on the
 * kernel command line:
 *   test  run every program in /lab/tests, nesting their TAP output in one KTAP report;
 *         then, if the initramfs has /lab/then (a second code set's tests: make run's
 *         learner's code after the reference's), "lab: next code" and a report of those
 *   cmd   run /lab/cmd under /bin/sh in /lab/files and report its exit status
 *   shell run the tests, then give the console to a busybox shell
 * and powers the machine off. It never returns: as PID 1 it must not exit.
 * With lab.disk=ext4 the host's image (/dev/vda) is mounted at /mnt/ext4 for the run and
 * unmounted cleanly at the end, so that e2fsck on the host judges what the run left.
 */
#include <errno.h>
#include <fcntl.h>
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
#include "runtests.h"


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
	printf("# labinit: sync/umount still blocked after 5 s (wedged filesystem?): "
	       "powering off anyway\n");
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
		run_tests("/lab/tests");
		printf("lab: done\n");
		if (!access("/lab/then", F_OK)) {
			printf("lab: next code\n");
			run_tests("/lab/then");
			printf("lab: done\n");
		}
		if (cmdline_has("lab.mode=shell")) {
			printf("lab: busybox shell on the console "
			       "('exit' or 'poweroff -f' to quit)\n");
			run_shell(NULL, 1);
		}
	}
	settle();
	/* A board without a power-off (versatilepb) ends with a restart: QEMU has -no-reboot. */
	reboot(cmdline_has("lab.end=restart") ? RB_AUTOBOOT : RB_POWER_OFF);
	for (;;)
		pause();
}
