#!/bin/sh
# make grade-all's reports are the same however the class is graded. The class of
# tests/grade-all.sh (its submissions, and its reports of a run with JOBS=2) is cut into two
# parts, each graded one boot at a time (JOBS=1), and merged: summary.csv, junit.xml, the table
# and each learner's results.json must be those of the JOBS=2 run, byte for byte. The parts are
# graded with the make commands of .github/workflows/grade-class.yml, each on a "machine" of
# its own (a work dir of its own) that imports the kernels from an archive's URL (file://) and
# grades its part; a third merges them.
#   grade-class.sh STAGE ARCHIVE     Env: WORK, LABMAKE (the engine's make command)
set -eu
: "${WORK:?}" "${LABMAKE:?}"
s=$1 c=$WORK/class-check url=file://$(realpath "$2")
fail() { echo "grade-class check: $*" >&2; exit 1; }
[ -s "$c/out/summary.csv" ] || fail "no class graded in $c/out: tests/grade-all.sh grades it"
rm -rf "$c/m0" "$c/m1" "$c/m2" "$c/merged"
# same DIR TABLE: DIR's reports and TABLE are the JOBS=2 run's (the table's last line names
# the class's folder).
same() {
	for f in summary.csv junit.xml; do cmp "$c/out/$f" "$1/$f" || fail "$1/$f differs"; done
	for r in "$c"/out/*/results.json; do l=${r%/results.json} l=${l##*/}
		cmp "$r" "$1/$l/results.json" || fail "$1: $l's results.json differs"; done
	[ "$(ls -d "$1"/*/ | wc -l)" = "$(ls -d "$c"/out/*/ | wc -l)" ] || fail "$1: other learners"
	[ "$(sed '$d' "$c/table")" = "$(sed '$d' "$2")" ] || fail "$2 is not the JOBS=2 run's table"
	echo "$1: summary.csv, junit.xml, the table and $(ls -d "$1"/*/ | wc -l) results.json as" \
		"the JOBS=2 run's"
}
# The workflow's jobs: each part on its own machine, with the workflow's make commands.
for i in 1 2; do
	m=$c/m$i t0=$(date +%s)
	{ $LABMAKE kernels-import KERNELS_FROM="$url" WORK="$m/work" &&
		$LABMAKE grade-all SUBMISSIONS="$c/in" CLASS="$m/part" SHARD=$i/2 STAGE="$s" \
		TIMEOUT=30 JOBS=1 WORK="$m/work"; } > "$m.log" 2>&1 ||
		fail "part $i: $(tail -3 "$m.log")"
	# Part i holds the i-th learner of the class, the (i+2)-th, and so on.
	[ "$(cd "$m/part" && ls -d */ | tr -d / | LC_ALL=C sort)" = "$(sed -n 's/^learner //p' \
		"$c/out/part" | awk -v i=$i 'NR % 2 == i % 2' | LC_ALL=C sort)" ] ||
		fail "part $i/2: not its learners"
	echo "part $i/2: $(ls -d "$m"/part/*/ | wc -l) learners in $(( $(date +%s) - t0 )) s"
done
$LABMAKE -o deps grade-merge CLASS_PARTS="$c/m1/part $c/m2/part" CLASS="$c/merged" \
	WORK="$c/m0/work" > "$c/merged.table" 2> "$c/merged.err" ||
	fail "grade-merge: $(tail -3 "$c/merged.err")"
same "$c/merged" "$c/merged.table"
# A merge that lacks a part, or has one twice, says so and writes nothing.
for parts in "$c/m1/part" "$c/m1/part $c/m1/part"; do
	! $LABMAKE -o deps grade-merge CLASS_PARTS="$parts" CLASS="$c/m0/bad" WORK="$c/m0/work" \
		> /dev/null 2> "$c/merged.err" && [ ! -e "$c/m0/bad" ] ||
		fail "grade-merge of $parts did not refuse"
	echo "refused: $(grep '^grade-merge' "$c/merged.err")"
done
rm -rf "$c/m0" "$c/m1" "$c/m2"
