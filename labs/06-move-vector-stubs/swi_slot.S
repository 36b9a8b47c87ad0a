@ The SWI slot of 19accfd37384 ("ARM: move vector stubs"), reduced to what the assembler sees.
@ The commit deleted the .LCvswi label with the old literal at the end of the stubs and put an
@ unlabelled ".word vector_swi" first in the stubs instead, but left the vector table loading
@ from ".LCvswi + stubs_offset". Assemble as it is, the SWI slot names a symbol nobody defines;
@ with -DLABELLED the literal gets its label back, the fix a reviewer would have asked for.
@ claim_swi_slot.sh beside it assembles both (docs/labs/06-move-vector-stubs.md).
	.text
vector_swi:
	b	vector_swi
__stubs_start:
#ifdef LABELLED
.LCvswi:
#endif
	.word	vector_swi		@ "This must be the first word"
vector_rst:
	swi	0x9f0000		@ SYS_ERROR0
	b	vector_und
vector_und:
	b	vector_und
	.space	0x2a0			@ the other stubs, about their 2013 size
__stubs_end:

	.equ	stubs_offset, __vectors_start + 0x1000 - __stubs_start

	.globl	__vectors_start
__vectors_start:
	b	vector_rst + stubs_offset
	b	vector_und + stubs_offset
	ldr	pc, .LCvswi + stubs_offset
__vectors_end:
