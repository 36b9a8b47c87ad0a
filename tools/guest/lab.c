// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lab.h"

struct sym { uint32_t addr; char type; char name[64]; };
static struct sym *syms;
static int nsyms;

static void load(void)
{
	char line[256];
	FILE *f;

	if (syms)
		return;
	f = fopen("/lab/System.map", "r");
	if (!f) {
		perror("lab: /lab/System.map");
		exit(2);
	}
	while (fgets(line, sizeof(line), f)) {
		struct sym s;

		if (sscanf(line, "%x %c %63s", &s.addr, &s.type, s.name) != 3)
			continue;
		if (!(nsyms & 1023))
			syms = realloc(syms, (nsyms + 1024) * sizeof(*syms));
		syms[nsyms++] = s;
	}
	fclose(f);
}

uint32_t lab_symbol(const char *name)
{
	load();
	for (int i = 0; i < nsyms; i++)
		if (!strcmp(syms[i].name, name))
			return syms[i].addr;
	return 0;
}

const char *lab_text_symbol_at(uint32_t addr)
{
	load();
	for (int i = 0; i < nsyms; i++)
		if (syms[i].addr == addr && (syms[i].type == 't' || syms[i].type == 'T'))
			return syms[i].name;
	return NULL;
}

static sigjmp_buf peek_env;

static void peek_fault(int sig)
{
	siglongjmp(peek_env, sig);
}

int lab_peek(uintptr_t addr, uint32_t *val)
{
	struct sigaction sa = { .sa_handler = peek_fault }, old_segv, old_bus;
	int ok = 0;

	sigaction(SIGSEGV, &sa, &old_segv);
	sigaction(SIGBUS, &sa, &old_bus);
	if (!sigsetjmp(peek_env, 1)) {
		*val = *(volatile uint32_t *)addr;
		ok = 1;
	}
	sigaction(SIGSEGV, &old_segv, NULL);
	sigaction(SIGBUS, &old_bus, NULL);
	return ok;
}

#define WEDGED "/tmp/lab-ext4-wedged"

int lab_guarded(int (*fn)(void *), void *arg)
{
	int status;
	pid_t pid = fork();

	if (pid == 0)
		_exit(fn(arg) & 0xff);
	if (pid < 0 || waitpid(pid, &status, 0) < 0)
		return -1;
	if (WIFSIGNALED(status)) {
		FILE *f = fopen(WEDGED, "w");

		if (f) {
			fprintf(f, "an earlier test was killed by signal %d on " LAB_EXT4
				" (kernel BUG?): the mount is not touched again in this boot",
				WTERMSIG(status));
			fclose(f);
		}
		return -WTERMSIG(status);
	}
	return WEXITSTATUS(status);
}

int lab_bounded(int (*fn)(void *), void *arg, int ms, char *state)
{
	char path[64], buf[256], *p = NULL;
	int status;
	pid_t pid = fork();
	FILE *f;

	if (pid == 0)
		_exit(fn(arg) & 0xff);
	if (pid < 0)
		return -1;
	for (int t = 0; t < ms; t += 100, usleep(100000))
		if (waitpid(pid, &status, WNOHANG) == pid)
			return WIFSIGNALED(status) ? -WTERMSIG(status) : WEXITSTATUS(status);
	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	f = fopen(path, "r");
	if (f) {
		p = fgets(buf, sizeof(buf), f) ? strrchr(buf, ')') : NULL;
		fclose(f);
	}
	*state = p && p[1] ? p[2] : '?';
	return LAB_HUNG;
}

const char *lab_ext4_wedged(void)
{
	static char why[256];
	FILE *f = fopen(WEDGED, "r");

	if (!f)
		return NULL;
	if (!fgets(why, sizeof(why), f))
		snprintf(why, sizeof(why), "wedged");
	fclose(f);
	return why;
}

int lab_load_module(const char *name)
{
	char path[128];
	int fd, r;

	snprintf(path, sizeof(path), "/lab/modules/%s.ko", name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	r = syscall(SYS_finit_module, fd, "", 0);
	close(fd);
	return !r || errno == EEXIST;
}
