/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The guest runtime of the mps2 target: Debian has no C library for ARMv7-M without an MMU,
 * so the lab's programs there are freestanding. System calls, output, TAP lines and
 * System.map, as little as the lab's init and tests need.
 */
#ifndef LAB_V7M_SYS_H
#define LAB_V7M_SYS_H
#include <stdint.h>

/* Every program's main: _start (in sys.c) calls it with the kernel's argc and argv. */
int main(int argc, char **argv);
long lab_sys(long nr, long a, long b, long c, long d);
void lab_exit(int status) __attribute__((noreturn));
/* Write a string to fd 1 (the console). */
void lab_puts(const char *s);
void lab_putdec(long v);
void lab_puthex(uint32_t v);
/* Read a whole file into buf (NUL-terminated); its length, or -1. */
long lab_read_file(const char *path, char *buf, long size);
/* Address of a symbol in the running kernel's System.map (/lab/System.map), or 0. */
uint32_t lab_symbol(const char *name);
/* The first System.map symbol above addr (the end of the one at addr), or 0. */
uint32_t lab_symbol_after(uint32_t addr);
/* One TAP line, "ok N name" or "not ok N name", indented as a KTAP subtest; returns ok. */
int lab_tap(int ok, const char *name);
/* The kselftest harness's "# Totals" line for the lab_tap lines so far; the exit status
 * the harness would give (0 all passed, 1 otherwise). The host grader wants both. */
int lab_tap_end(void);
/* A "# ..." line explaining the next TAP line: text, then a hex value. */
void lab_note(const char *text, uint32_t value);

#define LAB_NR_exit   1
#define LAB_NR_read   3
#define LAB_NR_write  4
#define LAB_NR_open   5
#define LAB_NR_close  6
#define LAB_NR_execve 11
#define LAB_NR_mount  21
#define LAB_NR_wait4  114
#define LAB_NR_vfork  190
#define LAB_NR_getdents64 217
#endif
