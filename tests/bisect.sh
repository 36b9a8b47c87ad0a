#!/bin/sh
# make bisect finds the stage the manifest's BISECT names with the reference reproducer, and a
# wrong reproducer finds none, with a line that says why (tools/bisect.sh).
#   bisect.sh STAGE TARGET     Env: LABMAKE (the engine's make command)
set -u
: "${LABMAKE:?}"
s=$1 t=$2
fail() { echo "bisect: $s: $*" >&2; exit 1; }
first=$(sed -n 's/^BISECT *:= *[^ ]* [^ ]* \([^ ]*\)$/\1/p' "labs/$s/stage.mk")
[ -n "$first" ] || fail "labs/$s/stage.mk has no BISECT := GOOD BAD FIRST"
out=$($LABMAKE bisect NOBUILD=1 STAGE="$s" TARGET="$t" REPRO_SRC="solutions/$s/repro.c" 2>&1) ||
	fail "the reference: $out"
printf '%s\n' "$out"
printf '%s\n' "$out" | grep -qx "bisect: first bad stage: $first" ||
	fail "the reference did not find $first"
for p in always-pass always-fail; do
	if out=$($LABMAKE bisect NOBUILD=1 STAGE="$s" TARGET="$t" REPRO_SRC="tests/repro/$p.c" \
		2>&1); then fail "planted $p found a stage: $out"; fi
	why=$(printf '%s\n' "$out" | grep '^bisect: ') || fail "planted $p: no line why: $out"
	echo "planted $p: $why"
done
