/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers for the lab's guest tests. The expected values of every check come from here:
 * /lab/System.map is the map of the kernel that is running, put into the initramfs by the host.
 */
#ifndef LAB_H
#define LAB_H
#include <stdint.h>

/* Address of a symbol in the running kernel's System.map, or 0 if it has none. */
uint32_t lab_symbol(const char *name);
/* Name of the System.map text symbol that starts exactly at addr, or NULL. */
const char *lab_text_symbol_at(uint32_t addr);
/* The test's own guarded load: 1 and *val on success, 0 if the load faults. */
int lab_peek(uintptr_t addr, uint32_t *val);

/*
 * Run fn(arg) in a child process and return its exit status, or -signal if the kernel or
 * anything else killed it. A child killed inside a system call on EXT4 (a kernel BUG) marks
 * the ext4 mount as wedged for the rest of the boot: see lab_ext4_wedged().
 */
int lab_guarded(int (*fn)(void *), void *arg);
/*
 * Run fn(arg) in a child for at most ms milliseconds: its exit status, -signal if it was
 * killed, or LAB_HUNG if it is still there, with *state its /proc state letter ('D': asleep in
 * the kernel, where a process that oopsed holding a lock stays). The child is left as it is.
 */
#define LAB_HUNG (-1000)
int lab_bounded(int (*fn)(void *), void *arg, int ms, char *state);
/* NULL, or why the ext4 mount must not be touched again in this boot. */
const char *lab_ext4_wedged(void);

/*
 * Load /lab/modules/NAME.ko, the stage's module built against the running kernel: 1 once it
 * is loaded (by this call or an earlier test's), 0 if it could not be.
 */
int lab_load_module(const char *name);

#define LAB_EXT4 "/mnt/ext4"
#define LAB_VECTORS 0xffff0000u
#define LAB_STUBS   0xffff1000u
#endif
