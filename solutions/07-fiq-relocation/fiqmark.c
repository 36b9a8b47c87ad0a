// SPDX-License-Identifier: GPL-2.0
/*
 * fiqmark: claim the FIQ, install a three-word handler with set_fiq_handler() and report
 * where the kernel copied it, as the module parameter 'landed'. Built out of tree against
 * the stage's kernel and loaded only inside the guest.
 *
 * Before "ARM: update FIQ support for relocation of vectors" the handler replaces the FIQ
 * vector at 0xffff001c, in the page every process can read; after it, it goes to
 * vector_fiq in the stubs page, which only the kernel can read.
 */
#include <linux/module.h>
#include <linux/uaccess.h>
#include <asm/fiq.h>
#include "fiqmark.h"

static unsigned long landed;
module_param(landed, ulong, 0444);
MODULE_PARM_DESC(landed, "address of the installed FIQ handler (0: not found)");

static struct fiq_handler owner = { .name = "fiqmark" };
static const u32 handler[FIQMARK_WORDS] = { FIQMARK_SUBS_PC_LR_4, FIQMARK_MAGIC, FIQMARK_MAGIC2 };

/* The handler's address in the two high pages, read with the kernel's own rights. */
static unsigned long find_handler(void)
{
	unsigned long a;
	u32 w0, w1;

	/* TODO: scan 0xffff0000..0xffff1fff a word at a time for FIQMARK_MAGIC followed by
	 * FIQMARK_MAGIC2; read with get_kernel_nofault() (the second page may be unmapped on
	 * older kernels); return the address of the handler's first word, or 0. */
	for (a = 0xffff0004; a + 8 <= 0xffff2000; a += 4) {
		if (get_kernel_nofault(w0, (u32 *)a) || get_kernel_nofault(w1, (u32 *)(a + 4)))
			continue;
		if (w0 == FIQMARK_MAGIC && w1 == FIQMARK_MAGIC2)
			return a - 4;
	}
	/* STUB: (void)a; (void)w0; (void)w1; */
	return 0;
}

static int __init fiqmark_init(void)
{
	int ret = 0;

	/* TODO: claim the FIQ for 'owner' (give up if that fails), install 'handler' with
	 * set_fiq_handler(), then set 'landed' to where it went. Never release_fiq(): on these
	 * machines init_FIQ() never ran, so the default handler to restore is 0. */
	ret = claim_fiq(&owner);
	if (ret)
		return ret;
	set_fiq_handler((void *)handler, sizeof(handler));
	landed = find_handler();
	/* STUB: (void)owner; (void)handler; (void)find_handler; */
	pr_info("fiqmark: handler at 0x%08lx\n", landed);
	return ret;
}
module_init(fiqmark_init);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("3.11 review lab: where does set_fiq_handler() put a FIQ handler?");
