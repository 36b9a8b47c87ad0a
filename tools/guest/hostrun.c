// SPDX-License-Identifier: GPL-2.0
/*
 * The host target's stand-in for the guest's /init: runs a stage's tests on the build host
 * and ends the report the way labinit does, for the same grader.
 *   hostrun TESTDIR
 */
#include <stdio.h>
#include "runtests.h"

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: hostrun TESTDIR\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	run_tests(argv[1]);
	printf("lab: done\n");
	return 0;
}
