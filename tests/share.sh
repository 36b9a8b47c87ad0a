#!/bin/sh
# Kernels built once and shared: every kernel built here exported, imported into an empty work
# dir (no tree, no build dir), where make run boots STAGE with no kernel build and no tree
# unpacked. Then a damaged archive, and the same archive for a checkout with other patches or
# another tarball, are refused with one line, and leave the imported kernels as they were.
#   share.sh STAGE     Env: WORK, PATCHES, LABMAKE (the engine's make command).
set -u
: "${WORK:?}" "${PATCHES:?}" "${LABMAKE:?}"
d=$WORK/share s=$1
fail() { echo "share: $*" >&2; exit 1; }
rm -rf "$d" && mkdir -p "$d/patches"
$LABMAKE kernels-export ARCHIVE="$d/k.tar.zst" || fail "export failed"
$LABMAKE run STAGE="$s" WORK="$d/w" KERNELS_FROM="$d/k.tar.zst" >"$d/run.log" 2>&1 ||
	{ cat "$d/run.log" >&2; fail "make run on imported kernels failed"; }
grep -E '^(kernels|kbuild|boot|reference|you):' "$d/run.log"
grep -q 'up to date (imported' "$d/run.log" && [ ! -e "$d/w/linux" ] && [ ! -e "$d/w/build" ] ||
	fail "make run on imported kernels unpacked a tree or built a kernel"
# Another checkout: the subject of one of STAGE's patches for this series edited. A damaged
# archive: bytes overwritten mid-file.
cp -r "$PATCHES/." "$d/patches"
p=$(ls "$(LABS=labs PATCHES="$d/patches" tools/series.sh patches "$s")"/*.patch | head -1)
sed -i '1,/^Subject:/s/^Subject: .*/&, edited/' "$p"
cp "$d/k.tar.zst" "$d/bad.tar.zst"
printf 'tampered' | dd of="$d/bad.tar.zst" bs=1 seek=$(( $(stat -c %s "$d/bad.tar.zst") / 2 )) \
	conv=notrunc status=none
for a in "ARCHIVE=$d/bad.tar.zst" "ARCHIVE=$d/k.tar.zst PATCHES=$d/patches" \
	"ARCHIVE=$d/k.tar.zst TARBALL=$d/k.tar.zst"; do
	if $LABMAKE kernels-import WORK="$d/w" $a >/dev/null 2>"$d/err"; then
		fail "kernels-import $a was accepted"; fi
	out=$(grep -Ev '^make(\[[0-9]+\])?: \*\*\*' "$d/err")
	[ "$(printf '%s\n' "$out" | grep -c .)" = 1 ] && printf '%s\n' "$out" | grep -q '^lab: ' ||
		fail "kernels-import $a: said: $out"
	echo "refused: $out"
done
$LABMAKE run STAGE="$s" WORK="$d/w" >"$d/run.log" 2>&1 &&
	grep -q 'up to date (imported' "$d/run.log" ||
	{ cat "$d/run.log" >&2; fail "a refused import changed the kernels imported before"; }
rm -rf "$d"
