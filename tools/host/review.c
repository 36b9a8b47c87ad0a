// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "review.h"

/* One line of the patches: where it is, and its text without trailing whitespace. */
struct pline {
	char *text;
	int patch;		/* index in the folder's sorted *.patch files */
	int hunk;		/* its hunk's number in that patch; 0: the message or a header */
};

struct patches {
	struct pline *l;
	int n, cap;
	char ids[64][8];	/* each patch's number: the first four characters of its name */
	int nhunks[64];
	int npatches;
};

/* A hunk, as a patch index and a hunk number in it. */
struct hunk { int patch, hunk; };

static void rtrim(char *s)
{
	size_t n = strlen(s);

	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = 0;
}

static void add_line(struct patches *p, const char *text, int hunk)
{
	if (p->n == p->cap) {
		p->cap = p->cap ? 2 * p->cap : 1024;
		p->l = realloc(p->l, p->cap * sizeof(*p->l));
		if (!p->l)
			abort();
	}
	p->l[p->n].text = strdup(text);
	p->l[p->n].patch = p->npatches;
	p->l[p->n].hunk = hunk;
	p->n++;
}

/* "@@ -a[,b] +c[,d] @@...": 1 with the old and new line counts, else 0. */
static int hunk_header(const char *s, int *old, int *new)
{
	char *end;
	long a, b;

	if (strncmp(s, "@@ -", 4))
		return 0;
	strtol(s + 4, &end, 10);
	a = *end == ',' ? strtol(end + 1, &end, 10) : 1;
	if (strncmp(end, " +", 2))
		return 0;
	strtol(end + 2, &end, 10);
	b = *end == ',' ? strtol(end + 1, &end, 10) : 1;
	if (strncmp(end, " @@", 3))
		return 0;
	*old = a, *new = b;
	return 1;
}

/*
 * One `git format-patch` file, as tools/docs_hook.py reads it (so that hunk N is the page's
 * {{ hunk NNNN N }}): the diff starts after the first "---" line; a hunk is an @@ line under a
 * "diff --git" line and as many lines as its counts promise, and the "\ No newline" lines
 * after them.
 */
static int read_patch(const char *path, struct patches *p)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t size = 0;
	int in_diff = 0, named = 0, hunk = 0, old = 0, new = 0;

	if (!f)
		return -1;
	while (getline(&line, &size, f) >= 0) {
		line[strcspn(line, "\n")] = 0;
		if (old > 0 || new > 0) {	/* the hunk's body */
			if (line[0] != '\\') {
				old -= line[0] != '+';
				new -= line[0] != '-';
			}
		} else if (!hunk || line[0] != '\\') {	/* not a "\ No newline" after it */
			hunk = 0;
			if (!in_diff && !strcmp(line, "---"))
				in_diff = 1;
			else if (in_diff && !strncmp(line, "diff --git ", 11))
				named = 1;
			else if (in_diff && named && hunk_header(line, &old, &new)) {
				hunk = ++p->nhunks[p->npatches];
				rtrim(line);
				add_line(p, line, 0);	/* the @@ line is a header */
				continue;
			}
		}
		rtrim(line);
		add_line(p, line, hunk);
	}
	free(line);
	fclose(f);
	return 0;
}

static int read_patches(const char *dir, struct patches *p, char *err, int errlen)
{
	char pattern[1024];
	glob_t g;

	memset(p, 0, sizeof(*p));
	snprintf(pattern, sizeof(pattern), "%s/*.patch", dir);
	if (glob(pattern, 0, NULL, &g)) {
		snprintf(err, errlen, "no patches in %s", dir);
		return -1;
	}
	for (size_t i = 0; i < g.gl_pathc && p->npatches < 64; i++, p->npatches++) {
		const char *name = strrchr(g.gl_pathv[i], '/') + 1;

		snprintf(p->ids[p->npatches], sizeof(p->ids[0]), "%.4s", name);
		if (read_patch(g.gl_pathv[i], p)) {
			snprintf(err, errlen, "cannot read %s", g.gl_pathv[i]);
			globfree(&g);
			return -1;
		}
	}
	globfree(&g);
	return 0;
}

static void free_patches(struct patches *p)
{
	for (int i = 0; i < p->n; i++)
		free(p->l[i].text);
	free(p->l);
}

/* BUG_HUNK's "NNNN N" pairs as hunks of p. The number of hunks, or -1 with err set. */
static int parse_bug(const char *v, const struct patches *p, struct hunk *out, int max,
		     char *err, int errlen)
{
	char buf[256], *id, *num, *save;
	int n = 0;

	snprintf(buf, sizeof(buf), "%s", v ?: "");
	for (id = strtok_r(buf, " \t", &save); id; id = strtok_r(NULL, " \t", &save)) {
		char *end;
		int i, h;

		num = strtok_r(NULL, " \t", &save);
		h = num ? (int)strtol(num, &end, 10) : 0;
		if (!num || *end || h < 1 || strlen(id) != 4 || strspn(id, "0123456789") != 4 ||
		    n == max) {
			snprintf(err, errlen, "BUG_HUNK '%s' is not pairs of a patch's number "
				 "and a hunk's (0001 3)", v);
			return -1;
		}
		for (i = 0; i < p->npatches && strcmp(p->ids[i], id); i++)
			;
		if (i == p->npatches) {
			snprintf(err, errlen, "BUG_HUNK names patch %s, which is not in the folder",
				 id);
			return -1;
		}
		if (h > p->nhunks[i]) {
			snprintf(err, errlen, "BUG_HUNK names hunk %d of patch %s, which has %d",
				 h, id, p->nhunks[i]);
			return -1;
		}
		out[n++] = (struct hunk){ i, h };
	}
	return n;
}

/* s with every run of whitespace as one space, none at either end, into out. */
static void squeeze(const char *s, char *out, size_t size)
{
	size_t n = 0;

	while (isspace((unsigned char)*s))
		s++;
	for (; *s && n + 1 < size; s++)
		if (!isspace((unsigned char)*s))
			out[n++] = *s;
		else if (!isspace((unsigned char)s[1]) && s[1])
			out[n++] = ' ';
	out[n] = 0;
}

/* Why a quote that is no line of the patches may have been meant as one, or "". */
static const char *hint(const struct patches *p, const char *q)
{
	char a[1024], b[1024];

	squeeze(q, a, sizeof(a));
	for (int i = 0; i < p->n; i++) {
		squeeze(p->l[i].text, b, sizeof(b));
		if (*a && !strcmp(a, b))
			return "the patch has this line with other whitespace (a tab turned into "
			       "spaces?)";
	}
	for (int i = 0; i < p->n; i++) {
		if (!p->l[i].hunk || !*p->l[i].text)
			continue;
		squeeze(p->l[i].text + 1, b, sizeof(b));
		if (*a && !strcmp(a, b))
			return "the patch has this line after a diff marker: quote it whole, with "
			       "its '+', '-' or space first";
	}
	return "";
}

/* Invalid UTF-8 and NUL bytes become '?': the text goes into JSON and XML as it is. */
static void clean_utf8(unsigned char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		int len = s[i] < 0x80 ? 1 : (s[i] & 0xe0) == 0xc0 ? 2 : (s[i] & 0xf0) == 0xe0 ? 3 :
			  (s[i] & 0xf8) == 0xf0 ? 4 : 0;
		int ok = len && i + len <= n && !(len == 2 && s[i] < 0xc2);

		for (int k = 1; ok && k < len; k++)
			ok = (s[i + k] & 0xc0) == 0x80;
		if (!ok || !s[i]) {
			s[i++] = '?';
			continue;
		}
		i += len;
	}
}

static int is_bug(const struct hunk *bug, int nbug, int patch, int hunk)
{
	for (int i = 0; i < nbug; i++)
		if (bug[i].patch == patch && bug[i].hunk == hunk)
			return 1;
	return 0;
}

/* "NNNN N" before "NNNN M" when N < M, and the patches in their order. */
static int before(const char *a, const char *b)
{
	int c = strncmp(a, b, 4);

	return c ? c < 0 : atoi(a + 5) < atoi(b + 5);
}

/* Add a hunk quoted to r->hunks, kept in the patches' order. */
static void note_hunk(struct review *r, const struct patches *p, int patch, int hunk)
{
	char name[16];
	int i;

	snprintf(name, sizeof(name), "%s %d", p->ids[patch], hunk);
	for (i = 0; i < r->nhunks; i++)
		if (!strcmp(r->hunks[i], name) || before(name, r->hunks[i]))
			break;
	if ((i < r->nhunks && !strcmp(r->hunks[i], name)) || r->nhunks == REVIEW_MAX_HUNKS)
		return;
	memmove(r->hunks[i + 1], r->hunks[i], (r->nhunks - i) * sizeof(r->hunks[0]));
	snprintf(r->hunks[i], sizeof(r->hunks[0]), "%s", name);
	r->nhunks++;
}

#define BLOCK_MAX 512
#define CAND_MAX 16

/* One quoted line of a block: its hunks to choose from. */
struct qline {
	int ncand;
	struct hunk cand[CAND_MAX];
};

/* A block of quoted lines: each line with candidates goes to the hunk most of them share. */
static void settle(struct review *r, const struct patches *p, const struct hunk *bug, int nbug,
		   const struct qline *q, int nq)
{
	for (int i = 0; i < nq; i++) {
		int best = -1, most = 0;

		for (int c = 0; c < q[i].ncand; c++) {
			int shared = 0;

			for (int j = 0; j < nq; j++)
				for (int d = 0; d < q[j].ncand; d++)
					shared += q[j].cand[d].patch == q[i].cand[c].patch &&
						  q[j].cand[d].hunk == q[i].cand[c].hunk;
			if (shared > most)
				most = shared, best = c;
		}
		if (best < 0)
			continue;
		note_hunk(r, p, q[i].cand[best].patch, q[i].cand[best].hunk);
		r->bug_quoted |= is_bug(bug, nbug, q[i].cand[best].patch, q[i].cand[best].hunk);
	}
}

/* A quoted line: where it is in the patches (candidates into q), or a stray. */
static void place(struct review *r, const struct patches *p, const char *quote, int lineno,
		  struct qline *q)
{
	int outside = 0;

	q->ncand = 0;
	for (int i = 0; i < p->n; i++) {
		const struct pline *l = &p->l[i];
		int seen = 0;

		if (strcmp(l->text, quote))
			continue;
		if (!l->hunk) {
			outside = 1;
			continue;
		}
		for (int c = 0; c < q->ncand; c++)
			seen |= q->cand[c].patch == l->patch && q->cand[c].hunk == l->hunk;
		if (!seen && q->ncand < CAND_MAX)
			q->cand[q->ncand++] = (struct hunk){ l->patch, l->hunk };
	}
	r->quoted++;
	if (q->ncand)
		r->in_hunks++;
	else if (outside)
		r->outside++;
	else if (r->nstray++ < REVIEW_MAX_STRAY) {
		struct review_stray *s = &r->stray[r->nstray - 1];
		size_t n = strlen(quote);

		s->lineno = lineno;
		if (n >= sizeof(s->text))	/* cut, but not inside a character */
			for (n = sizeof(s->text) - 1; n && (quote[n] & 0xc0) == 0x80; n--)
				;
		snprintf(s->text, sizeof(s->text), "%.*s", (int)n, quote);
		s->hint = hint(p, quote);
	}
}

static void read_review(const char *path, struct review *r)
{
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return;
	r->text = malloc(REVIEW_MAX_TEXT + 2);
	if (!r->text)
		abort();
	n = fread(r->text, 1, REVIEW_MAX_TEXT + 1, f);
	fclose(f);
	r->truncated = n > REVIEW_MAX_TEXT;
	n -= r->truncated;
	r->text[n] = 0;
	clean_utf8((unsigned char *)r->text, n);
	r->present = 1;
}

int review_check(const char *path, const char *patchdir, const char *bug_hunk, struct review *r,
		 char *err, int errlen)
{
	static struct qline q[BLOCK_MAX];
	struct patches p;
	struct hunk bug[16];
	int nbug, nq = 0, lineno = 0;
	char *copy, *line, *next;

	memset(r, 0, sizeof(*r));
	snprintf(r->bug, sizeof(r->bug), "%s", bug_hunk ?: "");
	if (read_patches(patchdir, &p, err, errlen))
		return -1;
	nbug = parse_bug(bug_hunk, &p, bug, 16, err, errlen);
	if (nbug < 0) {
		free_patches(&p);
		return -1;
	}
	read_review(path, r);
	copy = strdup(r->text ?: "");
	for (line = copy; line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = 0;
		lineno++;
		rtrim(line);
		if (line[0] != '>') {	/* the reviewer's own text ends a block of quotes */
			settle(r, &p, bug, nbug, q, nq);
			nq = 0;
			continue;
		}
		line += 1 + (line[1] == ' ');
		if (!*line)
			continue;
		if (nq == BLOCK_MAX) {
			settle(r, &p, bug, nbug, q, nq);
			nq = 0;
		}
		place(r, &p, line, lineno, &q[nq++]);
	}
	settle(r, &p, bug, nbug, q, nq);
	free(copy);
	free_patches(&p);
	return 0;
}

const char *review_result(const struct review *r)
{
	if (!r->present || !r->quoted)
		return !r->present ? "missing" : "quotes nothing";
	return r->nstray ? "stray quotes" : *r->bug && !r->bug_quoted ? "misses the bug hunk" :
	       "ok";
}

void review_free(struct review *r)
{
	free(r->text);
	r->text = NULL;
}
