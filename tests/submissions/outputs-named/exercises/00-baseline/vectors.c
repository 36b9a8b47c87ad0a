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

	/* TODO: install a SIGSEGV handler that jumps back here (sigsetjmp/siglongjmp),
	 * load the word through a volatile pointer, then restore the old handler. */
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
	/* TODO: recognise B (cond 1110, bits 27..24 = 1010), LDR pc, [pc, #+/-imm12]
	 * and SVC (bits 27..24 = 1111). The PC reads as the instruction's address + 8. */
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
