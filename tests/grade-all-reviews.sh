#!/bin/sh
# make grade-all's reports carry the written reviews: three learners on a stage that asks for
# one (the reference review, a review with a quote that is not in the patch, the skeleton's),
# graded with no boot at all (MAKE=false: every run is "could not boot", the path a learner's
# broken code takes), must each have their review in results.json (output and extra_data),
# summary.csv, junit.xml and the table, as the grader reported it.
#   grade-all-reviews.sh STAGE TARGET     Env: WORK, GRADE, and LABS PATCHES SERIES
set -eu
: "${WORK:?}" "${GRADE:?}"
s=$1 t=$2 c=$WORK/class-reviews
fail() { echo "grade-all reviews: $*" >&2; exit 1; }
rm -rf "$c" && mkdir -p "$c/in/ref/exercises" "$c/in/stray/exercises" "$c/in/none/exercises"
cp -r "solutions/$s" "$c/in/ref/exercises/"
cp -r "exercises/$s" "$c/in/stray/exercises/"
cp -r "exercises/$s" "$c/in/none/exercises/"
printf '%s\n' '' 'A line the patch does not have:' '> +	this_is_not_in_the_patch();' \
	>> "$c/in/stray/exercises/$s/review.txt"
MAKE=false CODE_ROOT=$c/code TIMEOUT=1 tools/gradeall.sh "$c/in" "$c/out" "$s:$t:$s" \
	> "$c/table" 2> "$c/err" || fail "gradeall.sh failed: $(tail -3 "$c/err")"
cat "$c/table"
# review LEARNER: the review's result, quoted lines, lines not in the patch, bug hunk quoted.
review() {
	jq -r --arg s "$s" '.extra_data.reviews[$s] | "\(.result) \(.quoted) \(.not_in_patch) " +
		"\(.bug_hunk_quoted)"' "$c/out/$1/results.json"
}
q=$(grep -c '^> ' "solutions/$s/review.txt")
[ "$(review ref)" = "ok $q 0 true" ] || fail "ref: $(review ref), not 'ok $q 0 true'"
[ "$(review stray)" = "stray quotes 1 1 false" ] ||
	fail "stray: $(review stray), not 'stray quotes 1 1 false'"
[ "$(review none)" = "quotes nothing 0 0 false" ] ||
	fail "none: $(review none), not 'quotes nothing 0 0 false'"
jq -j --arg s "$s" '.extra_data.reviews[$s].text' "$c/out/ref/results.json" |
	cmp -s - "solutions/$s/review.txt" || fail "ref: results.json lacks the review's text"
jq -r .output "$c/out/stray/results.json" | grep -qx "written reviews (not scored):" &&
	jq -r .output "$c/out/stray/results.json" |
	grep -qx "$s: stray quotes: 1 quoted, 1 not in the patch, bug hunk quoted: no" ||
	fail "stray: no review line in output: $(jq -r .output "$c/out/stray/results.json")"
grep -q "^\"ref\",.*,\"$s: ok, $q quoted, 0 not in the patch, bug hunk yes\"," \
	"$c/out/summary.csv" || fail "summary.csv lacks ref's review: $(cat "$c/out/summary.csv")"
grep -q "<property name=\"review $s\" value=\"stray quotes: 1 quoted, 1 not in the patch, bug \
hunk quoted: no\"/>" "$c/out/junit.xml" || fail "junit.xml lacks stray's review property"
grep -Eq '^ref .* 1/1  ' "$c/table" && grep -Eq '^none .* 0/1  ' "$c/table" ||
	fail "the table's rev column is not 1/1 for ref and 0/1 for none"
echo "grade-all reviews: $s's review reported as ok ($q lines), stray quotes and quotes" \
	"nothing in results.json, summary.csv, junit.xml and the table"
