/* SPDX-License-Identifier: GPL-2.0 */
/* Review first: answer questions 9 and 10 of docs/checklist.md for this stage's patch. */
/* Exercise 07-fiq-relocation: the FIQ handler that fiqmark.ko installs, word by word. */
#ifndef FIQMARK_H
#define FIQMARK_H

#define FIQMARK_SUBS_PC_LR_4	0xe25ef004	/* subs pc, lr, #4: return from FIQ */
#define FIQMARK_MAGIC		0xf1a9c0de	/* two marker words no kernel code contains */
#define FIQMARK_MAGIC2		0x0e563f21	/* ~FIQMARK_MAGIC */
#define FIQMARK_WORDS		3

/* The module's parameter: the address of the installed handler's first word, 0 if unknown. */
#define FIQMARK_LANDED "/sys/module/fiqmark/parameters/landed"
#endif
