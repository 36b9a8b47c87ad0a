// SPDX-License-Identifier: GPL-2.0
/* Exercise 01-debug-uncompress: the PL011 polled output of DEBUG_LL, in C. */
#include "pl011.h"

static volatile uint32_t *reg(uintptr_t base, unsigned int off)
{
	return (volatile uint32_t *)(base + off);
}

void pl011_putc(uintptr_t base, int c)
{
	/* TODO: spin while FR has TXFF set (waituarttxrdy), then store c into DR (senduart).
	 * Every access must go through a volatile pointer: the device can change FR. */
	while (*reg(base, PL011_FR) & PL011_FR_TXFF)
		;
	*reg(base, PL011_DR) = (uint32_t)c;
	/* STUB: (void)reg; (void)base; (void)c; */
}

void pl011_puts(uintptr_t base, const char *s)
{
	/* TODO: a terminal wants "\r\n"; send '\r' before every '\n'. */
	for (; *s; s++) {
		if (*s == '\n')
			pl011_putc(base, '\r');
		pl011_putc(base, *s);
	}
	/* STUB: (void)base; (void)s; */
}

void pl011_flush(uintptr_t base)
{
	/* TODO: spin while FR has BUSY set (busyuart). */
	while (*reg(base, PL011_FR) & PL011_FR_BUSY)
		;
	/* STUB: (void)base; */
}
