// SPDX-License-Identifier: GPL-2.0
/*
 * Checks for the PL011 part of 01-debug-uncompress. On the host, the learner's functions run
 * against a fake register block that another thread plays the UART for; then the same file is
 * cross-built into a bare-metal program that QEMU's virt machine runs, at the UART address
 * that machine's own device tree gives (QEMU's dumpdtb, read with fdtget).
 */
#define _GNU_SOURCE	/* pthread_timedjoin_np() */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "kselftest_harness.h"
#include "pl011.h"

static volatile uint32_t uart[0x1000 / 4];

static void *putc_a(void *arg)
{
	pl011_putc((uintptr_t)uart, 'A');
	return arg;
}

static void *flush(void *arg)
{
	pl011_flush((uintptr_t)uart);
	return arg;
}

static void msleep(int ms)
{
	struct timespec t = { .tv_sec = ms / 1000, .tv_nsec = (ms % 1000) * 1000000L };

	nanosleep(&t, NULL);
}

/* Joined within 2 s; a learner's loop that never ends must not hang the run. */
static int joined(pthread_t t)
{
	struct timespec until;

	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += 2;
	return !pthread_timedjoin_np(t, NULL, &until);
}

TEST(putc_waits_while_tx_fifo_full)
{
	pthread_t t;

	memset((void *)uart, 0, sizeof(uart));
	uart[PL011_FR / 4] = PL011_FR_TXFF;
	ASSERT_EQ(0, pthread_create(&t, NULL, putc_a, NULL));
	msleep(100);
	EXPECT_EQ(0, uart[PL011_DR / 4]) TH_LOG("the character was written while the FIFO was full");
	uart[PL011_FR / 4] = 0;
	ASSERT_TRUE(joined(t)) TH_LOG("pl011_putc() still waits after TXFF cleared");
	EXPECT_EQ('A', uart[PL011_DR / 4]);
}

TEST(flush_waits_until_idle)
{
	pthread_t t;
	struct timespec until;

	memset((void *)uart, 0, sizeof(uart));
	uart[PL011_FR / 4] = PL011_FR_BUSY;
	ASSERT_EQ(0, pthread_create(&t, NULL, flush, NULL));
	msleep(100);
	clock_gettime(CLOCK_REALTIME, &until);
	EXPECT_NE(0, pthread_timedjoin_np(t, NULL, &until)) TH_LOG("pl011_flush() returned while BUSY");
	uart[PL011_FR / 4] = 0;
	EXPECT_TRUE(joined(t)) TH_LOG("pl011_flush() still waits after BUSY cleared");
}

/* Output of cmd (at most len - 1 bytes), or "" if it failed. */
static char *sh(const char *cmd, char *out, size_t len)
{
	FILE *p = popen(cmd, "r");
	size_t n = p ? fread(out, 1, len - 1, p) : 0;

	out[n] = 0;
	if (!p || pclose(p))
		out[0] = 0;
	return out;
}

TEST(bare_metal_console_on_virt)
{
	char dir[] = "/tmp/lab-pl011-XXXXXX", cmd[4096], out[4096], node[256];
	unsigned int hi, lo, sz_hi, sz_lo;
	const char *cross = getenv("CROSS") ?: "arm-linux-gnueabi-";
	FILE *f;
	size_t n;

	ASSERT_NE(NULL, mkdtemp(dir));
	snprintf(cmd, sizeof(cmd), "qemu-system-arm -M virt,dumpdtb=%s/virt.dtb -cpu cortex-a15 -nic none "
		 "-display none >/dev/null 2>&1 && fdtget -t s %s/virt.dtb /chosen stdout-path", dir, dir);
	sh(cmd, node, sizeof(node));
	node[strcspn(node, "\n")] = 0;
	ASSERT_NE(0, node[0]) TH_LOG("no /chosen/stdout-path in QEMU's virt device tree");
	snprintf(cmd, sizeof(cmd), "fdtget -t x %s/virt.dtb '%s' reg", dir, node);
	ASSERT_EQ(4, sscanf(sh(cmd, out, sizeof(out)), "%x %x %x %x", &hi, &lo, &sz_hi, &sz_lo))
		TH_LOG("%s has no 64-bit reg property", node);
	ASSERT_EQ(0, hi);
	TH_LOG("console %s at %#x", node, lo);
	snprintf(cmd, sizeof(cmd), "%sgcc -marm -march=armv7-a -O2 -Wall -ffreestanding -nostdlib -static "
		 "-Wl,-Ttext-segment=0x40010000 -Wl,-e,_start -Wl,--build-id=none -DUART_BASE=%#xu "
		 "-I%s -o %s/bm.elf labs/01-debug-uncompress/baremetal.c %s/pl011.c -lgcc 2>&1",
		 cross, lo, LAB_CODEDIR, dir, LAB_CODEDIR);
	ASSERT_EQ(0, system(cmd)) TH_LOG("the bare-metal build failed: %s", cmd);
	snprintf(cmd, sizeof(cmd), "timeout 10 qemu-system-arm -M virt -cpu cortex-a15 -m 64 -nic none "
		 "-display none -monitor none -semihosting -kernel %s/bm.elf -serial file:%s/serial.txt",
		 dir, dir);
	EXPECT_EQ(0, system(cmd)) TH_LOG("QEMU did not exit by itself within 10 s (flush never returned?)");
	snprintf(cmd, sizeof(cmd), "%s/serial.txt", dir);
	f = fopen(cmd, "r");
	ASSERT_NE(NULL, f);
	n = fread(out, 1, sizeof(out) - 1, f);
	out[n] = 0;
	fclose(f);
	EXPECT_STREQ("Uncompressing Linux... done, booting the kernel.\r\n"
		     "(not really: this is the lab's bare-metal PL011 test)\r\n", out);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	system(cmd);
}

TEST_HARNESS_MAIN
