// SPDX-License-Identifier: GPL-2.0
/*
 * Checks for 14-tmpfile-mode: the same publish_file() (the exercise of 13-ext4-tmpfile-oops)
 * on the kernel that gives O_TMPFILE inodes S_IFREG. The host's e2fsck check
 * (e2fsck_clean_after_linkat) judges the image after the run.
 */
#include <sys/stat.h>
#include "kselftest_harness.h"
#include "lab.h"
#include "publish.h"

static int do_publish(void *arg)
{
	static const char data[] = "published through O_TMPFILE and linkat()\n";

	(void)arg;
	return publish_file(LAB_EXT4, "published", data, sizeof(data) - 1, 0644) > 0 ? 0 : 1;
}

/* Flips at this stage: at 13 the linked inode has no file type at all. */
TEST(published_file_is_regular)
{
	struct stat st;
	const char *w = lab_ext4_wedged();

	ASSERT_TRUE(!w) TH_LOG("%s", w);
	ASSERT_EQ(0, lab_guarded(do_publish, NULL));
	ASSERT_EQ(0, stat(LAB_EXT4 "/published", &st));
	EXPECT_TRUE(S_ISREG(st.st_mode)) TH_LOG("mode %06o", st.st_mode);
	EXPECT_EQ(0644, st.st_mode & 07777);
}

TEST_HARNESS_MAIN
