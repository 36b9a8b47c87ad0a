// SPDX-License-Identifier: GPL-2.0
/*
 * Reproducer for the O_TMPFILE BUG on ext4 that e94bd3490f4e fixes
 * (docs/labs/13-ext4-tmpfile-oops.md): exit non-zero on a kernel with it, 0 on one without.
 * The guest mounts a fresh ext4 at /mnt/ext4; on the buggy kernel the first O_TMPFILE open
 * there trips an assertion in the orphan list code, and the kernel kills the process.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

int main(void)
{
	/* TODO: open an unnamed file with O_TMPFILE in /mnt/ext4, write to it, and exit 0
	 * only if every step succeeded. */
	printf("repro: not written yet\n"); return 1;
}
