#!/bin/sh
# The lab's own patches must be checkpatch-clean. A forward-port keeps the upstream code as it
# was merged: no errors, and its warnings are listed, not fixed.   Env: TREE, PATCHES.
set -eu
: "${TREE:?}" "${PATCHES:?}"
checkpatch() { perl "$TREE/scripts/checkpatch.pl" --no-tree --terse -q "$1"; }
for p in "$PATCHES"/*/*.patch; do
	if grep -qE '^From: "?The 3.11 review lab' "$p"; then checkpatch "$p"; continue; fi
	out=$(checkpatch "$p") || true
	if printf '%s\n' "$out" | grep -q ': ERROR:'; then printf '%s\n' "$out"; exit 1; fi
	w=$(printf '%s\n' "$out" | grep -c ': WARNING:') || true
	[ "$w" = 0 ] || echo "${p#"$PATCHES"/}: $w warnings in the upstream code, kept as merged"
done
echo "checkpatch.pl: $(ls "$PATCHES"/*/*.patch | wc -l) patches, no errors; the lab's own are clean"
