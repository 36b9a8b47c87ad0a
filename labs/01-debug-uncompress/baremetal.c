// SPDX-License-Identifier: GPL-2.0
/*
 * A bare-metal program for QEMU -M virt -kernel: no Linux, no libc, the MMU off — where the
 * decompressor stands when DEBUG_UNCOMPRESS makes it print. It prints through the learner's
 * pl011.c at UART_BASE (from the machine's device tree, passed in by test_pl011.c) the
 * text a real decompressor printed, and ends QEMU with a semihosting SYS_EXIT.
 */
#include "pl011.h"

#define SYS_EXIT	0x18
#define ADP_STOPPED_APPLICATION_EXIT 0x20026

extern const char lab_text[];	/* what the decompressor printed, written by the test */
void lab_main(void);

void lab_main(void)
{
	pl011_puts(UART_BASE, lab_text);
	pl011_flush(UART_BASE);
	register unsigned int r0 asm("r0") = SYS_EXIT, r1 asm("r1") = ADP_STOPPED_APPLICATION_EXIT;
	asm volatile("svc 0x123456" : : "r"(r0), "r"(r1));
	for (;;)
		;
}

/* Entry: a stack in RAM above the image, then C. */
asm(".section .text.entry, \"ax\"\n"
    ".global _start\n"
    "_start:\n"
    "	ldr	sp, =0x40100000\n"
    "	bl	lab_main\n"
    "1:	b	1b\n");
