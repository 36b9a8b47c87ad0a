// SPDX-License-Identifier: GPL-2.0
/*
 * The mps2 boot shim, at address 0 of QEMU's mps2-an385. A Cortex-M3 starts by loading its
 * stack pointer and reset handler from the vector table at 0. Ours says where it goes and
 * enters the kernel's Image the way the ARM boot protocol asks: r0 = 0, r1 = ~0 (no machine
 * number: the device tree decides), r2 = the device tree's address, interrupts off. The
 * kernel then installs its own vector table (VTOR).
 *   KERNEL_ENTRY, DTB_ADDR: given by tools/mps2/load.sh, from the kernel it boots.
 */
#include <stdint.h>

#define UART0        0x40004000u	/* CMSDK APB UART 0, the console */
#define UART_DATA    (*(volatile uint32_t *)(UART0 + 0x0))
#define UART_STATE   (*(volatile uint32_t *)(UART0 + 0x4))	/* bit 0: TX full */
#define UART_CTRL    (*(volatile uint32_t *)(UART0 + 0x8))	/* bit 0: TX enable */
#define UART_BAUDDIV (*(volatile uint32_t *)(UART0 + 0x10))

static void put(const char *s)
{
	for (; *s; s++) {
		while (UART_STATE & 1)
			;
		UART_DATA = *s;
	}
}

static void puthex(uint32_t v)
{
	char b[9];

	for (int i = 0; i < 8; i++)
		b[i] = "0123456789abcdef"[v >> (28 - 4 * i) & 0xf];
	b[8] = 0;
	put(b);
}

void reset(void)
{
	UART_BAUDDIV = 16;	/* the smallest divisor the UART accepts; QEMU ignores the rate */
	UART_CTRL = 1;
	put("shim: entering the kernel at 0x");
	puthex(KERNEL_ENTRY);
	put(", device tree at 0x");
	puthex(DTB_ADDR);
	put("\r\n");
	/* Declared only now: a register variable is not kept across the calls above. */
	register uint32_t r0 __asm__("r0") = 0, r1 __asm__("r1") = ~0u, r2 __asm__("r2") = DTB_ADDR;
	register uint32_t r3 __asm__("r3") = KERNEL_ENTRY;

	__asm__ volatile("cpsid i\n\tbx r3" : : "r"(r0), "r"(r1), "r"(r2), "r"(r3));
	__builtin_unreachable();
}

/* Only the first two words are used: initial SP (top of 4 KiB of SSRAM2), reset handler. */
__attribute__((section(".vectors"), used))
static const uint32_t vectors[2] = { 0x20001000u, (uint32_t)reset };
