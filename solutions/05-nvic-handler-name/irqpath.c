// SPDX-License-Identifier: GPL-2.0
/*
 * Follow an interrupt on ARMv7-M: the NVIC takes the handler for line N from slot 16 + N of
 * the vector table, and the kernel's handler for every line, __irq_entry, calls the NVIC
 * driver with a BL. Freestanding: this runs in the mps2 guest, which has no C library.
 */
#include "irqpath.h"

uint32_t v7m_handler(uint32_t word)
{
	/* TODO: the address without its Thumb bit, or 0 when bit 0 is clear. */
	return word & 1 ? word & ~1u : 0;
	/* STUB: return 0; */
}

int t2_is_bl(uint16_t hw1, uint16_t hw2)
{
	/* TODO: the top five bits of hw1 are 11110; bits 15, 14 and 12 of hw2 are set. */
	return (hw1 & 0xf800) == 0xf000 && (hw2 & 0xd000) == 0xd000;
	/* STUB: return 0; */
}

uint32_t t2_bl_target(uint32_t pc, uint16_t hw1, uint16_t hw2)
{
	uint32_t s = hw1 >> 10 & 1, j1 = hw2 >> 13 & 1, j2 = hw2 >> 11 & 1, off;

	/* TODO: offset = S:I1:I2:imm10:imm11:0, sign-extended from 25 bits, where
	 * I1 = NOT(J1 XOR S) and I2 = NOT(J2 XOR S); the base is pc + 4. */
	off = s << 24 | !(j1 ^ s) << 23 | !(j2 ^ s) << 22 | (hw1 & 0x3ffu) << 12 |
	      (hw2 & 0x7ffu) << 1;
	return pc + 4 + (s ? off | 0xfe000000u : off);
	/* STUB: (void)s; (void)j1; (void)j2; (void)off; return 0; */
}
