// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "manifest.h"

static const char *const required[] = {
	"TITLE", "UPSTREAM", "TARGETS", "CODE", "TESTS", "CHECKS", NULL
};

/* The schema: every key a manifest may hold (docs/engine.md's tables; make test keeps
 * them equal). */
const char *const manifest_keys[] = {
	"TITLE", "UPSTREAM", "AUTHOR", "TARGETS", "CODE", "TESTS", "CHECKS", "FLIPS",
	"CONFIG", "DISK", "FINDINGS", "OOPS_BEFORE", "OOPS", "XFAIL", "MODULES", "KERNELS",
	"LDFLAGS", "PICTURE", "SAME_BELOW", "OBJECTS", "BROKEN_BELOW", "CODE_STAGE", "GDB_TESTS",
	"REPLAY_TESTS", "UNSTABLE", "REPRO", "BISECT", "BUG_HUNK",
	NULL
};

static int known_key(const char *key)
{
	size_t n = strcspn(key, "@");

	for (int i = 0; manifest_keys[i]; i++)
		if (strlen(manifest_keys[i]) == n && !strncmp(manifest_keys[i], key, n))
			return 1;
	return 0;
}

/*
 * KEY@scope: the scope must be a target (labs/targets/<scope>.mk) or a kernel series (the first
 * column of labs/series), labs being the folder above the manifest's own; a typo would
 * otherwise leave the key unread. A manifest with no labs/targets above it is not checked.
 */
static int known_scope(const char *path, const char *key)
{
	const char *scope = strchr(key, '@');
	char labs[512], file[700], line[256], *slash;
	FILE *f;
	int found = 0;

	if (!scope++)
		return 1;
	snprintf(labs, sizeof(labs), "%s", path);
	for (int up = 0; up < 2; up++) {
		slash = strrchr(labs, '/');
		if (!slash) {
			snprintf(labs, sizeof(labs), ".");
			break;
		}
		*slash = 0;
	}
	snprintf(file, sizeof(file), "%s/targets/%s.mk", labs, scope);
	if (!strchr(scope, '/') && !access(file, F_OK))
		return 1;
	snprintf(file, sizeof(file), "%s/targets", labs);
	if (access(file, F_OK))
		return 1;
	snprintf(file, sizeof(file), "%s/series", labs);
	f = fopen(file, "r");
	while (f && !found && fgets(line, sizeof(line), f))
		found = line[0] != '#' && !strncmp(line, scope, strlen(scope)) &&
			isspace((unsigned char)line[strlen(scope)]);
	if (f)
		fclose(f);
	return found;
}

static char *trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = 0;
	return s;
}

/* Parse a list of check names (key's value) into out; each must be in CHECKS. */
static int parse_names(struct manifest *m, const char *key, char out[][96], int *n, char *err,
		       int errlen)
{
	char buf[512], *tok, *save;

	snprintf(buf, sizeof(buf), "%s", manifest_get(m, key) ?: "");
	for (tok = strtok_r(buf, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
		int known = 0;

		if (*n == 32) {
			snprintf(err, errlen, "%s: %s names more than 32 checks", m->stage, key);
			return -1;
		}

		for (int i = 0; i < m->nchecks; i++)
			known |= !strcmp(m->checks[i].name, tok);
		if (!known) {
			snprintf(err, errlen, "%s: %s names '%s', which is not in CHECKS", m->stage,
				 key, tok);
			return -1;
		}
		snprintf(out[(*n)++], 96, "%s", tok);
	}
	return 0;
}

static int parse_checks(struct manifest *m, char *err, int errlen)
{
	char buf[512], *tok, *save;

	snprintf(buf, sizeof(buf), "%s", manifest_get(m, "CHECKS"));
	for (tok = strtok_r(buf, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
		struct check *c = &m->checks[m->nchecks];
		char *colon = strchr(tok, ':');

		if (m->nchecks == 32) {
			snprintf(err, errlen, "%s: CHECKS has more than 32 checks", m->stage);
			return -1;
		}
		if (!colon || sscanf(colon + 1, "%d", &c->points) != 1 || c->points <= 0) {
			snprintf(err, errlen, "%s: CHECKS entry '%s' is not name:points", m->stage,
				 tok);
			return -1;
		}
		*colon = 0;
		snprintf(c->name, sizeof(c->name), "%s", tok);
		m->nchecks++;
	}
	if (parse_names(m, "FLIPS", m->flips, &m->nflips, err, errlen) ||
	    parse_names(m, "XFAIL", m->xfails, &m->nxfails, err, errlen))
		return -1;
	for (int i = 0; i < m->nxfails; i++)
		if (manifest_is_flip(m, m->xfails[i])) {
			snprintf(err, errlen, "%s: '%s' is in both FLIPS and XFAIL", m->stage,
				 m->xfails[i]);
			return -1;
		}
	return 0;
}

/*
 * One line of a manifest into line, as make reads it: a backslash at the end of a line and the
 * blanks around it become one space. *lineno becomes the number of its first line.
 */
static int read_line(FILE *f, char *line, size_t size, int *lineno, int *next)
{
	size_t len = 0;

	*lineno = *next;
	while (fgets(line + len, size - len, f)) {
		char *more = line + len;

		++*next;
		memmove(more, more + strspn(more, " \t"), strlen(more + strspn(more, " \t")) + 1);
		len = strlen(line);
		while (len && isspace((unsigned char)line[len - 1]))
			len--;
		line[len] = 0;
		if (!len || line[len - 1] != '\\')
			return 1;
		while (--len && isspace((unsigned char)line[len - 1]))
			;
		line[len++] = ' ';
		line[len] = 0;
	}
	return len > 0;
}

int manifest_load(const char *path, const char *target, struct manifest *m, char *err, int errlen)
{
	char line[1024], dir[512];
	const char *slash;
	FILE *f = fopen(path, "r");

	memset(m, 0, sizeof(*m));
	snprintf(m->target, sizeof(m->target), "%s", target ?: "");
	snprintf(m->series, sizeof(m->series), "%s", getenv("SERIES") ?: "");
	if (!f) {
		snprintf(err, errlen, "cannot read manifest %s", path);
		return -1;
	}
	snprintf(dir, sizeof(dir), "%s", path);
	*strrchr(dir, '/') = 0;
	slash = strrchr(dir, '/');
	snprintf(m->stage, sizeof(m->stage), "%s", slash ? slash + 1 : dir);
	for (int lineno, next = 1; read_line(f, line, sizeof(line), &lineno, &next);) {
		char *op = strstr(line, ":=");
		const char *why = NULL;
		char *k, *v;

		if (line[0] == '#' || !*trim(line))
			continue;
		if (op) {
			*op = 0;
			k = trim(line), v = trim(op + 2);
		}
		if (!op)
			why = "not a 'KEY := value' line";
		else if (!known_key(k))
			why = "unknown key (docs/engine.md lists the keys)";
		else if (!known_scope(path, k))
			why = "unknown scope after '@' (a target of labs/targets/ or a series of "
			      "labs/series)";
		else if (m->n == MANIFEST_MAX)
			why = "too many keys";
		else if (strlen(k) >= sizeof(m->keys[0]) || strlen(v) >= sizeof(m->vals[0]))
			why = "key or value too long";
		if (why) {
			snprintf(err, errlen, "%s:%d: %s: %s", path, lineno, why,
				 op ? k : trim(line));
			fclose(f);
			return -1;
		}
		snprintf(m->keys[m->n], sizeof(m->keys[0]), "%s", k);
		snprintf(m->vals[m->n], sizeof(m->vals[0]), "%s", v);
		m->n++;
	}
	fclose(f);
	for (int i = 0; required[i]; i++)
		if (!manifest_get(m, required[i]) || !*manifest_get(m, required[i])) {
			snprintf(err, errlen, "%s: required key %s missing", path, required[i]);
			return -1;
		}
	return parse_checks(m, err, errlen);
}

/* The keys the engine reads of a target, as KEY_<target> (docs/engine.md's table; make
 * check-manifests keeps them equal). */
const char *const target_keys[] = {
	"QEMU", "IMAGE", "DTB", "LOADER", "CONSOLE", "CMDLINE", "CONFIGS", "SOURCES", "USERLAND",
	"INIT", "BUILDSTEP", NULL
};
static const char *const target_required[] = { "QEMU", "USERLAND", NULL };

/* The index in target_keys of var, a key of the target t ("QEMU_virt" of virt: QEMU), or -1. */
static int target_key(const char *var, const char *t)
{
	for (int i = 0; target_keys[i]; i++) {
		size_t n = strlen(target_keys[i]);

		if (!strncmp(var, target_keys[i], n) && var[n] == '_' && !strcmp(var + n + 1, t))
			return i;
	}
	return -1;
}

/* 1 if var is a key of a target of dir: "QEMU_virt", and dir/virt.mk exists. */
static int known_target_key(const char *dir, const char *var)
{
	char file[700];

	for (int i = 0; target_keys[i]; i++) {
		size_t n = strlen(target_keys[i]);

		if (strncmp(var, target_keys[i], n) || var[n] != '_' || strchr(var + n, '/'))
			continue;
		snprintf(file, sizeof(file), "%s/%s.mk", dir, var + n + 1);
		if (!access(file, F_OK))
			return 1;
	}
	return 0;
}

/* What is wrong with the value v of a target's key k, or NULL; what gets the word at fault. A
 * reference, $(KEY_t), must name a key of a target (make would read a typo as ""), and each
 * fragment of CONFIGS must be in dir (tools/kbuild.sh leaves a missing one out). */
static const char *bad_value(const char *dir, const char *k, const char *v, char *what, int len)
{
	char file[700];

	for (const char *d = strchr(v, '$'); d; d = strchr(d + 1, '$')) {
		size_t n = d[1] == '(' ? strcspn(d + 2, ")") : 0;

		if (d[1] == '$') {
			d++;
			continue;
		}
		snprintf(what, len, "%.*s", (int)(d[1] == '(' ? n + 3 : 2), d);
		if (!n || d[2 + n] != ')' || n >= (size_t)len)
			return "not a reference $(KEY_<target>)";
		snprintf(what, len, "%.*s", (int)n, d + 2);
		if (!known_target_key(dir, what))
			return "a reference to no target's key";
	}
	if (strcmp(k, "CONFIGS"))
		return NULL;
	for (const char *w = v; *w; w += strspn(w, " \t")) {
		int n = strcspn(w, " \t");

		snprintf(what, len, "%.*s", n, w);
		snprintf(file, sizeof(file), "%s/%s.config", dir, what);
		w += n;
		if (!strchr(what, '$') && access(file, F_OK))
			return "no such config fragment in the target's folder";
	}
	return NULL;
}

/* The index in target_keys of key, or -1. */
static int target_key_index(const char *key)
{
	for (int i = 0; target_keys[i]; i++)
		if (!strcmp(target_keys[i], key))
			return i;
	return -1;
}

int target_check(const char *path, char *err, int errlen)
{
	char line[1024], dir[512], t[128], what[128], other[300];
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	int seen[32] = { 0 }, set[32] = { 0 }, lineno, next = 1;
	FILE *f = fopen(path, "r");

	snprintf(dir, sizeof(dir), "%.*s", base > path ? (int)(base - path - 1) : 1,
		 base > path ? path : ".");
	snprintf(t, sizeof(t), "%s", base);
	if (strlen(t) > 3 && !strcmp(t + strlen(t) - 3, ".mk"))
		t[strlen(t) - 3] = 0;
	snprintf(other, sizeof(other), "not a key of target %s (KEY_%s)", t, t);
	if (!f) {
		snprintf(err, errlen, "cannot read target %s", path);
		return -1;
	}
	while (read_line(f, line, sizeof(line), &lineno, &next)) {
		size_t n = strcspn(line, " \t:+?!="), tn = strlen(t);
		char *op = line + n + strspn(line + n, " \t"), *v = op;
		int eq = !strncmp(op, ":=", 2) ? 2 : *op == '=', k = -1;
		const char *why = NULL;

		if (line[0] == '#' || !line[0])
			continue;
		snprintf(what, sizeof(what), "%s", line);
		if (n && eq) {
			v[strcspn(v, "#")] = 0;	/* make's comment */
			v = trim(v + eq);
			line[n] = 0;
			k = target_key(line, t);
			snprintf(what, sizeof(what), "%s", line);
		}
		if (!n || !eq)
			why = "not a 'KEY_<target> := value' line";
		else if (k < 0 && n > tn && line[n - tn - 1] == '_' && !strcmp(line + n - tn, t))
			why = "unknown key (docs/engine.md lists the target keys)";
		else if (k < 0)
			why = other;
		else if (seen[k])
			why = "set twice";
		else
			why = bad_value(dir, target_keys[k], v, what, sizeof(what));
		if (why) {
			snprintf(err, errlen, "%s:%d: %s: %s", path, lineno, why, what);
			fclose(f);
			return -1;
		}
		seen[k] = lineno;
		set[k] = !!*v;
	}
	fclose(f);
	for (int i = 0; target_required[i]; i++)
		if (!set[target_key_index(target_required[i])]) {
			snprintf(err, errlen, "%s: required key %s_%s missing or empty", path,
				 target_required[i], t);
			return -1;
		}
	return 0;
}

/* The value of key@scope (key itself when scope is NULL), or NULL. */
static const char *lookup(const struct manifest *m, const char *key, const char *scope)
{
	char scoped[128];

	if (scope && !*scope)
		return NULL;
	snprintf(scoped, sizeof(scoped), scope ? "%s@%s" : "%s", key, scope);
	for (int i = 0; i < m->n; i++)
		if (!strcmp(m->keys[i], scoped))
			return m->vals[i];
	return NULL;
}

const char *manifest_get(const struct manifest *m, const char *key)
{
	return lookup(m, key, m->target) ?: lookup(m, key, m->series) ?: lookup(m, key, NULL);
}

int manifest_in(const struct manifest *m, const char *key, const char *word)
{
	const char *v = manifest_get(m, key);
	size_t n = strlen(word);

	for (; v && *v; v += strcspn(v, " \t"), v += strspn(v, " \t"))
		if (!strncmp(v, word, n) && (v[n] == 0 || v[n] == ' ' || v[n] == '\t'))
			return 1;
	return 0;
}

int manifest_is_flip(const struct manifest *m, const char *check)
{
	for (int i = 0; i < m->nflips; i++)
		if (!strcmp(m->flips[i], check))
			return 1;
	return 0;
}

int manifest_is_xfail(const struct manifest *m, const char *check)
{
	for (int i = 0; i < m->nxfails; i++)
		if (!strcmp(m->xfails[i], check))
			return 1;
	return 0;
}
