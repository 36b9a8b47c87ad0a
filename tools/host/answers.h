/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A learner's answers to a stage's review questions (exercises/<id>/answers.md): each question
 * is a heading "## N. text" (N its number in docs/checklist.md) with a line "Your answer:" under
 * it, and its answer is whatever follows that marker up to the next heading. Questions on what
 * gdb shows are headings "### GN. text" (under "## gdb"), answered the same way. The questions
 * asked come from the lab's template (solutions/<id>/answers.md), not from the learner's copy,
 * so that a question deleted there is reported missing rather than never asked.
 * Answers are reported, not scored: the grader cannot judge them.
 */
#ifndef ANSWERS_H
#define ANSWERS_H

#define ANSWERS_MAX 16

struct answer {
	int num;		/* the question's number in docs/checklist.md, or N of "GN" */
	int gdb;		/* a question on what gdb shows: "GN" */
	char title[256];	/* its heading without "## N. " or "### GN. " */
	int present;		/* text other than whitespace follows its "Your answer:" */
};

struct answers {
	struct answer q[ANSWERS_MAX];
	int n;
};

/*
 * The questions of template, each marked present when the learner's file answers it (a file
 * that is NULL or cannot be read answers none). 0, or -1 if template cannot be read.
 */
int answers_load(const char *template, const char *learner, struct answers *a);
#endif
