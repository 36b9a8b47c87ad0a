/* SPDX-License-Identifier: GPL-2.0 */
/*
 * /dev/switchwin, the lab's module for 02-vivt-switch-mm: what the guest's test and the
 * module share. One run: a donor process parks in SWITCHWIN_DONOR, a victim process of
 * another mm enters SWITCHWIN_VICTIM, the test's process collects the result with
 * SWITCHWIN_END. The table addresses are physical, as TTBR0 holds them.
 */
#ifndef SWITCHWIN_H
#define SWITCHWIN_H
#include <linux/ioctl.h>
#include <linux/types.h>

struct switchwin_result {
	__u32 window;		/* 1: the victim was woken inside kthread_use_mm(); 0: after it */
	__u32 parked;		/* the kernel thread had the CPU on the donor's tables first */
	__u32 inside;		/* the victim resumed while the thread was in kthread_use_mm() */
	__u32 ttbr0;		/* TTBR0 when the victim resumed in the kernel, about to return */
	__u32 own_pgd;		/* the victim's page tables */
	__u32 donor_pgd;	/* the donor's page tables */
};

#define SWITCHWIN_WINDOW _IO('w', 1)	/* arg: 1 or 0, for the next run */
#define SWITCHWIN_DONOR  _IO('w', 2)	/* the caller is the donor; returns at SWITCHWIN_END */
#define SWITCHWIN_READY  _IO('w', 3)	/* 1 once a donor waits */
#define SWITCHWIN_VICTIM _IO('w', 4)	/* the caller is the victim; returns once it is woken */
#define SWITCHWIN_END    _IOR('w', 5, struct switchwin_result)	/* release the donor */
#endif
