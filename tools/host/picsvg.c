// SPDX-License-Identifier: GPL-2.0
/*
 * Draw a picture of the high pages (tools/gdb/picture.py's text dump) as an SVG diagram: one
 * box per page, one band per run of words, sized by its bytes, with its addresses beside it and
 * what lives there inside it. Everything drawn comes from the dump; the output depends on
 * nothing else, so regenerating it from the committed text must give the committed SVG.
 *   picsvg DUMP.txt > DUMP.svg
 * A dump is pages and their runs:
 *   TITLE: WHO                                  a page: "0x... name page: who may read it"
 *     +0xSSS..+0xEEE  N words  LABEL            a run of words at page offsets SSS..EEE
 *     NAME  LABEL                               a run at a place the dump only names
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXPAGES 8
#define MAXRUNS 64
#define PAGE 0x1000

struct run {
	int sized;			/* offsets known */
	unsigned long start, end;	/* inclusive, when sized */
	char pos[64], count[32], label[96];
};

struct page {
	char title[96], who[96];
	int based;			/* the title starts with the page's address */
	unsigned long base;
	int nruns;
	struct run runs[MAXRUNS];
};

/* Layout, in px: pages side by side, PERROW to a row, no wider than the docs' text column
 * (688 px in mkdocs-material on a desktop), so that it is not scaled down; a run's band
 * grows with its bytes. */
enum { MARGIN = 8, GUTTER = 76, BOXW = 250, GAP = 16, VGAP = 24, PERROW = 2, HEAD = 40,
       BAND = 20, SCALE = 140, NAMED = 34, EMPTY = 36 };

/* Fill colours of the kinds of words picture.py names; anything else is white. */
static const struct { const char *label, *fill; } kinds[] = {
	{ "exception vectors", "#9ecae1" }, { "vector stubs", "#fdae6b" },
	{ "kuser helpers", "#a1d99b" }, { "sigreturn code", "#bcbddc" },
	{ "FIQ handler", "#fb6a4a" }, { "kernel text pointer", "#e31a1c" },
	{ "poison", "#d9d9d9" }, { "zero", "#f4f4f4" }, { "not poisoned", "#fee391" },
};

static const char *file;
static int lineno;

static void fail(const char *why)
{
	fprintf(stderr, "picsvg: %s:%d: %s\n", file, lineno, why);
	exit(1);
}

static void copy(char *dst, size_t size, const char *src, size_t len)
{
	if (len >= size)
		fail("field too long");
	memcpy(dst, src, len);
	dst[len] = 0;
}

/* The next field of a run line: fields are separated by two spaces or more. */
static const char *field(const char *s, char *dst, size_t size)
{
	const char *end;

	s += strspn(s, " ");
	end = strstr(s, "  ");
	if (!end)
		end = s + strlen(s);
	copy(dst, size, s, end - s);
	return end;
}

static void parse_run(struct page *pg, const char *s)
{
	struct run *r = &pg->runs[pg->nruns];
	int n = -1;

	if (pg->nruns == MAXRUNS)
		fail("too many runs in one page");
	memset(r, 0, sizeof(*r));
	s = field(s, r->pos, sizeof(r->pos));
	if (sscanf(r->pos, "+0x%lx..+0x%lx%n", &r->start, &r->end, &n) == 2 && r->pos[n] == 0) {
		const struct run *prev = pg->nruns ? r - 1 : NULL;

		if (r->end < r->start || r->end >= PAGE ||
		    r->start != (prev && prev->sized ? prev->end + 1 : 0))
			fail("a run's offsets must follow the previous run's, inside the page");
		r->sized = 1;
		s = field(s, r->count, sizeof(r->count));
	}
	s = field(s, r->label, sizeof(r->label));
	if (!r->label[0] || *s)
		fail(r->sized ? "a run needs '+0xSSS..+0xEEE  N words  LABEL'" :
		     "a named run needs 'NAME  LABEL'");
	pg->nruns++;
}

static void parse_page(struct page *pg, const char *s)
{
	const char *colon = strstr(s, ": ");
	int n = -1;

	if (!colon || !colon[2])
		fail("a page line must be 'TITLE: WHO MAY READ IT'");
	memset(pg, 0, sizeof(*pg));
	copy(pg->title, sizeof(pg->title), s, colon - s);
	copy(pg->who, sizeof(pg->who), colon + 2, strlen(colon + 2));
	pg->based = sscanf(pg->title, "0x%lx %n", &pg->base, &n) == 1 && n > 0;
}

static void xml(const char *s)
{
	for (; *s; s++)
		switch (*s) {
		case '&': fputs("&amp;", stdout); break;
		case '<': fputs("&lt;", stdout); break;
		case '>': fputs("&gt;", stdout); break;
		case '"': fputs("&quot;", stdout); break;
		default: putchar(*s);
		}
}

static int band(const struct run *r)
{
	return r->sized ? BAND + (int)(SCALE * (r->end - r->start + 1) / PAGE) : NAMED;
}

static int height(const struct page *pg)
{
	int h = HEAD, i;

	if (!pg->nruns)
		return h + EMPTY;
	for (i = 0; i < pg->nruns; i++)
		h += band(&pg->runs[i]);
	return h;
}

static const char *fill(const char *label)
{
	size_t i;

	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (!strncmp(label, kinds[i].label, strlen(kinds[i].label)))
			return kinds[i].fill;
	return "#ffffff";
}

/* An address at the left of a band's edge, with a tick to the box. */
static void address(const struct page *pg, unsigned long off, int x, int y)
{
	printf("  <line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#444\"/>\n",
	       x + GUTTER - 8, y, x + GUTTER, y);
	printf("  <text x=\"%d\" y=\"%d\" text-anchor=\"end\" dominant-baseline=\"middle\" "
	       "font-family=\"monospace\" font-size=\"11\">", x + GUTTER - 11, y);
	printf(pg->based ? "0x%08lx" : "+0x%03lx", pg->based ? pg->base + off : off);
	puts("</text>");
}

static void draw(const struct page *pg, int x, int y)
{
	int bx = x + GUTTER, i;

	printf("  <text x=\"%d\" y=\"%d\" font-size=\"13\" font-weight=\"bold\">", bx, y + 14);
	xml(pg->title);
	puts("</text>");
	if (!pg->nruns) {
		printf("  <rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
		       "stroke=\"#888\" stroke-dasharray=\"6 4\"/>\n", bx, y + HEAD - 16, BOXW,
		       EMPTY + 8);
		printf("  <text x=\"%d\" y=\"%d\" text-anchor=\"middle\" "
		       "dominant-baseline=\"middle\" font-size=\"12\" fill=\"#555\">",
		       bx + BOXW / 2, y + HEAD - 12 + EMPTY / 2);
		xml(pg->who);
		puts("</text>");
		return;
	}
	printf("  <text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"#555\">", bx, y + 30);
	xml(pg->who);
	puts("</text>");
	y += HEAD;
	for (i = 0; i < pg->nruns; i++) {
		const struct run *r = &pg->runs[i];
		int h = band(r);

		printf("  <rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" "
		       "stroke=\"#444\"/>\n", bx, y, BOXW, h, fill(r->label));
		/* The run's size at the right, or the name of its place under its label. */
		printf("  <text x=\"%d\" y=\"%d\" dominant-baseline=\"middle\" font-size=\"12\">",
		       bx + 8, r->sized ? y + h / 2 : y + 12);
		xml(r->label);
		if (r->sized)
			printf("</text>\n  <text x=\"%d\" y=\"%d\" text-anchor=\"end\" "
			       "dominant-baseline=\"middle\" font-size=\"10\" fill=\"#444\">",
			       bx + BOXW - 8, y + h / 2);
		else
			printf("</text>\n  <text x=\"%d\" y=\"%d\" dominant-baseline=\"middle\" "
			       "font-size=\"10\" fill=\"#444\">", bx + 8, y + 25);
		xml(r->sized ? r->count : r->pos);
		puts("</text>");
		if (r->sized)
			address(pg, r->start, x, y);
		if (r->sized && (i + 1 == pg->nruns || !r[1].sized))
			address(pg, r->end + 1, x, y + h);
		y += h;
	}
}

int main(int argc, char **argv)
{
	static struct page pages[MAXPAGES];
	char line[512], name[256];
	const char *slash, *dot;
	int npages = 0, rows, cols, w, h = MARGIN, i, j;
	FILE *f;

	file = argc == 2 ? argv[1] : "?";
	f = argc == 2 ? fopen(file, "r") : NULL;
	if (!f) {
		fprintf(stderr, "picsvg: usage: picsvg DUMP.txt > DUMP.svg (cannot read %s)\n",
			file);
		return 2;
	}
	while (fgets(line, sizeof(line), f)) {
		lineno++;
		if (!strchr(line, '\n'))
			fail("line too long");
		line[strcspn(line, "\n")] = 0;
		if (!line[0])
			continue;
		if (line[0] != ' ') {
			if (npages == MAXPAGES)
				fail("too many pages");
			parse_page(&pages[npages++], line);
		} else if (!npages) {
			fail("a run before any page");
		} else {
			parse_run(&pages[npages - 1], line);
		}
	}
	fclose(f);
	lineno = 0;
	if (!npages)
		fail("no pages in the dump");

	slash = strrchr(file, '/');
	copy(name, sizeof(name), slash ? slash + 1 : file, strlen(slash ? slash + 1 : file));
	dot = strrchr(name, '.');
	if (dot)
		name[dot - name] = 0;
	cols = npages < PERROW ? npages : PERROW;
	rows = (npages + PERROW - 1) / PERROW;
	w = 2 * MARGIN + cols * (GUTTER + BOXW) + (cols - 1) * GAP;
	for (i = 0; i < rows; i++) {
		int rh = 0;

		for (j = i * PERROW; j < npages && j < (i + 1) * PERROW; j++)
			rh = height(&pages[j]) > rh ? height(&pages[j]) : rh;
		h += rh + (i + 1 < rows ? VGAP : MARGIN);
	}

	printf("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
	       "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n", w, h, w, h);
	printf("  <!-- Drawn by tools/host/picsvg from %s.txt: regenerate it, do not edit. -->\n"
	       "  <title>", name);
	xml(name);
	puts("</title>");
	printf("  <rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", w, h);
	for (i = 0, h = MARGIN; i < rows; i++) {
		int rh = 0;

		for (j = i * PERROW; j < npages && j < (i + 1) * PERROW; j++) {
			draw(&pages[j], MARGIN + (j - i * PERROW) * (GUTTER + BOXW + GAP), h);
			rh = height(&pages[j]) > rh ? height(&pages[j]) : rh;
		}
		h += rh + VGAP;
	}
	puts("</svg>");
	return 0;
}
