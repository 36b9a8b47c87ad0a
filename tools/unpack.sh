#!/bin/sh
# Copy one learner's submission into the work dir, refusing anything that could reach
# outside it or pass for the grader's own files.
#   unpack.sh SUBMISSION DEST
# SUBMISSION: a directory or a .tar/.tar.gz/.tgz holding exercises/<stage-id>/<file> (at its
# top or in its one top-level folder). DEST gets <stage-id>/<file>: regular files only, one
# level deep. A refusal is one line on stderr and exit 1, with DEST left empty.
set -eu
src=$1 dest=$2
rm -rf "$dest" && mkdir -p "$dest"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
refuse() { rm -rf "$dest" && mkdir -p "$dest"; echo "$*" >&2; exit 1; }
case $src in
*.tar|*.tar.gz|*.tgz)
	# Only plain files and folders, named inside the tarball: no links, devices, /x or ../x.
	tar -tvf "$src" > "$tmp/list" 2>"$tmp/err" ||
		refuse "not a readable tarball ($(head -1 "$tmp/err"))"
	bad=$(grep -v '^[-d]' "$tmp/list" | head -1) || true
	[ -z "$bad" ] || refuse "the tarball holds a link or special file: $bad"
	tar -tf "$src" 2>/dev/null | grep -E '^/|(^|/)\.\.(/|$)' | head -1 > "$tmp/out" || true
	[ ! -s "$tmp/out" ] || refuse "the tarball names a file outside itself: $(cat "$tmp/out")"
	[ "$(awk '{ n += $3 } END { print n + 0 }' "$tmp/list")" -le 16777216 ] ||
		refuse "the tarball unpacks to more than 16 MiB"
	mkdir "$tmp/x"
	tar -xf "$src" -C "$tmp/x" --no-same-owner --no-same-permissions 2>"$tmp/err" ||
		refuse "the tarball does not unpack ($(head -1 "$tmp/err"))"
	root=$tmp/x ;;
*)
	[ -d "$src" ] || refuse "neither a folder nor a .tar, .tar.gz or .tgz"
	root=$src ;;
esac
[ -d "$root/exercises" ] ||
	root=$(find "$root" -mindepth 1 -maxdepth 1 -type d | head -2 | sed -n '1{$p}')
[ -n "$root" ] && [ -d "$root/exercises" ] ||
	refuse "no exercises/ folder (at the top, or in one top-level folder)"
# Nothing but plain files and folders with plain names, none named like the grader's outputs.
find "$root/exercises" ! -type f ! -type d | head -1 > "$tmp/out"
[ ! -s "$tmp/out" ] || refuse "a link or special file: $(sed "s|^$root/||" "$tmp/out")"
find "$root/exercises" -mindepth 1 | sed "s|^$root/||" | grep -vE '^[A-Za-z0-9_./+-]+$' |
	head -1 > "$tmp/out" || true
[ ! -s "$tmp/out" ] ||
	refuse "a name with other characters than letters, digits and _ . + -: $(cat "$tmp/out")"
find "$root/exercises" -type f | sed "s|^$root/||" |
	grep -E '/(results\.json|junit\.xml|summary\.csv|serial\.log|status)$' |
	head -1 > "$tmp/out" || true
[ ! -s "$tmp/out" ] || refuse "a file named like the grader's own output: $(cat "$tmp/out")"
find "$root/exercises" -type f -size +256k | sed "s|^$root/||" | head -1 > "$tmp/out"
[ ! -s "$tmp/out" ] || refuse "a file larger than 256 KiB: $(cat "$tmp/out")"
for d in "$root"/exercises/*/; do
	[ -d "$d" ] || continue
	s=$(basename "$d")
	mkdir -p "$dest/$s"
	find "$d" -mindepth 1 -maxdepth 1 -type f -exec cp {} "$dest/$s/" \;
done
