/* SPDX-License-Identifier: GPL-2.0 */
/* Review first: answer questions 5 and 12 of docs/checklist.md for this stage's patch. */
/* Exercise 09-vectors-inaccessible (graded again at 11): audit /proc/<pid>/maps. */
#ifndef AUDIT_H
#define AUDIT_H

#define GATE_START 0xffff0000ul	/* the one mapping that may be called [vectors] */
#define GATE_END   0xffff1000ul

struct maps_audit {
	int lines;		/* mappings listed */
	int vectors;		/* lines named [vectors] */
	int vectors_elsewhere;	/* of those, lines that are not GATE_START-GATE_END */
	int stack;		/* lines named [stack] */
	int heap;		/* lines named [heap] */
	int sigpage;		/* lines named [sigpage] */
	int anonymous;		/* lines with no name at all */
};

/* Count what the maps file at path lists. 0 on success, -1 if it cannot be read. */
int maps_audit(const char *path, struct maps_audit *a);
#endif
