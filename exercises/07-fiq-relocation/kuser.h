/* SPDX-License-Identifier: GPL-2.0 */
/* Review first: answer questions 2 and 12 of docs/checklist.md for this stage's patch. */
/*
 * Exercise 07-fiq-relocation (graded again up to 11): the kuser helpers, the kernel code at
 * the top of the vectors page that old ARM userlands call directly
 * (Documentation/arm/kernel_user_helpers.rst).
 */
#ifndef KUSER_H
#define KUSER_H
#include <stdint.h>

#define KUSER_HELPER_VERSION	0xffff0ffcu	/* word: number of helpers offered */
#define KUSER_GET_TLS		0xffff0fe0u	/* void *(void), needs version >= 1 */
#define KUSER_CMPXCHG		0xffff0fc0u	/* int (old, new, ptr), needs version >= 2 */

/*
 * The helper version the running kernel offers, or 0 when it offers none: the page cannot
 * be read, or the word there is no plausible version. Never crashes the caller.
 */
int kuser_version(void);
/* The calling thread's TLS pointer: through __kuser_get_tls when offered, else without it. */
uintptr_t kuser_get_tls(void);
/*
 * Atomically: if *ptr == old, store new and return 0; else return non-zero and leave *ptr.
 * Through __kuser_cmpxchg when offered, else without it.
 */
int kuser_cmpxchg(int old, int new, volatile int *ptr);
#endif
