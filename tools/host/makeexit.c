/*
 * A GNU make plugin (the "load" directive): $(lab-exit N) ends make with status N at once.
 * make alone can only exit 0, 1 or 2; with this, 'make run CMD=...' exits with the guest
 * command's own status, as a script or CI expects. Loading it also sets LAB_EXIT := yes, so
 * that the engine can tell whether the function is there (a host without a C compiler yet).
 */
#include <gnumake.h>
#include <stdio.h>
#include <stdlib.h>

int plugin_is_GPL_compatible;

static char *lab_exit(const char *name, unsigned int argc, char **argv)
{
	(void)name;
	(void)argc;
	fflush(stdout);
	exit(atoi(argv[0]));
}

int makeexit_gmk_setup(const gmk_floc *floc)
{
	(void)floc;
	gmk_add_function("lab-exit", lab_exit, 1, 1, GMK_FUNC_DEFAULT);
	gmk_eval("LAB_EXIT := yes", NULL);
	return 1;
}
