#!/bin/sh
# make grade-all carries a stage's reproducer and bisect exercises into every report: the
# reference's hand-in of a stage with REPRO gets its rows in results.json (Gradescope's), its
# points in summary.csv's stage score, and its testcases in junit.xml; a skeleton's get 0.
#   grade-all-repro.sh STAGE     Env: WORK, MAKE (the engine's make command)
set -eu
: "${WORK:?}" "${MAKE:?}"
s=$1 c=$WORK/class-repro
fail() { echo "grade-all-repro: $*" >&2; exit 1; }
rm -rf "$c" && mkdir -p "$c/in/ref/exercises" "$c/in/skel/exercises"
code=$(sed -n 's/^CODE_STAGE *:= *//p' "labs/$s/stage.mk")
cp -r "solutions/$s" ${code:+"solutions/$code"} "$c/in/ref/exercises/"
cp -r "exercises/$s" "$c/in/skel/exercises/"
$MAKE grade-all SUBMISSIONS="$c/in" CLASS="$c/out" STAGE="$s" >"$c/table" 2>"$c/err" ||
	fail "make grade-all failed: $(tail -3 "$c/err")"
for who in ref skel; do
	r=$c/out/$who/results.json
	want=$([ $who = ref ] && echo passed || echo failed)
	for t in reproducer $(grep -q '^BISECT ' "labs/$s/stage.mk" && echo bisect); do
		got=$(jq -r --arg n "$s: $t" '.tests[] | select(.name == $n) | .status' "$r")
		[ "$got" = "$want" ] || fail "$who: '$s: $t' is '$got' in results.json, not $want"
		grep -q "name=\"$s: $t\"\|name=\"$t\"" "$c/out/junit.xml" ||
			fail "no $t in junit.xml"
	done
	csv=$(grep "^\"$who\"" "$c/out/summary.csv" | cut -d, -f2)
	sum=$(jq '[.tests[].score] | add' "$r")
	[ "$csv" = "$sum" ] || fail "$who: summary.csv says $csv, results.json's tests add to $sum"
	echo "grade-all-repro: $who: $s scores $csv, reproducer and bisect $want in every report"
done
