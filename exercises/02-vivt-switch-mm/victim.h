/* SPDX-License-Identifier: GPL-2.0 */
/* Review first: answer question 11 of docs/checklist.md for this stage's patch. */
/*
 * The victim of 02-vivt-switch-mm and its detector. The test forks a donor and a victim from
 * one process: each stamps lab_marker with its own value (the write gives each a private
 * copy of the page at the same address), then enters /dev/switchwin through lab_probe().
 * What lab_probe() loads from lab_marker on the way back says whose page tables the CPU
 * was walking when the process returned to user space.
 */
#ifndef VICTIM_H
#define VICTIM_H

#define LAB_DONOR_MARK	0x51515151u
#define LAB_VICTIM_MARK	0x7e7e7e7eu
/* The victim's exit code when it could not become a real-time task. */
#define LAB_NO_FIFO	99

/* One page, defined by the test. */
extern volatile unsigned int lab_marker[1024];

/* In the victim (a child of the test): become the task that wins the CPU inside the window,
 * stamp the marker, probe. Never returns. */
void lab_victim(int fd) __attribute__((noreturn));

/*
 * ioctl(fd, cmd, marker); then, touching nothing but marker and its own code, exit_group()
 * with the low byte of *marker. Never returns. Aligned so that it cannot straddle a page:
 * the donor runs it first, which puts its code page into the donor's tables too.
 */
void lab_probe(int fd, unsigned long cmd, volatile unsigned int *marker)
	__attribute__((naked, noreturn, aligned(32)));
#endif
