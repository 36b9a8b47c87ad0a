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
	char path[64];
	struct stat st;
	int fd = open("/mnt/ext4", O_TMPFILE | O_WRONLY, 0644);

	if (fd < 0) {
		perror("repro: open(O_TMPFILE) on /mnt/ext4");
		return 1;
	}
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	if (linkat(AT_FDCWD, path, AT_FDCWD, "/mnt/ext4/repro", AT_SYMLINK_FOLLOW) ||
	    stat("/mnt/ext4/repro", &st)) {
		perror("repro: linkat or stat");
		return 1;
	}
	printf("repro: the linked file has mode %06o\n", (unsigned)st.st_mode);
	return S_ISREG(st.st_mode) && (st.st_mode & 07777) == 0644 ? 0 : 1;
	/* STUB: printf("repro: not written yet\n"); return 1; */
}
