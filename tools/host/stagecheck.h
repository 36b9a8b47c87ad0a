/* SPDX-License-Identifier: GPL-2.0 */
#ifndef STAGECHECK_H
#define STAGECHECK_H
#include "manifest.h"

/* grade --check: 0 if the manifest at path (loaded in m) fits the repository, else 1. */
int stage_check(const char *path, const struct manifest *m);
/* grade --dump: M/<stage>/<KEY> and M/<stage>/<KEY>/<target> make variables on stdout; a
 * path not named stage.mk is a target (labs/targets/<t>.mk): checked (target_check), not copied. */
int manifest_dump(char **paths, int n);
#endif
