// SPDX-License-Identifier: GPL-2.0
/*
 * Checks for 13-ext4-tmpfile-oops: the learner's publish_file() on the journaled ext4 mount
 * (a fresh image from the host, mounted at /mnt/ext4) and on a filesystem without
 * ->tmpfile (overlayfs in 6.1, FAT in 6.12). Every call that reaches ext4's O_TMPFILE path
 * runs in a child: on the kernel below this stage it hits a kernel BUG and the filesystem
 * stays wedged.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <linux/loop.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include "kselftest_harness.h"
#include "lab.h"
#include "publish.h"

#define BIG (4 << 20)

struct job { const char *dir, *name; size_t len; mode_t mode; };

static char *pattern(size_t len)
{
	char *p = malloc(len);

	for (size_t i = 0; i < len; i++)
		p[i] = "0123456789abcdef"[(i * 7 + i / 4096) & 15];
	return p;
}

/* In the child: publish, then report how as the exit status. */
static int do_publish(void *arg)
{
	struct job *j = arg;
	char *data = pattern(j->len);
	int r;

	umask(077);
	r = publish_file(j->dir, j->name, data, j->len, j->mode);
	return r > 0 ? r : 100;
}

/* The file at dir/name must hold exactly the pattern, with exactly mode as permissions. */
static void expect_published(struct __test_metadata *_metadata, const char *dir, const char *name,
			     size_t len, mode_t mode)
{
	char path[256], *want = pattern(len), *got = malloc(len + 1);
	struct stat st;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_RDONLY);
	ASSERT_LE(0, fd) TH_LOG("%s was not published", path);
	ASSERT_EQ(0, fstat(fd, &st));
	EXPECT_EQ(mode, st.st_mode & 07777) TH_LOG("mode %o", st.st_mode & 07777);
	EXPECT_EQ(len, st.st_size);
	n = read(fd, got, len + 1);
	EXPECT_EQ((ssize_t)len, n);
	EXPECT_EQ(0, memcmp(want, got, len));
	close(fd);
}

#define REQUIRE_EXT4() do { \
	const char *w = lab_ext4_wedged(); \
	ASSERT_TRUE(!w) TH_LOG("%s", w); \
	} while (0)

/* Flips at this stage: before it, the O_TMPFILE open on ext4 is a kernel BUG. */
TEST(tmpfile_open_survives)
{
	struct job j = { LAB_EXT4, "survives", 4096, 0644 };

	REQUIRE_EXT4();
	EXPECT_EQ(PUBLISH_TMPFILE, lab_guarded(do_publish, &j))
		TH_LOG("negative: killed by that signal; 100: publish_file() failed");
}

TEST(publishes_content_and_mode)
{
	struct job j = { LAB_EXT4, "content", 100000, 0640 };

	REQUIRE_EXT4();
	ASSERT_EQ(PUBLISH_TMPFILE, lab_guarded(do_publish, &j));
	expect_published(_metadata, j.dir, j.name, j.len, j.mode);
}

/* A reader polling the directory while a big file is published never sees it incomplete. */
TEST(no_partial_file_visible)
{
	struct job j = { LAB_EXT4, "big", BIG, 0644 };
	int fds[2], bad = 0, seen = 0;
	pid_t watcher;

	REQUIRE_EXT4();
	ASSERT_EQ(0, pipe(fds));
	watcher = fork();
	if (watcher == 0) {
		char c;

		close(fds[1]);
		fcntl(fds[0], F_SETFL, O_NONBLOCK);
		/* Scan until the publisher is done, then once more: by then the file is there. */
		for (int done = 0; !done;) {
			DIR *d;
			struct dirent *e;
			struct stat st;

			done = read(fds[0], &c, 1) == 0;
			d = opendir(LAB_EXT4);

			while (d && (e = readdir(d))) {
				char p[300];

				if (e->d_name[0] == '.' || strcmp(e->d_name, "big"))
					continue;
				snprintf(p, sizeof(p), LAB_EXT4 "/%s", e->d_name);
				if (!stat(p, &st)) {
					seen++;
					bad |= st.st_size != BIG;
				}
			}
			if (d)
				closedir(d);
		}
		_exit(bad ? 1 : seen ? 0 : 2);
	}
	close(fds[0]);
	EXPECT_EQ(PUBLISH_TMPFILE, lab_guarded(do_publish, &j));
	close(fds[1]);
	{
		int st;

		waitpid(watcher, &st, 0);
		EXPECT_EQ(0, WEXITSTATUS(st)) TH_LOG("1: saw 'big' incomplete; 2: never saw it");
	}
}

/*
 * FAT in a 2 MiB image on /dev/loop0, at dir; its files show as mode 0600. The loop device is
 * closed before the mount: 6.12 refuses to mount a block device that is open for writing.
 */
static int mount_fat(const char *dir)
{
	int img = open("/tmp/fat.img", O_RDWR | O_CREAT | O_TRUNC, 0600);
	int loop = open("/dev/loop0", O_RDWR);
	int ok = img >= 0 && loop >= 0 && !ftruncate(img, 2 << 20) &&
		 !system("mkdosfs /tmp/fat.img >/dev/null") && !ioctl(loop, LOOP_SET_FD, img);

	close(img);
	close(loop);
	return ok && !mount("/dev/loop0", dir, "vfat", 0, "fmask=0177,dmask=0077") ? 0 : -1;
}

/*
 * A writable filesystem without ->tmpfile at dir (0, or -1 with errno): O_TMPFILE there fails
 * with EOPNOTSUPP. overlayfs in 6.1 has none; in 6.12 it has one when its upper filesystem
 * does (tmpfs here), and FAT takes its place.
 */
static int mount_without_tmpfile(const char *dir)
{
	int fd;

	mkdir("/tmp/ovl", 0755);
	mkdir("/tmp/ovl/lower", 0755);
	mkdir("/tmp/ovl/upper", 0755);
	mkdir("/tmp/ovl/work", 0755);
	mkdir(dir, 0755);
	if (mount("overlay", dir, "overlay", 0,
		  "lowerdir=/tmp/ovl/lower,upperdir=/tmp/ovl/upper,workdir=/tmp/ovl/work"))
		return -1;
	fd = open(dir, O_TMPFILE | O_WRONLY, 0600);
	if (fd < 0 && errno == EOPNOTSUPP)
		return 0;
	if (fd >= 0)
		close(fd);
	/* Detached: overlayfs lets go of its own tmpfile later (a deferred fput). */
	umount2(dir, MNT_DETACH);
	return mount_fat(dir);
}

/* The fallback must do the job, and clean up after itself. */
TEST(falls_back_without_tmpfile)
{
	struct job j = { "/tmp/ovl/merged", "fallback", 8192, 0600 };
	DIR *d;
	struct dirent *e;
	int others = 0;

	ASSERT_EQ(0, mount_without_tmpfile(j.dir)) TH_LOG("no filesystem without ->tmpfile: %m");
	EXPECT_EQ(PUBLISH_FALLBACK, lab_guarded(do_publish, &j));
	expect_published(_metadata, j.dir, j.name, j.len, j.mode);
	d = opendir(j.dir);
	while (d && (e = readdir(d)))
		others += strcmp(e->d_name, ".") && strcmp(e->d_name, "..") &&
			  strcmp(e->d_name, "fallback");
	if (d)
		closedir(d);
	EXPECT_EQ(0, others) TH_LOG("temporary files left behind");
	umount("/tmp/ovl/merged");
}

/*
 * The review finding of this stage: the inode O_TMPFILE made has no file type. The host's
 * e2fsck check (e2fsck_finds_bad_inode) looks at the same file in the image after the run.
 */
TEST(published_inode_has_no_type)
{
	struct job j = { LAB_EXT4, "published", 4096, 0644 };
	struct stat st;

	REQUIRE_EXT4();
	ASSERT_EQ(PUBLISH_TMPFILE, lab_guarded(do_publish, &j));
	ASSERT_EQ(0, stat(LAB_EXT4 "/published", &st));
	EXPECT_EQ(0, st.st_mode & S_IFMT) TH_LOG("mode %06o", st.st_mode);
}

TEST_HARNESS_MAIN
