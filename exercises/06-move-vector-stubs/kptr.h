/* SPDX-License-Identifier: GPL-2.0 */
/* Review first: answer questions 1 and 12 of docs/checklist.md for this stage's patch. */
/* Exercise 06-move-vector-stubs: which kernel pointers can an unprivileged process read? */
#ifndef KPTR_H
#define KPTR_H
#include <stdint.h>

struct kptr {
	uint32_t offset;	/* byte offset of the word in the page */
	uint32_t value;		/* the word: an address inside [lo, hi) */
};

/* 1 if a 32-bit load from addr succeeds, 0 if it faults. Never crashes the caller. */
int probe_readable(uintptr_t addr);

/*
 * Scan the 4 KiB page at base for 32-bit words (4-byte aligned) whose value lies in [lo, hi).
 * Stores the first max hits in out and returns how many there are in all, or -1 if the page
 * cannot be read.
 */
int kptr_scan(uintptr_t base, uint32_t lo, uint32_t hi, struct kptr *out, int max);
#endif
