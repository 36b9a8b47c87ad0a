// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "answers.h"

#define MARKER "Your answer:"

static int blank(const char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	return !*s;
}

/* The questions of the file at path, and which have an answer; -1 if it cannot be read. */
static int parse(const char *path, struct answers *a)
{
	char line[1024];
	struct answer *cur = NULL;
	int marked = 0;		/* cur's "Your answer:" has been seen: what follows is the answer */
	FILE *f = path ? fopen(path, "r") : NULL;

	memset(a, 0, sizeof(*a));
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		const char *s = line + strspn(line, " \t");
		int num, at = 0;

		if (line[0] == '#') {
			int gdb = sscanf(line, "### G%d. %n", &num, &at) == 1 && at;

			/* Any other heading ends the answer above it. */
			cur = NULL;
			marked = 0;
			if (!gdb && !(sscanf(line, "## %d. %n", &num, &at) == 1 && at))
				continue;
			/* Past the last slot a question is ignored, and its answer with it. */
			cur = a->n < ANSWERS_MAX ? &a->q[a->n++] : NULL;
			if (cur) {
				cur->num = num;
				cur->gdb = gdb;
				line[strcspn(line, "\n")] = 0;
				snprintf(cur->title, sizeof(cur->title), "%s", line + at);
			}
			continue;
		}
		/* An answer may start on the marker's own line. */
		if (cur && !marked && !strncmp(s, MARKER, strlen(MARKER)))
			marked = 1, s += strlen(MARKER);
		if (cur && marked && !blank(s))
			cur->present = 1;
	}
	fclose(f);
	return 0;
}

int answers_load(const char *template, const char *learner, struct answers *a)
{
	struct answers mine;

	if (parse(template, a))
		return -1;
	parse(learner, &mine);	/* unreadable: no questions, so nothing answered */
	for (int i = 0; i < a->n; i++) {
		a->q[i].present = 0;
		for (int j = 0; j < mine.n; j++)
			a->q[i].present |= mine.q[j].num == a->q[i].num &&
					   mine.q[j].gdb == a->q[i].gdb && mine.q[j].present;
	}
	return 0;
}
