/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RUNTESTS_H
#define RUNTESTS_H
/* Run every program in dir as one KTAP report on stdout. */
void run_tests(const char *dir);
#endif
