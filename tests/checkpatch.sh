#!/bin/sh
# The lab's own patches for the kernel series must be clean by that series' checkpatch.pl. A
# forward-port keeps the upstream code as it was merged: no errors, and its warnings are listed,
# not fixed.   Env: TREE, PATCHES, LABS, SERIES.
set -eu
: "${TREE:?}" "${PATCHES:?}" "${SERIES:?}"
checkpatch() { perl "$TREE/scripts/checkpatch.pl" --no-tree --terse -q "$1"; }
all=$(for s in $(tools/stages.sh list); do ls "$(tools/series.sh patches "$s")"/*.patch; done)
for p in $all; do
	if grep -qE '^From: "?The 3.11 review lab' "$p"; then checkpatch "$p"; continue; fi
	out=$(checkpatch "$p") || true
	if printf '%s\n' "$out" | grep -q ': ERROR:'; then printf '%s\n' "$out"; exit 1; fi
	w=$(printf '%s\n' "$out" | grep -c ': WARNING:') || true
	[ "$w" = 0 ] || echo "${p#"$PATCHES"/}: $w warnings in the upstream code, kept as merged"
done
echo "checkpatch.pl of linux $SERIES: $(echo "$all" | wc -l) patches, no errors;" \
	"the lab's own are clean"
