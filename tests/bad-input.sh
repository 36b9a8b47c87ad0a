#!/bin/sh
# Bad input: one clear line on stderr (besides make's own "***" trailer) and a non-zero exit,
# nothing started. Includes a renamed stage, a missing tarball and a tarball of the wrong
# kernel version.   Env: WORK, LABMAKE (the engine's make command).
set -u
: "${WORK:?}" "${LABMAKE:?}"
bad=$WORK/badinput
rm -rf "$bad" && mkdir -p "$bad/linux-5.10"
printf 'kernelversion:\n\t@echo 5.10.0\n' > "$bad/linux-5.10/Makefile"
tar -C "$bad" -cJf "$bad/old.tar.xz" linux-5.10
old=$(tools/stages.sh renames | head -1 | cut -d' ' -f1)
disk=$(grep -l '^DISK' labs/*/stage.mk | head -1 | cut -d/ -f2)	# make replay refuses a disk
for a in "run STAGE=99-nope" "run STAGE=$old" "run TARGET=nope" "grade STAGE=nope" \
	"run FILES=/nonexistent CMD=true" "run CODE=mine" "grade-all SUBMISSIONS=/nonexistent" \
	"grade CODE=/no/such/dir" "kernels-import ARCHIVE=/nonexistent.tar.zst" "kernels-import" \
	"replay STAGE=$disk" "run TIMEOUT=abc" \
	"prepare WORK=$bad/w TARBALL=/nonexistent.tar.xz" \
	"prepare WORK=$bad/w TARBALL=$bad/old.tar.xz"
do
	out=$($LABMAKE $a 2>&1 >/dev/null | grep -Ev '^make(\[[0-9]+\])?: \*\*\*')
	[ "$(printf '%s\n' "$out" | grep -c .)" = 1 ] &&
		printf '%s\n' "$out" | grep -Eq "lab:|tree:" &&
		! $LABMAKE $a >/dev/null 2>&1 || { echo "make $a: said: $out" >&2; exit 1; }
	echo "make $a -> $out"
done
rm -rf "$bad"
