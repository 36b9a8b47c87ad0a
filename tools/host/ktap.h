/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Read a lab guest's serial log: the KTAP report of labinit, kernel oopses, command status.
 * A test program's results count only if its report has the kselftest harness's structure:
 * one plan, results numbered 1, 2, ... within it, a "# Totals" line that agrees with them,
 * and a normal exit that agrees with them too. The learner's code runs in the same process
 * as the harness and can print anything: a report that breaks this structure is rejected.
 */
#ifndef KTAP_H
#define KTAP_H
#include <stdio.h>

struct ktap_result {
	char suite[64];		/* the test program (top-level KTAP test) */
	char name[128];		/* the subtest, without the harness's "global." prefix */
	int ok;			/* 1 ok, 0 not ok (also when rejected) */
	int rejected;		/* its program's report broke the harness's structure */
	char reason[2048];	/* its diagnostic lines */
};

struct ktap_report {
	int planned;		/* top-level plan, -1 if none */
	int seen;		/* top-level results */
	struct ktap_result *res;
	int nres;
	int done;		/* labinit reached its end ("lab: done") */
	int cmd_status;		/* "lab: command status N", -1 if none */
	int nrejected;		/* results rejected */
	char rejected_why[256];	/* the first program's reason, "program: why" */
	int oops;		/* an oops, BUG or panic was logged */
	char oops_text[8192];
	char tail[20][256];	/* the last lines of the log */
	int ntail;
};

int ktap_parse(FILE *f, struct ktap_report *r);
const struct ktap_result *ktap_find(const struct ktap_report *r, const char *name);
void ktap_free(struct ktap_report *r);
/* 1 if a log line marks a kernel oops, BUG or panic: the lab's one list of such markers. */
int ktap_is_oops(const char *line);
#endif
