// SPDX-License-Identifier: GPL-2.0
/*
 * Turn a reference solution into the learner's skeleton: in each region that opens with a
 * comment starting "/" "* TODO" and closes with a one-line comment "/" "* STUB: code *" "/",
 * keep the TODO comment, drop the solution lines and put the stub's code in their place.
 *   mkexercise SOLUTION.c > EXERCISE.c
 */
#include <stdio.h>
#include <string.h>

static const char *lead(const char *s)
{
	return s + strspn(s, " \t");
}

int main(int argc, char **argv)
{
	char line[1024];
	int lineno = 0, in_todo = 0, in_solution = 0, todo_line = 0;
	FILE *f;

	f = argc == 2 ? fopen(argv[1], "r") : NULL;
	if (!f) {
		fprintf(stderr, "usage: mkexercise SOLUTION.c (cannot read %s)\n",
			argc > 1 ? argv[1] : "?");
		return 2;
	}
	while (fgets(line, sizeof(line), f)) {
		const char *t = lead(line);

		lineno++;
		if (!in_todo && !in_solution && !strncmp(t, "/* TODO", 7)) {
			in_todo = 1;
			todo_line = lineno;
		}
		if (in_todo) {
			fputs(line, stdout);
			if (strstr(line, "*/"))
				in_todo = 0, in_solution = 1;
			continue;
		}
		if (in_solution && !strncmp(t, "/* STUB:", 8)) {
			const char *code = lead(t + 8), *end = strstr(code, "*/");

			if (!end) {
				fprintf(stderr, "%s:%d: STUB comment must end on its line\n",
					argv[1], lineno);
				return 1;
			}
			while (end > code && end[-1] == ' ')
				end--;
			if (end > code)
				printf("%.*s%.*s\n", (int)(t - line), line, (int)(end - code),
				       code);
			in_solution = 0;
			continue;
		}
		if (!in_solution)
			fputs(line, stdout);
	}
	fclose(f);
	if (in_todo || in_solution) {
		fprintf(stderr, "%s:%d: TODO region without a STUB line\n", argv[1], todo_line);
		return 1;
	}
	return 0;
}
