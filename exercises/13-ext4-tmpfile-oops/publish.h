/* SPDX-License-Identifier: GPL-2.0 */
/* Review first: answer questions 6, 7 and 13 of docs/checklist.md for this stage's patch. */
/* Exercise 13-ext4-tmpfile-oops: publish a file atomically, with O_TMPFILE where it works. */
#ifndef PUBLISH_H
#define PUBLISH_H
#include <stddef.h>
#include <sys/types.h>

enum publish_how {
	PUBLISH_TMPFILE = 1,	/* anonymous file from O_TMPFILE, named by linkat() */
	PUBLISH_FALLBACK = 2,	/* mkstemp() in the directory, then rename() */
};

/* 1 if errno value err from open(dir, O_TMPFILE | ...) means "not supported here". */
int tmpfile_unsupported(int err);

/*
 * Create dir/name holding len bytes of data with permissions exactly mode (whatever the
 * umask). dir/name must not exist yet when O_TMPFILE works. Nobody looking at the
 * directory may ever see dir/name incomplete. Returns PUBLISH_TMPFILE or PUBLISH_FALLBACK,
 * or -errno; on failure nothing is left in dir.
 */
int publish_file(const char *dir, const char *name, const void *data, size_t len, mode_t mode);
#endif
