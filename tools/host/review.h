/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A learner's written review of a stage's patch (exercises/<id>/review.txt), in the form of a
 * reply on a mailing list: a line that begins with ">" quotes the patch (the quote is what
 * follows the ">" and one space after it), every other line is the reviewer's own text.
 * What can be checked mechanically is checked against the stage's patches (the *.patch files
 * of one folder, as `git format-patch` writes them):
 *   - each quoted line must be a line of the patches, compared with trailing whitespace
 *     removed on both sides; a line of a hunk's body counts for that hunk, a line of the
 *     message or of the diff's headers (the @@ lines included) is in the patch but in no hunk;
 *     a quoted line that is blank is neither counted nor reported;
 *   - at least one quoted line must be in a hunk that carries the bug (the manifest's
 *     BUG_HUNK: "0001 3", a patch's number and a hunk's number in it, as the stage pages'
 *     {{ hunk 0001 3 }} count them; several such pairs name several hunks, any one will do).
 * A line that appears in several hunks goes to the hunk that holds most of the lines quoted
 * with it (the lines between two unquoted lines); ties go to the earlier hunk.
 * The prose is not judged: the whole text is kept for the instructor.
 */
#ifndef REVIEW_H
#define REVIEW_H

#define REVIEW_MAX_STRAY 32	/* quoted lines not in the patches, kept with their line */
#define REVIEW_MAX_HUNKS 64	/* hunks quoted, kept by name */
#define REVIEW_MAX_TEXT (256 * 1024)	/* the text kept; tools/unpack.sh refuses larger files */

struct review_stray {
	int lineno;		/* its line in the review */
	char text[200];		/* the quote, cut to fit */
	const char *hint;	/* why it may not match (other whitespace...), or "" */
};

struct review {
	int present;		/* the file could be read */
	int quoted;		/* quoted lines that are not blank */
	int in_hunks;		/* of those, lines of a hunk's body */
	int outside;		/* lines of the patches in no hunk: the message, the headers */
	int nstray;		/* lines that are no line of the patches */
	struct review_stray stray[REVIEW_MAX_STRAY];	/* the first of them */
	char bug[64];		/* BUG_HUNK as the manifest gives it, "" for none */
	int bug_quoted;		/* a quoted line went to a hunk BUG_HUNK names */
	char hunks[REVIEW_MAX_HUNKS][16];	/* the hunks quoted, "0001 3", in patch order */
	int nhunks;
	char *text;		/* the whole review (invalid UTF-8 as '?'), NULL if not present */
	int truncated;		/* the file was longer than REVIEW_MAX_TEXT */
};

/*
 * Check the review at path against the patches in patchdir, bug_hunk being BUG_HUNK's value
 * (NULL or "" for none). A review that cannot be read is reported absent, not an error.
 * 0, or -1 with a one-line message in err when the lab itself is wrong: no patches in
 * patchdir, or a BUG_HUNK that is not "NNNN N" pairs naming hunks of those patches.
 */
int review_check(const char *path, const char *patchdir, const char *bug_hunk, struct review *r,
		 char *err, int errlen);
/* One word for the mechanical outcome: "missing", "quotes nothing", "stray quotes" (a quoted
 * line is not in the patches), "misses the bug hunk", or "ok" (none of these). */
const char *review_result(const struct review *r);
void review_free(struct review *r);
#endif
