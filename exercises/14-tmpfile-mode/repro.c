// SPDX-License-Identifier: GPL-2.0
/*
 * Reproducer for the mode of O_TMPFILE files (docs/labs/14-tmpfile-mode.md): exit non-zero
 * on a kernel that creates them with mode 0 (no file type, no permission bits), 0 on one that
 * makes them regular files with the mode asked for.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

int main(void)
{
	/* TODO: create a file with O_TMPFILE and mode 0644 in /mnt/ext4, give it a name with
	 * linkat() through /proc/self/fd, stat() it, and exit 0 only if it is a regular file
	 * with mode 0644. */
	printf("repro: not written yet\n"); return 1;
}
