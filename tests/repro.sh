#!/bin/sh
# A reproducer exercise grades what it must: the reference reproducer scores full marks, the
# skeleton 0, and each planted wrong one in tests/repro/ (fails everywhere, passes everywhere,
# takes the guest down, asks for the version instead of the behaviour) below half, with a
# reason. Each run boots the kernel below the stage and the stage's own (make repro).
#   repro.sh STAGE TARGET     Env: WORK, LABMAKE (the engine's make command)
set -u
: "${WORK:?}" "${LABMAKE:?}"
s=$1 t=$2 d=$WORK/repro-test-$1-$2
fail() { echo "repro: $s: $*" >&2; exit 1; }
rm -rf "$d" && mkdir -p "$d"
# grade NAME MAKE-ARGS...: make repro; prints "score max" of its results.
grade() {
	name=$1; shift
	$LABMAKE repro NOBUILD=1 STAGE="$s" TARGET="$t" REPRO_OUT="$d/$name.json" "$@" \
		> "$d/$name.log" 2>&1
	[ -s "$d/$name.json" ] || fail "$name: no results ($(tail -2 "$d/$name.log"))"
	sed -n 's/^{"score": \([0-9]*\), "max_score": \([0-9]*\),.*/\1 \2/p' "$d/$name.json"
}
set -- $(grade reference CODE=solutions)
[ "$1" = "$2" ] && [ "$2" -gt 0 ] || fail "the reference scores $1/$2: $(cat "$d/reference.log")"
echo "repro: $s: the reference scores $1/$2"
set -- $(grade skeleton CODE=exercises)
[ "$1" = 0 ] || fail "the skeleton scores $1/$2"
echo "repro: $s: the skeleton scores 0/$2"
for f in tests/repro/*.c; do
	p=$(basename "$f" .c)
	set -- $(grade "$p" REPRO_SRC="$f")
	[ $(($1 * 2)) -lt "$2" ] || fail "planted $p scores $1/$2: $(cat "$d/$p.log")"
	why=$(grep -E '^ +on (the kernel below|this stage)' "$d/$p.log" | grep -v 'as it must' |
		head -1 | sed 's/^ *//')
	[ -n "$why" ] || fail "planted $p: no reason given: $(cat "$d/$p.log")"
	echo "repro: $s: planted $p scores $1/$2: $why"
done
rm -rf "$d"
