#!/bin/sh
# git am of every stage's patches for the kernel series (tools/series.sh), in stage order, on a
# scratch clone of the pristine tree (sparse: only the files the patches touch are checked out);
# each stage must add as many commits as it has patches (git am skips a change already there).
# Env: WORK, TREE, PATCHES, LABS, SERIES.
set -eu
: "${WORK:?}" "${TREE:?}" "${PATCHES:?}" "${SERIES:?}"
d=$WORK/am-check
dirs=$(for s in $(tools/stages.sh list); do tools/series.sh patches "$s"; done)
rm -rf "$d"
git clone -q --no-checkout --shared "$TREE" "$d"
git -C "$d" fetch -q --tags "$TREE"
git -C "$d" sparse-checkout set --no-cone \
	$(for p in $dirs; do sed -n 's|^diff --git a/\([^ ]*\) .*|/\1|p' "$p"/*.patch; done |
		sort -u)
git -C "$d" checkout -q --detach pristine
for s in $dirs; do
	n=$(git -C "$d" rev-list --count HEAD) p=$(ls "$s"/*.patch | wc -l) s=${s#"$PATCHES"/}
	git -C "$d" -c user.name=lab -c user.email=lab@localhost am -q "$PATCHES/$s"/*.patch ||
		{ echo "patches/$s do not apply on linux $SERIES" >&2; exit 1; }
	[ "$(git -C "$d" rev-list --count HEAD)" = $((n + p)) ] ||
		{ echo "patches/$s: git am made fewer commits than patches (already applied?)" >&2
		  exit 1; }
	echo "$s applies on linux $SERIES: $p commits"
done
rm -rf "$d"
