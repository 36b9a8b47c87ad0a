/* SPDX-License-Identifier: GPL-2.0 */
/* Review first: answer questions 1, 2 and 5 of docs/checklist.md for this stage's patch. */
/*
 * Exercise 11-fix-nokuser-build: what an object file needs from the link. 2013's ARMv6 kernel
 * without kuser helpers failed at the link because entry-armv.o called a symbol that the same
 * configuration had compiled out. These functions find such a reference before the linker does,
 * by reading the object's ELF symbol table and relocations.
 */
#ifndef UNDEFS_H
#define UNDEFS_H
#include <stdio.h>

#define UNDEFS_NAME 128

struct undef {
	char name[UNDEFS_NAME];	/* the symbol's name, as in the object's string table */
	int refs;		/* how many relocations of the object refer to it */
};

/*
 * The symbols that obj, a 32-bit little-endian ELF relocatable object (ET_REL, EM_ARM), uses
 * but does not define: every symbol of its .symtab whose section index is SHN_UNDEF, except
 * the null symbol at index 0, in symbol-table order, each with the number of relocations (in
 * all its SHT_REL and SHT_RELA sections) that name it. Stores at most max entries in u and
 * returns how many there are, or -1 if obj cannot be read or is not such an object.
 */
int undefs_list(const char *obj, struct undef *u, int max);

/*
 * Print "NAME\n" to out for every symbol obj uses (as undefs_list() lists them) that the link
 * map system_map does not define ("ADDRESS TYPE NAME" lines, the format of System.map and of
 * nm). Returns how many it printed: the undefined references the link would report, or -1
 * if either file cannot be read.
 */
int undefs_unresolved(const char *obj, const char *system_map, FILE *out);
#endif
