/* SPDX-License-Identifier: GPL-2.0 */
/* Review first: answer questions 1, 2 and 3 of docs/checklist.md for this stage's patch. */
/* Reading the ARMv7-M interrupt path out of the kernel's own memory. */
#ifndef IRQPATH_H
#define IRQPATH_H
#include <stdint.h>

/*
 * The handler a vector-table word points at, or 0 when the word is no handler: M-profile
 * cores run only Thumb code, so a handler's address has bit 0 set, and the CPU faults
 * (INVSTATE) on a vector without it. Slot 0, the initial stack pointer, is no handler.
 */
uint32_t v7m_handler(uint32_t word);

/* Is this halfword pair a Thumb-2 BL (encoding T1: 11110 S imm10, 11 J1 1 J2 imm11)? */
int t2_is_bl(uint16_t hw1, uint16_t hw2);
/* Where the BL whose first halfword is at pc branches to. */
uint32_t t2_bl_target(uint32_t pc, uint16_t hw1, uint16_t hw2);
#endif
