// SPDX-License-Identifier: GPL-2.0
#include <setjmp.h>
#include <signal.h>
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
