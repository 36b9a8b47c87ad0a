#!/bin/sh
# The graders' formats: each fixture learner's Gradescope results.json (tests/graders/fixtures,
# tools/gradeall.sh's shape) is written in every format by tools/graders/class.sh, as make
# grade-all FORMATS=... does, and each file is checked against its grader's schema in
# tools/graders (JSON Schema with Debian's python3-jsonschema, XSD with xmllint), then for the
# points it carries (the same as the results.json's) and for the rules the graders enforce in
# code that a schema cannot say. Each check must also refuse a broken copy of one file per
# format: a check that refuses nothing proves nothing. No grader service is reached.
#   graders.sh                      Env: OUT (a scratch dir)
#   graders.sh check FORMAT FILE...  only the format's check, on files written elsewhere (the
#                                    grading image's: tests/grading-image.sh); each must pass
set -eu
: "${OUT:?}"
g=tools/graders
c=$OUT/class
fail() { echo "graders: $*" >&2; exit 1; }
rm -rf "$OUT" && mkdir -p "$c" "$OUT/broken"
command -v jq >/dev/null && command -v xmllint >/dev/null && command -v python3 >/dev/null ||
	fail "needs jq, xmllint (libxml2-utils) and python3 with python3-jsonschema"

# json SCHEMA FILE: exit 0 if FILE (JSON) is valid against SCHEMA (JSON Schema 2020-12), 3 with
# the first error if not; any other status means the check itself is broken.
json() {
	python3 - "$1" "$2" <<'EOF'
import json, sys
from jsonschema import Draft202012Validator
schema = json.load(open(sys.argv[1]))
Draft202012Validator.check_schema(schema)
try:
    doc = json.load(open(sys.argv[2]))
except ValueError as e:
    print(f"{sys.argv[2]}: not JSON: {e}")
    sys.exit(3)
errors = sorted(Draft202012Validator(schema).iter_errors(doc), key=lambda e: list(e.path))
if errors:
    e = errors[0]
    print(f"{sys.argv[2]}: {'/'.join(map(str, e.path)) or '(top)'}: {e.message[:200]}")
    sys.exit(3)
EOF
}
# xml SCHEMA FILE: the same for XML against an XSD (xmllint: 3 or 4 when the file is invalid).
xml() {
	rc=0
	xmllint --noout --schema "$1" "$2" 2>"$OUT/xmllint.err" || rc=$?
	case $rc in 0) ;; 3|4) head -1 "$OUT/xmllint.err"; return 3 ;;
	*) cat "$OUT/xmllint.err"; return "$rc" ;; esac
}
# autolab FILE: its last line against the autoresult's schema, the line above it against the
# formatted feedback's, every section it names present, and the last line read the same after
# the rewrite Autolab's parseAutoresult applies before decoding (every run of letters and
# digits followed by ':' put in quotes).
autolab() {
	tail -1 "$1" > "$1.last" && tail -2 "$1" | head -1 > "$1.feedback"
	json $g/autolab.schema.json "$1.last" || return $?
	json $g/autolab-feedback.schema.json "$1.feedback" || return $?
	jq -e '.stages - keys == []' "$1.feedback" >/dev/null ||
		{ echo "$1: a section named in stages is missing"; return 3; }
	sed -E 's/([a-zA-Z0-9]+):/"\1":/g' "$1.last" > "$1.rewritten"
	jq -c . "$1.rewritten" 2>/dev/null | cmp -s - "$1.last" ||
		{ echo "$1: its last line does not survive Autolab's rewrite: $(cat "$1.rewritten")"
		  return 3; }
}
# classroom50 FILE: the schema, and what Classroom 50's runner refuses in code: a score over
# its max-score (the total's or a test's), and points that are not whole (written 6.0).
classroom50() {
	json $g/classroom50.schema.json "$1" || return $?
	jq -e '.score <= ."max-score" and all(.tests[]; .score <= ."max-score")' "$1" >/dev/null ||
		{ echo "$1: a score is over its max-score"; return 3; }
	! grep -Eq '"(max-)?score": *[0-9]*\.' "$1" ||
		{ echo "$1: points that are not whole"; return 3; }
}
# prairielearn FILE: the schema, and PrairieLearn's 1 MB.
prairielearn() {
	json $g/prairielearn.schema.json "$1" || return $?
	[ "$(wc -c < "$1")" -le 1048576 ] || { echo "$1: over PrairieLearn's 1 MB"; return 3; }
}
gradescope() { json $g/gradescope.schema.json "$1"; }
junit() { xml $g/junit.xsd "$1"; }
# check FORMAT FILE: the format's check, which must pass.
check() {
	rc=0
	"$1" "$2" > "$OUT/why" || rc=$?
	[ "$rc" = 0 ] || fail "$2 is not valid $1 (status $rc): $(cat "$OUT/why")"
}
# refused FORMAT FILE WHAT: the format's check, which must refuse FILE (broken: WHAT).
refused() {
	rc=0
	"$1" "$2" > "$OUT/why" || rc=$?
	case $rc in
	3) echo "$1: refused, as it must, $3: $(head -1 "$OUT/why")" ;;
	0) fail "$1: a broken file passed its check ($3): the check proves nothing" ;;
	*) fail "$1: the check itself failed (status $rc) on $2: $(cat "$OUT/why")" ;;
	esac
}
[ "${1:-}" != check ] || { f=$2; shift 2; for x; do check "$f" "$x"; done; exit 0; }

# The class: each fixture a learner's results.json, every format written as grade-all does.
formats="gradescope prairielearn autolab classroom50 junit"
n=0
for f in tests/graders/fixtures/*.jq; do
	l=$(basename "$f" .jq)
	mkdir -p "$c/$l" && jq -n -f "$f" > "$c/$l/results.json"
	n=$((n + 1))
done
# shellcheck disable=SC2086
$g/class.sh "$c" $formats > "$OUT/class.log" || fail "class.sh: $(cat "$OUT/class.log")"
rc=0
$g/class.sh --check gradescope bogus 2> "$OUT/bogus" || rc=$?
[ "$rc" = 2 ] && grep -q "no format 'bogus'" "$OUT/bogus" ||
	fail "FORMATS=bogus was not refused with its name (status $rc): $(cat "$OUT/bogus")"

for d in "$c"/*/; do
	l=$(basename "$d") r=$d/results.json
	check gradescope "$r"
	check prairielearn "$d/prairielearn.json"
	check autolab "$d/autolab.txt"
	check classroom50 "$d/classroom50.json"
	check junit "$d/junit.xml"
	# The points and checks each format carries are the results.json's.
	score=$(jq .score "$r") max=$(jq .extra_data.max_score "$r")
	tests=$(jq '.tests | length' "$r")
	failed=$(jq '[.tests[] | select(.status == "failed")] | length' "$r")
	jq -e --argjson s "$score" --argjson m "$max" --argjson t "$tests" '.gradable and
		(.score * $m - $s | fabs) < 1e-9 and (.tests | length) == $t and
		([.tests[].points] | add) == $s and ([.tests[].max_points] | add) == $m' \
		"$d/prairielearn.json" >/dev/null ||
		fail "$l: prairielearn.json does not carry the points"
	jq -e --argjson s "$score" --argjson m "$max" --argjson t "$tests" --argjson f "$failed" '
		.score == $s and ."max-score" == $m and (.tests | length) == $t and
		([.tests[] | select(.passed | not)] | length) == $f' \
		"$d/classroom50.json" >/dev/null ||
		fail "$l: classroom50.json does not carry the points"
	jq -e --argjson s "$score" --slurpfile r "$r" '([.scores[]] | add) == $s and
		.scoreboard[0] == $s and .scores == $r[0].extra_data.stages' "$d/autolab.txt.last" \
		>/dev/null || fail "$l: autolab.txt's autoresult does not carry the points"
	[ "$(xmllint --xpath 'count(//testcase)' "$d/junit.xml")" = "$tests" ] &&
	[ "$(xmllint --xpath 'count(//testcase[failure])' "$d/junit.xml")" = "$failed" ] &&
	[ "$(xmllint --xpath 'string(/testsuites/@failures)' "$d/junit.xml")" = "$failed" ] ||
		fail "$l: junit.xml does not have every check, or its failures"
	echo "$l: $score/$max, $tests checks ($failed failed): results.json, prairielearn.json," \
		"autolab.txt, classroom50.json and junit.xml valid and carrying them"
done
# The learner with review answers and a written review: they reach the formats that have room
# for text (the output of PrairieLearn and Autolab, JUnit's system-out).
grep -q "written reviews (not scored): 08-sigpage: stray quotes" "$c/reviews/junit.xml" &&
	jq -e '.output | contains("08-sigpage: 4 present, 8 present")' \
	"$c/reviews/prairielearn.json" >/dev/null &&
	grep -q "^08-sigpage: stray quotes: 3 quoted" "$c/reviews/autolab.txt" ||
	fail "reviews: the review answers or the written review are missing from a format"

# A broken copy per format, each refused by the same check.
b=$OUT/broken
jq '.tests[0].score = "2"' "$c/failing/results.json" > "$b/results.json"
refused gradescope "$b/results.json" "a test's score as a string"
jq '.score = 1.5' "$c/failing/prairielearn.json" > "$b/prairielearn.json"
refused prairielearn "$b/prairielearn.json" "a score over 1"
sed '$ s/"scores"/"points"/' "$c/failing/autolab.txt" > "$b/autolab.txt"
refused autolab "$b/autolab.txt" "an autoresult without scores"
sed '$ s/"scoreboard":\[/"scoreboard":["total:6",/' "$c/failing/autolab.txt" > "$b/autolab2.txt"
refused autolab "$b/autolab2.txt" "a scoreboard string that Autolab's rewrite breaks"
jq 'del(.schema)' "$c/failing/classroom50.json" > "$b/classroom50.json"
refused classroom50 "$b/classroom50.json" "no schema key"
jq '.tests[0].score = 9' "$c/failing/classroom50.json" > "$b/classroom50-2.json"
refused classroom50 "$b/classroom50-2.json" "a test's score over its max-score"
sed '0,/<testcase classname="[^"]*" name="[^"]*"/s//<testcase classname="x"/' \
	"$c/failing/junit.xml" > "$b/junit.xml"
refused junit "$b/junit.xml" "a testcase without a name"
echo "graders: $n learners in $(echo "$formats" | wc -w) formats valid against their graders'" \
	"schemas; every broken copy refused"
