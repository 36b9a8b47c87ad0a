// SPDX-License-Identifier: GPL-2.0
/* A wrong reproducer: it takes the guest down (it powers it off), so no kernel reports its
 * status: a crash or a hang of the guest, as the grader sees it. */
#include <sys/reboot.h>
#include <unistd.h>

int main(void)
{
	sync();
	reboot(RB_POWER_OFF);
	return 0;
}
