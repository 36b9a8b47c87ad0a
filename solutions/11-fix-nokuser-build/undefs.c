// SPDX-License-Identifier: GPL-2.0
/* Exercise 11-fix-nokuser-build: the undefined symbols of an object, and which the link lacks. */
#include <elf.h>
#include <stdlib.h>
#include <string.h>
#include "undefs.h"

/* The whole file in memory (freed by the caller), or NULL. */
static unsigned char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = NULL;
	long n;

	if (!f)
		return NULL;
	if (!fseek(f, 0, SEEK_END) && (n = ftell(f)) > 0 && !fseek(f, 0, SEEK_SET)) {
		buf = malloc(n);
		if (buf && fread(buf, 1, n, f) != (size_t)n) {
			free(buf);
			buf = NULL;
		}
		*len = n;
	}
	fclose(f);
	return buf;
}

/* The object's section headers, or NULL if it is not a 32-bit LE ARM relocatable object. */
static const Elf32_Shdr *sections(const unsigned char *buf, size_t len)
{
	const Elf32_Ehdr *eh = (const void *)buf;

	/* TODO: check the ELF identification (magic, ELFCLASS32, ELFDATA2LSB), e_type ET_REL,
	 * e_machine EM_ARM, and that the section header table lies inside the file. */
	if (len < sizeof(*eh) || memcmp(eh->e_ident, ELFMAG, SELFMAG) ||
	    eh->e_ident[EI_CLASS] != ELFCLASS32 || eh->e_ident[EI_DATA] != ELFDATA2LSB ||
	    eh->e_type != ET_REL || eh->e_machine != EM_ARM ||
	    eh->e_shentsize != sizeof(Elf32_Shdr) ||
	    eh->e_shoff + (size_t)eh->e_shnum * sizeof(Elf32_Shdr) > len)
		return NULL;
	return (const void *)(buf + eh->e_shoff);
	/* STUB: (void)eh; (void)len; return NULL; */
}

int undefs_list(const char *obj, struct undef *u, int max)
{
	size_t len = 0;
	unsigned char *buf = slurp(obj, &len);
	const Elf32_Shdr *sh = buf ? sections(buf, len) : NULL;
	int shnum = sh ? ((const Elf32_Ehdr *)buf)->e_shnum : 0, n = -1;

	for (int i = 0; i < shnum; i++) {
		const Elf32_Sym *sym;
		const char *str;
		int nsym, *slot;

		if (sh[i].sh_type != SHT_SYMTAB || sh[i].sh_link >= (unsigned)shnum ||
		    sh[i].sh_offset + sh[i].sh_size > len)
			continue;
		sym = (const void *)(buf + sh[i].sh_offset);
		str = (const char *)buf + sh[sh[i].sh_link].sh_offset;
		nsym = sh[i].sh_size / sizeof(*sym);
		slot = calloc(nsym, sizeof(*slot));	/* symbol index -> 1 + its entry in u */
		n = 0;
		/* TODO: every symbol but index 0 whose st_shndx is SHN_UNDEF goes into u (name
		 * from the string table), counted even when u is full; remember where each went. */
		for (int s = 1; s < nsym; s++) {
			if (sym[s].st_shndx != SHN_UNDEF)
				continue;
			if (n < max) {
				snprintf(u[n].name, UNDEFS_NAME, "%s", str + sym[s].st_name);
				u[n].refs = 0;
				slot[s] = n + 1;
			}
			n++;
		}
		/* STUB: (void)sym; (void)str; (void)nsym; */
		/* TODO: walk every SHT_REL (Elf32_Rel) and SHT_RELA (Elf32_Rela) section that uses
		 * this symbol table (sh_link == i) and count each relocation against its symbol. */
		for (int r = 0; r < shnum; r++) {
			size_t ent = sh[r].sh_type == SHT_REL ? sizeof(Elf32_Rel) :
				     sh[r].sh_type == SHT_RELA ? sizeof(Elf32_Rela) : 0;

			if (!ent || sh[r].sh_link != (unsigned)i ||
			    sh[r].sh_offset + sh[r].sh_size > len)
				continue;
			for (size_t off = 0; off + ent <= sh[r].sh_size; off += ent) {
				const Elf32_Rel *rel = (const void *)(buf + sh[r].sh_offset + off);
				unsigned s = ELF32_R_SYM(rel->r_info);

				if (s < (unsigned)nsym && slot[s])
					u[slot[s] - 1].refs++;
			}
		}
		/* STUB: (void)slot; */
		free(slot);
		break;
	}
	free(buf);
	return n;
}

/* 1 if name is defined in the map (its third column), 0 if not, -1 if the map cannot be read. */
static int in_map(const char *system_map, const char *name)
{
	char line[512], sym[256];
	FILE *f = fopen(system_map, "r");
	int found = 0;

	if (!f)
		return -1;
	/* TODO: find a line "ADDRESS TYPE NAME" whose NAME is exactly name. */
	while (!found && fgets(line, sizeof(line), f))
		found = sscanf(line, "%*s %*s %255s", sym) == 1 && !strcmp(sym, name);
	/* STUB: (void)line; (void)sym; (void)name; found = -1; */
	fclose(f);
	return found;
}

int undefs_unresolved(const char *obj, const char *system_map, FILE *out)
{
	static struct undef u[1024];
	int n = undefs_list(obj, u, 1024), missing = 0;

	if (n < 0)
		return -1;
	for (int i = 0; i < n && i < 1024; i++) {
		int r = in_map(system_map, u[i].name);

		if (r < 0)
			return -1;
		if (!r) {
			fprintf(out, "%s\n", u[i].name);
			missing++;
		}
	}
	return missing;
}
