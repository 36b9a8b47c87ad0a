// SPDX-License-Identifier: GPL-2.0
/*
 * Can QEMU show what "ARM: Fix FIQ code on VIVT CPUs" fixed? A bare-metal program for QEMU
 * -M versatilepb (an ARM926EJ-S: virtually indexed, virtually tagged caches). It maps one
 * physical page at two virtual addresses, as set_fiq_handler() sees the vectors page: A, the
 * kernel's writable alias (vectors_page), and B, the address the CPU executes (0xffff0000).
 * It writes code through A and runs it through B after the 2013 maintenance, which cleaned
 * and invalidated B's range only. On a VIVT CPU the new code is still a dirty line of A in the
 * D-cache, so B fetches the old code from memory. Then it adds the fix's clean of A.
 * It prints what ran each time and ends QEMU with a semihosting SYS_EXIT.
 * claim_vivt_alias.sh beside it builds and runs it (docs/labs/07-fiq-relocation.md).
 */
#include <stdint.h>

#define UART0		0x101f1000u	/* versatilepb's PL011 */
#define PAGE_TABLE	0x00004000u	/* 16 KiB-aligned L1 table */
#define PHYS		0x00200000u	/* the page both aliases map */
#define ALIAS_A		0x40000000u	/* where the code is written */
#define ALIAS_B		0x40100000u	/* where the code runs */
#define MOV_R0(n)	(0xe3a00000u | (n))
#define BX_LR		0xe12fff1eu

static void putc_uart(char c)
{
	while (*(volatile uint32_t *)(UART0 + 0x18) & (1u << 5))	/* TX FIFO full */
		;
	*(volatile uint32_t *)UART0 = c;
}

static void puts_uart(const char *s)
{
	while (*s)
		putc_uart(*s++);
}

/* ARMv5 section descriptor: full access, domain 0, cacheable and bufferable (write-back) if wb. */
static uint32_t section(uint32_t pa, int wb)
{
	return (pa & 0xfff00000u) | (3u << 10) | (1u << 4) | (wb ? 0xcu : 0) | 2u;
}

static void clean_dline(uint32_t va)
{
	asm volatile("mcr p15, 0, %0, c7, c10, 1" : : "r"(va & ~31u) : "memory");
	/* Drain the write buffer. */
	asm volatile("mcr p15, 0, %0, c7, c10, 4" : : "r"(0) : "memory");
}

static void inval_iline(uint32_t va)
{
	asm volatile("mcr p15, 0, %0, c7, c5, 1" : : "r"(va & ~31u) : "memory");
}

static void write_code(uint32_t va, uint32_t n)
{
	((volatile uint32_t *)va)[0] = MOV_R0(n);
	((volatile uint32_t *)va)[1] = BX_LR;
}

static uint32_t run(uint32_t va)
{
	return ((uint32_t (*)(void))va)();
}

static void report(const char *what, uint32_t got, uint32_t written)
{
	puts_uart(what);
	puts_uart(": returned ");
	putc_uart('0' + got);
	puts_uart(got == written ? ", the code written last\n" :
		  ", older code: the alias was stale\n");
}

void lab_main(void)
{
	volatile uint32_t *l1 = (volatile uint32_t *)PAGE_TABLE;
	uint32_t ctrl;

	for (uint32_t i = 0; i < 4096; i++)
		l1[i] = 0;
	l1[0] = section(0, 1);				/* this program, its stack, the table */
	l1[UART0 >> 20] = section(UART0, 0);
	l1[ALIAS_A >> 20] = section(PHYS, 1);
	l1[ALIAS_B >> 20] = section(PHYS, 1);
	asm volatile("mcr p15, 0, %0, c7, c7, 0\n"	/* invalidate I and D caches */
		     "mcr p15, 0, %0, c8, c7, 0\n"	/* invalidate TLBs */
		     "mcr p15, 0, %1, c2, c0, 0\n"	/* TTBR */
		     "mcr p15, 0, %2, c3, c0, 0\n"	/* domain 0: client */
		     : : "r"(0), "r"(PAGE_TABLE), "r"(1) : "memory");
	asm volatile("mrc p15, 0, %0, c1, c0, 0" : "=r"(ctrl));
	ctrl |= (1u << 0) | (1u << 2) | (1u << 12);	/* MMU, D-cache, I-cache */
	asm volatile("mcr p15, 0, %0, c1, c0, 0\n nop\n nop" : : "r"(ctrl) : "memory");

	/* The old handler, made visible properly: clean A, then B's I-cache line is filled. */
	write_code(ALIAS_A, 1);
	clean_dline(ALIAS_A);
	/* Invalidate the I-cache. */
	asm volatile("mcr p15, 0, %0, c7, c5, 0" : : "r"(0) : "memory");
	report("old code through B (set up properly)", run(ALIAS_B), 1);

	/* set_fiq_handler() as in 2013: copy through A, clean and invalidate B's range only. */
	write_code(ALIAS_A, 2);
	clean_dline(ALIAS_B);
	inval_iline(ALIAS_B);
	report("new code through B, B's range flushed (2013)", run(ALIAS_B), 2);

	/* The fix: clean the alias that was written, too. */
	write_code(ALIAS_A, 3);
	clean_dline(ALIAS_A);
	clean_dline(ALIAS_B);
	inval_iline(ALIAS_B);
	report("new code through B, A cleaned as well (the fix)", run(ALIAS_B), 3);

	register uint32_t r0 asm("r0") = 0x18, r1 asm("r1") = 0x20026;	/* SYS_EXIT, stopped */
	asm volatile("svc 0x123456" : : "r"(r0), "r"(r1));
	for (;;)
		;
}

asm(".section .text.entry, \"ax\"\n"
    ".global _start\n"
    "_start:\n"
    "	ldr	sp, =0x000f0000\n"
    "	bl	lab_main\n"
    "1:	b	1b\n");
