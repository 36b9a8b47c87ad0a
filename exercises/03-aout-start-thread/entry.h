/* SPDX-License-Identifier: GPL-2.0 */
/* Review first: answer questions 11 and 14 of docs/checklist.md for this stage's patch. */
/* What lab_entry saw at the program's first instruction. */
#ifndef ENTRY_H
#define ENTRY_H

struct entry_regs {
	unsigned long r0, r1, r2, sp;	/* in this order: the stub stores them by offset */
};

/* sp stays 0 until the stub has run: no process starts with sp = 0. */
extern struct entry_regs lab_entry_regs;

/* The ELF entry point (linked with -e lab_entry); it ends by branching to glibc's _start. */
void lab_entry(void);
#endif
