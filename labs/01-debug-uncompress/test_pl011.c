// SPDX-License-Identifier: GPL-2.0
/*
 * Checks for the PL011 part of 01-debug-uncompress. On the host, the learner's functions run
 * against a fake register block that another thread plays the UART for; then the same file is
 * cross-built into a bare-metal program that QEMU's virt machine runs, at the UART address
 * that machine's own device tree gives (QEMU's dumpdtb, read with fdtget). What it must print
 * is what the decompressor of the stage's DEBUG_LL zImage printed, booted here first.
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
	EXPECT_EQ(0, uart[PL011_DR / 4])
		TH_LOG("the character was written while the FIFO was full");
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
	EXPECT_NE(0, pthread_timedjoin_np(t, NULL, &until))
		TH_LOG("pl011_flush() returned while BUSY");
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

/* The contents of path (at most len - 1 bytes), or "" if it cannot be read. */
static char *slurp(const char *path, char *out, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(out, 1, len - 1, f) : 0;

	out[n] = 0;
	if (f)
		fclose(f);
	return out;
}

#define VIRT "qemu-system-arm -M virt -cpu cortex-a15 -nic none -display none -monitor none"

/* The directory of the stage's kernel built for target: LAB_KERNELS holds "target=dir ...". */
static int kernel_dir(const char *target, char *dir, size_t len)
{
	const char *k = getenv("LAB_KERNELS") ?: "";
	size_t n = strlen(target);

	for (const char *p = k; (p = strstr(p, target)); p += n)
		if ((p == k || p[-1] == ' ') && p[n] == '=') {
			snprintf(dir, len, "%.*s", (int)strcspn(p + n + 1, " "), p + n + 1);
			return 1;
		}
	return 0;
}

struct zboot {
	int uncompress;		/* its .config has CONFIG_DEBUG_UNCOMPRESS=y */
	char before[1024];	/* what the serial line carried before the kernel's first message */
};

/*
 * Boot the zImage of the stage's kernel for target with no root file system: it panics,
 * panic=-1 restarts and -no-reboot ends QEMU. The kernel's first message on the console is
 * the "Booting Linux" line replayed from the log buffer; whatever comes before it was printed
 * by the decompressor.
 */
static int zboot(const char *target, const char *tmp, struct zboot *z)
{
	char dir[2048], cmd[8192], serial[16384], *first;

	if (!kernel_dir(target, dir, sizeof(dir)))
		return 0;
	snprintf(cmd, sizeof(cmd), "grep -qx CONFIG_DEBUG_UNCOMPRESS=y %s/.config", dir);
	z->uncompress = !system(cmd);
	snprintf(cmd, sizeof(cmd), "timeout 60 " VIRT " -m 256 -no-reboot -kernel %s/zImage "
		 "-append 'console=ttyAMA0 panic=-1' -serial file:%s/%s.txt", dir, tmp, target);
	if (system(cmd))
		return 0;
	snprintf(cmd, sizeof(cmd), "%s/%s.txt", tmp, target);
	first = strstr(slurp(cmd, serial, sizeof(serial)), "Booting Linux");
	if (!first)
		return 0;
	while (first > serial && first[-1] != '\n')
		first--;
	snprintf(z->before, sizeof(z->before), "%.*s", (int)(first - serial), serial);
	return 1;
}

/* Text as a C array for the bare-metal program, each "\r\n" back to the '\n' putstr() had. */
static int write_text(const char *path, const char *out)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return 0;
	fprintf(f, "const char lab_text[] = {");
	for (; *out; out++)
		if (*out != '\r' || out[1] != '\n')
			fprintf(f, " %#x,", (unsigned char)*out);
	fprintf(f, " 0 };\n");
	return !fclose(f);
}

TEST(bare_metal_prints_like_the_decompressor)
{
	char dir[] = "/tmp/lab-pl011-XXXXXX", cmd[8192], out[4096], node[256];
	unsigned int hi, lo, sz_hi, sz_lo;
	const char *cross = getenv("CROSS") ?: "arm-linux-gnueabi-";
	struct zboot ll, plain;
	const char *text;

	ASSERT_NE(NULL, mkdtemp(dir));
	/* The stage's kernel with DEBUG_LL, and without. */
	ASSERT_TRUE(zboot("virt-debugll", dir, &ll))
		TH_LOG("the DEBUG_LL kernel did not boot (LAB_KERNELS: %s)",
		       getenv("LAB_KERNELS") ?: "unset");
	ASSERT_TRUE(zboot("virt", dir, &plain)) TH_LOG("the virt kernel did not boot");
	ASSERT_TRUE(ll.uncompress) TH_LOG("the DEBUG_LL kernel was built without DEBUG_UNCOMPRESS");
	ASSERT_FALSE(plain.uncompress) TH_LOG("the virt kernel was built with DEBUG_UNCOMPRESS");
	ASSERT_STREQ("", plain.before)
		TH_LOG("without DEBUG_UNCOMPRESS, something printed before the kernel");
	/* head.S prints its relocation first ("C:..."), character by character; then misc.c's
	 * putstr(). */
	text = strstr(ll.before, "Uncompressing Linux...");
	ASSERT_NE(NULL, text)
		TH_LOG("with DEBUG_UNCOMPRESS the decompressor printed \"%s\"", ll.before);
	TH_LOG("the DEBUG_LL zImage's decompressor printed %zu bytes, the other zImage nothing",
	       strlen(ll.before));

	/* putstr()'s bytes through your pl011.c, bare metal, at the console the device tree
	 * names. */
	snprintf(cmd, sizeof(cmd), VIRT " -machine dumpdtb=%s/virt.dtb >/dev/null 2>&1 && "
		 "fdtget -t s %s/virt.dtb /chosen stdout-path", dir, dir);
	sh(cmd, node, sizeof(node));
	node[strcspn(node, "\n")] = 0;
	ASSERT_NE(0, node[0]) TH_LOG("no /chosen/stdout-path in QEMU's virt device tree");
	snprintf(cmd, sizeof(cmd), "fdtget -t x %s/virt.dtb '%s' reg", dir, node);
	ASSERT_EQ(4, sscanf(sh(cmd, out, sizeof(out)), "%x %x %x %x", &hi, &lo, &sz_hi, &sz_lo))
		TH_LOG("%s has no 64-bit reg property", node);
	ASSERT_EQ(0, hi);
	TH_LOG("console %s at %#x", node, lo);
	snprintf(cmd, sizeof(cmd), "%s/text.c", dir);
	ASSERT_TRUE(write_text(cmd, text));
	snprintf(cmd, sizeof(cmd), "%sgcc -marm -march=armv7-a -O2 -Wall -ffreestanding -nostdlib "
		 "-static -Wl,-Ttext-segment=0x40010000 -Wl,-e,_start -Wl,--build-id=none "
		 "-DUART_BASE=%#xu -I%s -o %s/bm.elf labs/01-debug-uncompress/baremetal.c "
		 "%s/text.c %s/pl011.c -lgcc 2>&1",
		 cross, lo, LAB_CODEDIR, dir, dir, LAB_CODEDIR);
	ASSERT_EQ(0, system(cmd)) TH_LOG("the bare-metal build failed: %s", cmd);
	snprintf(cmd, sizeof(cmd), "timeout 10 " VIRT " -m 64 -semihosting -kernel %s/bm.elf "
		 "-serial file:%s/serial.txt", dir, dir);
	EXPECT_EQ(0, system(cmd))
		TH_LOG("QEMU did not exit by itself within 10 s (flush never returned?)");
	snprintf(cmd, sizeof(cmd), "%s/serial.txt", dir);
	EXPECT_STREQ(text, slurp(cmd, out, sizeof(out)));
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	system(cmd);
}

TEST_HARNESS_MAIN
