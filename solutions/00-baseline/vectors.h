/* SPDX-License-Identifier: GPL-2.0 */
/* Review first: answer questions 9 and 12 of docs/checklist.md for this stage's patch. */
/* Exercise 00-baseline: decode the exception vectors that every process can read at 0xffff0000. */
#ifndef VECTORS_H
#define VECTORS_H
#include <stdint.h>

#define VECTORS_BASE 0xffff0000u

enum vec_kind { VEC_UNKNOWN, VEC_BRANCH, VEC_LDR_PC, VEC_SVC };

struct vec {
	enum vec_kind kind;
	uint32_t insn;		/* the instruction word at VECTORS_BASE + 4 * slot */
	uint32_t target;	/* VEC_BRANCH: branch target; VEC_LDR_PC: the literal's address */
	int literal_ok;		/* VEC_LDR_PC: 1 if the literal could be read from user space */
	uint32_t literal;	/* VEC_LDR_PC and literal_ok: the address the CPU jumps to */
	uint32_t svc;		/* VEC_SVC: the 24-bit immediate */
};

/*
 * Fill v[0..7] from the live vector page (ARM state instructions). Returns 0, or -1 if the
 * vector page itself cannot be read. Must not crash when a literal lies in an unreadable page.
 */
int decode_vectors(struct vec v[8]);
#endif
