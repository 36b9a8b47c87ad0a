#!/bin/sh
# git am of every stage's patches, in stage order, on a scratch clone of the pristine tree
# (sparse: only the files the patches touch are checked out); each series must add as many
# commits as it has patches (git am skips a change that is already there).
# Env: WORK, TREE, PATCHES, LABS.
set -eu
: "${WORK:?}" "${TREE:?}" "${PATCHES:?}"
d=$WORK/am-check
rm -rf "$d"
git clone -q --no-checkout --shared "$TREE" "$d"
git -C "$d" fetch -q --tags "$TREE"
git -C "$d" sparse-checkout set --no-cone \
	$(sed -n 's|^diff --git a/\([^ ]*\) .*|/\1|p' "$PATCHES"/*/*.patch | sort -u)
git -C "$d" checkout -q --detach pristine
for s in $(tools/stages.sh list); do
	n=$(git -C "$d" rev-list --count HEAD) p=$(ls "$PATCHES/$s"/*.patch | wc -l)
	git -C "$d" -c user.name=lab -c user.email=lab@localhost am -q "$PATCHES/$s"/*.patch ||
		{ echo "patches/$s do not apply" >&2; exit 1; }
	[ "$(git -C "$d" rev-list --count HEAD)" = $((n + p)) ] ||
		{ echo "patches/$s: git am made fewer commits than patches (already applied?)" >&2; exit 1; }
	echo "$s applies: $p commits"
done
rm -rf "$d"
