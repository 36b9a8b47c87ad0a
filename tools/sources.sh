#!/bin/sh
# Every commit hash (9 to 40 hex digits) named in the docs, the README, the stage manifests and
# the patches' messages must be a prefix of, or extend, one listed in docs/sources.md.
# Usage: tools/sources.sh (from the repository's top). Prints one line per hash; exit 1 if any
# lacks a source.
set -eu
known=$(sed -n 's/^| `\([0-9a-f]\{9,40\}\)`.*/\1/p' docs/sources.md)
{ cat README.md docs/*.md docs/labs/*.md labs/*/stage.mk
	for p in patches/*/*.patch; do sed '/^---$/q' "$p"; done; } |
	grep -oE '\b[0-9a-f]{9,40}\b' | grep '[a-f]' | grep '[0-9]' | sort -u | {
	bad=0
	while read -r h; do
		src=""	# the longest listed hash that this one extends or abbreviates
		for k in $known; do
			case "$k:$h" in "$h"*|*:"$k"*) [ ${#k} -le ${#src} ] || src=$k;; esac; done
		if [ -n "$src" ]; then echo "$h: listed as $src"
		else echo "$h: no source in docs/sources.md" >&2; bad=1; fi
	done
	exit $bad; }
