/* SPDX-License-Identifier: GPL-2.0 */
/* Review first: answer questions 2 and 14 of docs/checklist.md for this stage's patch. */
/*
 * Exercise 01-debug-uncompress, part 2: talk to an ARM PL011 UART the way DEBUG_LL does
 * (arch/arm/include/debug/pl01x.S): no driver, no interrupts, just two registers. Freestanding:
 * the same file runs on the host against a fake register block and bare metal under QEMU.
 */
#ifndef PL011_H
#define PL011_H
#include <stdint.h>

#define PL011_DR	0x00		/* data register: a write sends one character */
#define PL011_FR	0x18		/* flag register */
#define PL011_FR_BUSY	(1u << 3)	/* still shifting bits out */
#define PL011_FR_TXFF	(1u << 5)	/* transmit FIFO full */

/* Wait while the transmit FIFO is full, then write c to the data register. */
void pl011_putc(uintptr_t base, int c);
/* pl011_putc() every character of s, sending "\r\n" for each '\n' as the decompressor does. */
void pl011_puts(uintptr_t base, const char *s);
/* Wait until the UART has sent everything (BUSY clear). */
void pl011_flush(uintptr_t base);
#endif
