// SPDX-License-Identifier: GPL-2.0
/*
 * A process that can tell whose page tables it returned to user space on. Up to the system
 * call, it is an ordinary process; after it, if the kernel left the CPU on the donor's
 * tables, every load and store goes to the donor's memory: the stack, libc's data, its
 * code. So the detector after the system call is a few instructions that touch one word
 * that both processes have at the same address, with different values, and nothing else.
 */
#include <sched.h>
#include <unistd.h>
#include "switchwin.h"
#include "victim.h"

void lab_victim(int fd)
{
	/* TODO: become SCHED_FIFO (exit with LAB_NO_FIFO if that fails): the kernel thread wakes
	 * the victim with interrupts off, and only a real-time task is sure to take the CPU at
	 * its first preemption point, inside kthread_use_mm(). Then write LAB_VICTIM_MARK into
	 * lab_marker[0] and probe with SWITCHWIN_VICTIM. */
	_exit(0);
}

void lab_probe(int fd, unsigned long cmd, volatile unsigned int *marker)
{
	/* TODO: the system call by hand (EABI: number in r7, __NR_ioctl is 54; the arguments are
	 * already in r0-r2, and the kernel gives back every register but r0). Then load the
	 * word at marker (still in r2), keep its low byte, and exit_group (248) with it. End
	 * with a branch to itself: lab_probe never returns. */
	__asm__("mov	r0, #0\n\tmov	r7, #248\n\tsvc	#0\n\tb	.\n");
}
