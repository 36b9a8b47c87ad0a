#!/bin/sh
# The class's reports from each learner's results.json: junit.xml (one testsuite per learner),
# summary.csv (learner x stage scores, total, and why a stage scored less than full), and the
# same table printed.
#   classreport.sh CLASS STAGE:TARGET...
set -eu
class=$1
shift
stages=$(for st in "$@"; do printf '%s ' "${st%%:*}"; done)
ls "$class"/*/results.json >/dev/null 2>&1 || { echo "grade-all: no submissions in the batch" >&2; exit 1; }
# XML 1.0 has no control characters; @html escapes < > & ' ".
jq -s -r '
	def x: gsub("[\u0000-\u0008\u000b\u000c\u000e-\u001f]"; "?") | @html;
	"<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
	"<testsuites name=\"class\" tests=\"\(map(.tests | length) | add)\" failures=\"\(map(.tests[] | select(.score < .max_score)) | length)\">",
	(.[] | .extra_data.learner as $l |
	 "  <testsuite name=\"\($l | x)\" tests=\"\(.tests | length)\" failures=\"\([.tests[] | select(.score < .max_score)] | length)\">",
	 (.tests[] | (.name | split(": ")) as $n |
	  "    <testcase classname=\"\("\($l).\($n[0])" | x)\" name=\"\($n[1:] | join(": ") | x)\">" +
	  (if .score < .max_score then "<failure message=\"\(.score)/\(.max_score)\">\(.output | x)</failure>" else "" end) +
	  "</testcase>"),
	 "  </testsuite>"),
	"</testsuites>"' "$class"/*/results.json > "$class/junit.xml"
# One row per learner; "why" is the first line of each stage's verdict that is not full marks.
jq -s -r --arg stages "$stages" '
	($stages | split(" ") | map(select(length > 0))) as $s |
	(["learner"] + $s + ["total", "max", "why"] | @csv),
	(.[] | . as $r | [.extra_data.learner] + [$s[] | $r.extra_data.stages[.]] + [.score, .extra_data.max_score,
	 ([.output | split("\n")[] | select(test(": (all checks pass)") | not)] | join("; "))] | @csv)' \
	"$class"/*/results.json > "$class/summary.csv"
# The table: scores only, and the first 70 characters of why.
jq -r -s --arg stages "$stages" '
	($stages | split(" ") | map(select(length > 0))) as $s |
	(["learner"] + [$s[] | .[0:2]] + ["total", "why"] | @tsv),
	(.[] | . as $r | [.extra_data.learner] + [$s[] | $r.extra_data.stages[.]] +
	 ["\(.score)/\(.extra_data.max_score)", ([.output | split("\n")[] | select(test(": (all checks pass)") | not)] | join("; ") | .[0:70])] | @tsv)' \
	"$class"/*/results.json | awk -F'\t' '{ printf "%-20s", $1; for (i = 2; i < NF; i++) printf " %5s", $i; printf "  %s\n", $NF }'
echo "grade-all: $(ls -d "$class"/*/ | wc -l) learners; reports in $class (<learner>/results.json, junit.xml, summary.csv)"
