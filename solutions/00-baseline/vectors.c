// SPDX-License-Identifier: GPL-2.0
/*
 * Decode the eight ARM exception vectors from user space. On the 3.11-rc3 layout the
 * branches land 0x200 bytes up in the same page, and the SWI vector loads its target
 * from a literal that user space can read too.
 */
#include <setjmp.h>
#include <signal.h>
#include "vectors.h"

static sigjmp_buf fault_env;

static void on_fault(int sig)
{
	siglongjmp(fault_env, sig);
}

/* Load one word; 0 if the load faulted. */
static int read_word(uint32_t addr, uint32_t *out)
{
	struct sigaction sa = { .sa_handler = on_fault }, old;
	int ok = 0;

	/* TODO: level 1: load the word at addr into *out through a volatile pointer (so that
	 * the compiler keeps the load where it is), and return 1.
	 * Level 2 (optional): survive a load that faults, as the SWI literal's does on later
	 * kernels, where it lies in a page user space cannot read: install a SIGSEGV handler
	 * that jumps back here (sigsetjmp(env, 1), siglongjmp), load, put the old handler
	 * back, and return 0 if the load faulted. */
	sigaction(SIGSEGV, &sa, &old);
	if (!sigsetjmp(fault_env, 1)) {
		*out = *(volatile uint32_t *)(uintptr_t)addr;
		ok = 1;
	}
	sigaction(SIGSEGV, &old, NULL);
	/* STUB: (void)sa; (void)old; (void)out; (void)addr; */
	return ok;
}

static void decode(uint32_t pc, uint32_t insn, struct vec *v)
{
	v->insn = insn;
	v->kind = VEC_UNKNOWN;
	/* TODO: level 1: recognise, by bits 27..24, B (1010) and SVC (1111), and
	 * LDR pc, [pc, #+/-imm12] by bits 27..12 (0101U001 1111 1111), whose literal you read
	 * with read_word(). The PC reads as the instruction's address + 8. The condition field,
	 * bits 31..28, is 1110 (always) in all eight vectors and no check depends on it: level 1
	 * may ignore it. Level 2 (optional): with condition 1111 the same bits encode other
	 * instructions (BLX, a preload hint, undefined ones): leave such a word VEC_UNKNOWN. */
	if ((insn >> 28) == 0xf)
		return;
	if ((insn & 0x0f000000) == 0x0a000000) {
		int32_t off = (int32_t)(insn << 8) >> 6;	/* sign-extend imm24, times 4 */

		v->kind = VEC_BRANCH;
		v->target = pc + 8 + off;
	} else if ((insn & 0x0f7ff000) == 0x051ff000) {
		uint32_t imm = insn & 0xfff;

		v->kind = VEC_LDR_PC;
		v->target = (insn & (1u << 23)) ? pc + 8 + imm : pc + 8 - imm;
		v->literal_ok = read_word(v->target, &v->literal);
	} else if ((insn & 0x0f000000) == 0x0f000000) {
		v->kind = VEC_SVC;
		v->svc = insn & 0x00ffffff;
	}
	/* STUB: (void)pc; */
}

int decode_vectors(struct vec v[8])
{
	for (int i = 0; i < 8; i++) {
		uint32_t pc = VECTORS_BASE + 4 * i, insn;

		v[i] = (struct vec){ 0 };
		if (!read_word(pc, &insn))
			return -1;
		decode(pc, insn, &v[i]);
	}
	return 0;
}
