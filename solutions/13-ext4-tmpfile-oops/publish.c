// SPDX-License-Identifier: GPL-2.0
/*
 * Publish a file in one atomic step. O_TMPFILE gives an inode with no name; linkat()
 * through /proc/self/fd names it once it is complete. Kernels or filesystems without
 * O_TMPFILE get the classic mkstemp() + rename() instead.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include "publish.h"

int tmpfile_unsupported(int err)
{
	/* TODO: which errors mean "no O_TMPFILE here"? A kernel before 3.11 sees only
	 * O_DIRECTORY (EISDIR: a directory opened for writing); a filesystem without
	 * ->tmpfile says EOPNOTSUPP; some paths answer EINVAL. */
	return err == EISDIR || err == EOPNOTSUPP || err == EINVAL;
	/* STUB: (void)err; return 0; */
}

/* Write everything, then set the exact mode: the umask applied at creation. */
static int fill(int fd, const void *data, size_t len, mode_t mode)
{
	const char *p = data;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		p += n;
		len -= n;
	}
	if (fchmod(fd, mode) || fsync(fd))
		return -errno;
	return 0;
}

static int via_tmpfile(int fd, const char *dir, const char *name, const void *data, size_t len,
		       mode_t mode)
{
	char proc[64], path[4096];
	int err = fill(fd, data, len, mode);

	/* TODO: the anonymous file is complete: give it its name with linkat() from
	 * /proc/self/fd/N (AT_SYMLINK_FOLLOW), into dir/name. */
	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (!err && linkat(AT_FDCWD, proc, AT_FDCWD, path, AT_SYMLINK_FOLLOW))
		err = -errno;
	/* STUB: err = err ? err : -ENOSYS; (void)proc; (void)path; (void)dir; (void)name; */
	close(fd);
	return err ? err : PUBLISH_TMPFILE;
}

static int via_rename(const char *dir, const char *name, const void *data, size_t len, mode_t mode)
{
	char tmp[4096], path[4096];
	int fd, err;

	/* TODO: a hidden temporary name from mkstemp() in the same directory, filled
	 * completely, then rename()d over the final name; remove it on any error. */
	snprintf(tmp, sizeof(tmp), "%s/.%s.XXXXXX", dir, name);
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = mkstemp(tmp);
	if (fd < 0)
		return -errno;
	err = fill(fd, data, len, mode);
	close(fd);
	if (!err && rename(tmp, path))
		err = -errno;
	if (err)
		unlink(tmp);
	/* STUB: err = -ENOSYS; (void)tmp; (void)path; (void)fd; */
	return err ? err : PUBLISH_FALLBACK;
}

int publish_file(const char *dir, const char *name, const void *data, size_t len, mode_t mode)
{
	int fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);

	if (fd >= 0)
		return via_tmpfile(fd, dir, name, data, len, mode);
	if (!tmpfile_unsupported(errno))
		return -errno;
	return via_rename(dir, name, data, len, mode);
}
