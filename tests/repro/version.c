// SPDX-License-Identifier: GPL-2.0
/* A wrong reproducer: it asks for the kernel's version instead of the behaviour ("the fix is
 * in 3.11, so any 3.11 or later is fixed"). Every lab kernel has the same release. */
#include <stdio.h>
#include <sys/utsname.h>

int main(void)
{
	struct utsname u;
	int major = 0, minor = 0;

	uname(&u);
	sscanf(u.release, "%d.%d", &major, &minor);
	printf("repro: linux %s\n", u.release);
	return major > 3 || (major == 3 && minor >= 11) ? 0 : 1;
}
