// SPDX-License-Identifier: GPL-2.0
/* The freestanding guest runtime of the mps2 target (see sys.h). */
#include "sys.h"

/* The ELF entry point: argc is the first word of the stack the kernel built, argv follows. */
__attribute__((naked, noreturn, used)) void _start(void)
{
	__asm__("ldr	r0, [sp]\n\t"
		"add	r1, sp, #4\n\t"
		"bl	main\n\t"
		"bl	lab_exit\n");
}

long lab_sys(long nr, long a, long b, long c, long d)
{
	register long r0 __asm__("r0") = a;
	register long r1 __asm__("r1") = b;
	register long r2 __asm__("r2") = c;
	register long r3 __asm__("r3") = d;
	register long r7 __asm__("r7") = nr;

	__asm__ volatile("svc 0" : "+r"(r0) : "r"(r1), "r"(r2), "r"(r3), "r"(r7) : "memory");
	return r0;
}

void lab_exit(int status)
{
	for (;;)
		lab_sys(LAB_NR_exit, status, 0, 0, 0);
}

static long len(const char *s)
{
	long n = 0;

	while (s[n])
		n++;
	return n;
}

void lab_puts(const char *s)
{
	lab_sys(LAB_NR_write, 1, (long)s, len(s), 0);
}

void lab_putdec(long v)
{
	char b[12], *p = b + sizeof(b) - 1;
	unsigned long u = v < 0 ? -v : v;

	*p = 0;
	do
		*--p = '0' + u % 10;	/* Cortex-M3 divides in hardware: no libgcc needed */
	while (u /= 10);
	if (v < 0)
		*--p = '-';
	lab_puts(p);
}

void lab_puthex(uint32_t v)
{
	char b[11] = "0x";

	for (int i = 0; i < 8; i++)
		b[2 + i] = "0123456789abcdef"[(v >> (28 - 4 * i)) & 0xf];
	b[10] = 0;
	lab_puts(b);
}

long lab_read_file(const char *path, char *buf, long size)
{
	long fd = lab_sys(LAB_NR_open, (long)path, 0, 0, 0), n = 0, r;

	if (fd < 0)
		return -1;
	while (n < size - 1 && (r = lab_sys(LAB_NR_read, fd, (long)(buf + n), size - 1 - n, 0)) > 0)
		n += r;
	lab_sys(LAB_NR_close, fd, 0, 0, 0);
	buf[n] = 0;
	return n;
}

static uint32_t hex(const char *s)
{
	uint32_t v = 0;

	for (;; s++) {
		int d = *s >= '0' && *s <= '9' ? *s - '0' :
			*s >= 'a' && *s <= 'f' ? *s - 'a' + 10 : -1;

		if (d < 0)
			return v;
		v = v << 4 | d;
	}
}

/* Call fn on every "ADDR T NAME" line of System.map until it returns non-zero. */
static uint32_t each_symbol(uint32_t (*fn)(uint32_t addr, const char *name, const void *arg),
			    const void *arg)
{
	static char map[512 * 1024];
	static long n = -2;

	if (n == -2)
		n = lab_read_file("/lab/System.map", map, sizeof(map));
	for (long i = 0; i < n;) {
		long end = i;
		uint32_t r;

		while (end < n && map[end] != '\n')
			end++;
		map[end] = 0;
		r = end - i > 11 ? fn(hex(map + i), map + i + 11, arg) : 0;
		map[end] = '\n';
		if (r)
			return r;
		i = end + 1;
	}
	return 0;
}

static uint32_t named(uint32_t addr, const char *name, const void *want)
{
	const char *w = want;

	while (*w && *w == *name)
		w++, name++;
	return !*w && !*name ? addr : 0;
}

uint32_t lab_symbol(const char *name)
{
	return each_symbol(named, name);
}

static uint32_t above(uint32_t addr, const char *name, const void *arg)
{
	(void)name;
	return addr > *(const uint32_t *)arg ? addr : 0;
}

uint32_t lab_symbol_after(uint32_t addr)
{
	return each_symbol(above, &addr);
}

static int tap_n, tap_pass;

int lab_tap(int ok, const char *name)
{
	lab_puts(ok ? "    ok " : "    not ok ");
	lab_putdec(++tap_n);
	lab_puts(" ");
	lab_puts(name);
	lab_puts("\n");
	tap_pass += !!ok;
	return ok;
}

int lab_tap_end(void)
{
	lab_puts("    # Totals: pass:");
	lab_putdec(tap_pass);
	lab_puts(" fail:");
	lab_putdec(tap_n - tap_pass);
	lab_puts(" xfail:0 xpass:0 skip:0 error:0\n");
	return tap_pass == tap_n ? 0 : 1;
}

void lab_note(const char *text, uint32_t value)
{
	lab_puts("    # ");
	lab_puts(text);
	lab_puthex(value);
	lab_puts("\n");
}

/* GCC may call these even in freestanding code (array initialisers, struct copies). */
void *memset(void *d, int c, unsigned int n)
{
	for (unsigned char *p = d; n--; p++)
		*p = c;
	return d;
}

void *memcpy(void *d, const void *s, unsigned int n)
{
	unsigned char *p = d;

	for (const unsigned char *q = s; n--;)
		*p++ = *q++;
	return d;
}
