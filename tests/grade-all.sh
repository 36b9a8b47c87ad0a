#!/bin/sh
# make grade-all on a class of bad submissions and good ones, on one stage: each learner's
# score and reason must be those in tests/submissions/expected, the class reports must hold
# every learner, and the review answers must be reported as they are. The unsafe tarballs and
# links are made here, not committed.
#   grade-all.sh STAGE     Env: WORK, MAKE (the engine's make command)
set -eu
: "${WORK:?}" "${MAKE:?}"
c=$WORK/class-check
rm -rf "$c" && mkdir -p "$c/in" "$c/x"
fail() { echo "grade-all check: $*" >&2; exit 1; }
cp -r tests/submissions/*/ "$c/in/"
mkdir -p "$c/in/solutions/exercises" && cp -r "solutions/$1" "$c/in/solutions/exercises/"
tar -czf "$c/in/solutions-tarball.tar.gz" -C "$c/in" --transform 's,^solutions,alice,' \
	solutions/exercises
# The folder answers the stage's first review question, the tarball none.
sed -i '0,/^Your answer:$/s//Your answer: relative to the vector page./' \
	"$c/in/solutions/exercises/$1/answers.md"
tar -P -cf "$c/in/dotdot.tar" -C "$c/in/solutions" --transform 's,^,../,' exercises
tar -P -czf "$c/in/absolute.tgz" -C "$c/in/solutions" --transform 's,^,/tmp/lab-escape/,' exercises
mkdir -p "$c/x/exercises/$1" "$c/in/symlink-dir/exercises/$1"
ln -s /etc/passwd "$c/x/exercises/$1/vectors.c"
ln -s /etc/passwd "$c/in/symlink-dir/exercises/$1/vectors.c"
tar -cf "$c/in/symlink-tar.tar" -C "$c/x" exercises
start=$(date +%s)
# Two boots at a time: tests/grade-class.sh grades the class again one boot at a time, in two
# parts, and wants the merged reports to be this run's.
$MAKE -s --no-print-directory grade-all SUBMISSIONS="$c/in" CLASS="$c/out" STAGE="$1" TIMEOUT=30 \
	JOBS=2 >"$c/table" 2>"$c/err" ||
	fail "make grade-all failed: $(tail -3 "$c/err")"
cat "$c/table"
echo "grade-all: $(ls "$c/in" | wc -l) submissions in $(( $(date +%s) - start )) s"
[ "$(grep -vc '^#' tests/submissions/expected)" = "$(ls "$c/in" | wc -l)" ] ||
	fail "tests/submissions/expected does not cover every submission"
grep -v '^#' tests/submissions/expected | while read -r who score why; do
	r=$c/out/$who/results.json
	[ -f "$r" ] || fail "$who: no results.json"
	got=$(jq .score "$r")
	[ "$got" = "$score" ] || fail "$who: score $got, expected $score ($(jq -r .output "$r"))"
	jq -r '.output, .tests[].output' "$r" | grep -Eq -- "$why" ||
		fail "$who: no '$why' in $(jq -r '.output, .tests[].output' "$r" | head -5)"
	echo "$who: $got, $(jq -r '[.output, .tests[].output] | map(select(test($w))) | .[0] |
		split("\n")[0]' --arg w "$why" "$r")"
done
[ "$(grep -c '<testsuite ' "$c/out/junit.xml")" = "$(ls "$c/in" | wc -l)" ] ||
	fail "junit.xml lacks learners"
[ "$(wc -l < "$c/out/summary.csv")" = "$(( $(ls "$c/in" | wc -l) + 1 ))" ] ||
	fail "summary.csv lacks learners"
[ ! -e /tmp/lab-escape ] || fail "a tarball wrote /tmp/lab-escape"
# present STAGE LEARNER: the questions of STAGE that the learner's results.json says are answered.
present() {
	jq -c --arg s "$1" '.extra_data.answers[$s] | map(select(.status == "present").question)' \
		"$c/out/$2/results.json"
}
first=$(sed -n 's/^## \([0-9]*\)\. .*/\1/p' "solutions/$1/answers.md" | head -1)
got=$(present "$1" solutions)
[ "$got" = "[$first]" ] || fail "solutions: answered $got, not [$first]"
got=$(present "$1" solutions-tarball)
[ "$got" = "[]" ] || fail "solutions-tarball: answered $got, not none"
grep -q '^"solutions",.*,"1/[0-9]*",' "$c/out/summary.csv" || fail "summary.csv lacks its answer"
echo "review answers: solutions answered [$first], as it did; solutions-tarball none"
