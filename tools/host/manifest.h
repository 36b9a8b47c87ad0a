/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A stage manifest (labs/<id>/stage.mk): "KEY := value" lines, '#' comments. A key written
 * KEY@TARGET overrides KEY when the manifest is loaded for that target, and KEY@SERIES (a kernel
 * series of labs/series, such as 6.12) when it is loaded for that series: the environment's
 * SERIES. KEY@TARGET comes first.
 */
#ifndef MANIFEST_H
#define MANIFEST_H

#define MANIFEST_MAX 32

struct check { char name[96]; int points; };

struct manifest {
	char stage[64];			/* the directory name: NN-slug */
	char target[64];		/* "" for the target-independent keys */
	char series[16];		/* the kernel series (SERIES), "" for none */
	char keys[MANIFEST_MAX][32];
	char vals[MANIFEST_MAX][512];
	int n;
	struct check checks[32];
	int nchecks;
	char flips[32][96];
	int nflips;
	char xfails[32][96];		/* must fail at this stage: its review finding */
	int nxfails;
};

/* Every key a manifest may hold, NULL-terminated. */
extern const char *const manifest_keys[];

/* 0 on success; on error -1 with a one-line message in err (file:line for a bad line: an
 * unknown key, a value too long, too many keys or checks). target may be NULL. */
int manifest_load(const char *path, const char *target, struct manifest *m, char *err, int errlen);
const char *manifest_get(const struct manifest *m, const char *key);
int manifest_is_flip(const struct manifest *m, const char *check);
int manifest_is_xfail(const struct manifest *m, const char *check);
/* 1 if word is one of the space-separated words of key's value. */
int manifest_in(const struct manifest *m, const char *key, const char *word);

/*
 * A target (labs/targets/<t>.mk), which make includes as it is: "KEY_<t> := value" lines ('='
 * where the value names another target's key, read later), '#' comments. Every KEY is one the
 * engine reads (target_keys, NULL-terminated); QEMU and USERLAND are required.
 */
extern const char *const target_keys[];
/* 0 if the target file at path is one; else -1 with "path:line: why: text" in err. */
int target_check(const char *path, char *err, int errlen);
#endif
