// SPDX-License-Identifier: GPL-2.0
/*
 * Checks of the kuser helper exercise, graded from 07-fiq-relocation to 09. Ground truth:
 * the running kernel's System.map (are the helpers linked in, how many are there), the
 * kernel's own set_tls call, and atomicity measured under contention.
 */
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "kselftest_harness.h"
#include "lab.h"
#include "kuser.h"

#define ARM_NR_set_tls 0xf0005		/* __ARM_NR_set_tls */
#define ROUNDS 20000
#define RETRIES 1000

/* The version word counts the helpers in 32-byte slots, from __kuser_helper_start to _end. */
static int expected_version(void)
{
	uint32_t start = lab_symbol("__kuser_helper_start"), end = lab_symbol("__kuser_helper_end");

	return start && end ? (int)((end - start) >> 5) : 0;
}

TEST(kuser_version_matches_kernel)
{
	uint32_t w = 0;
	int readable = lab_peek(KUSER_HELPER_VERSION, &w);

	TH_LOG("System.map: %d helpers; the word at %#x is %s %#x", expected_version(),
	       KUSER_HELPER_VERSION, readable ? "readable:" : "unreadable", w);
	EXPECT_EQ(expected_version(), kuser_version());
}

/* A child moves its own TLS pointer with the kernel's set_tls call, then asks the exercise. */
TEST(kuser_get_tls_reads_tls)
{
	uintptr_t mine = (uintptr_t)__builtin_thread_pointer(), probe = mine + 0x100, seen;
	int status;
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		syscall(ARM_NR_set_tls, probe);
		seen = kuser_get_tls();
		syscall(ARM_NR_set_tls, mine);
		_exit(seen == probe ? 0 : 1);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
		TH_LOG("set_tls(%#lx), then kuser_get_tls() did not return it (status %#x)",
		       (unsigned long)probe, status);
}

/* Two processes count to 2 * ROUNDS on a shared word with compare-and-swap only. */
TEST(kuser_cmpxchg_is_atomic)
{
	volatile int x = 5, *n;
	int status;

	EXPECT_NE(0, kuser_cmpxchg(4, 9, &x));
	EXPECT_EQ(5, x);
	EXPECT_EQ(0, kuser_cmpxchg(5, 9, &x));
	ASSERT_EQ(9, x);
	n = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ASSERT_TRUE(n != MAP_FAILED);
	for (int c = 0; c < 2; c++) {
		if (fork() == 0) {
			for (int i = 0; i < ROUNDS; i++) {
				int tries = 0, old;

				do {
					old = *n;
				} while (kuser_cmpxchg(old, old + 1, n) && ++tries < RETRIES);
				if (tries == RETRIES)
					_exit(2);
			}
			_exit(0);
		}
	}
	for (int c = 0; c < 2; c++) {
		ASSERT_LT(0, wait(&status));
		EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
			TH_LOG("a counter gave up");
	}
	EXPECT_EQ(2 * ROUNDS, *n);
}

TEST_HARNESS_MAIN
