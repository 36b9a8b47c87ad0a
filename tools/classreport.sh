#!/bin/sh
# The class's reports from each learner's results.json: junit.xml (one testsuite per learner,
# its written reviews as properties), summary.csv (learner x stage scores, total, why a stage
# scored less than full, and the review answers: how many are there, and which questions of
# which stage are not; the written reviews: what each quotes; the kernel series), and the same
# table printed.
#   classreport.sh CLASS STAGE:TARGET...
set -eu
class=$1
shift
stages=$(for st in "$@"; do printf '%s ' "${st%%:*}"; done)
ls "$class"/*/results.json >/dev/null 2>&1 ||
	{ echo "grade-all: no submissions in the batch" >&2; exit 1; }
# XML 1.0 has no control characters; @html escapes < > & ' ".
jq -s -r '
	def x: gsub("[\u0000-\u0008\u000b\u000c\u000e-\u001f]"; "?") | @html;
	"<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
	def failed: map(select(.score < .max_score)) | length;
	"<testsuites name=\"class\" tests=\"\(map(.tests | length) | add)\" " +
	"failures=\"\(map(.tests[]) | failed)\">",
	(.[] | .extra_data.learner as $l |
	 "  <testsuite name=\"\($l | x)\" tests=\"\(.tests | length)\" " +
	 "failures=\"\(.tests | failed)\">",
	 # The written reviews are not tests (not scored): a property each.
	 ((.extra_data.reviews // {}) | to_entries | select(length > 0) |
	  "    <properties>" + (map("<property name=\"review \(.key | x)\" value=\"" +
	   "\(.value.result): \(.value.quoted) quoted, \(.value.not_in_patch) not in the patch, " +
	   "bug hunk quoted: \(if .value.bug_hunk_quoted then "yes" else "no" end)\"/>")
	   | join("")) + "</properties>"),
	 (.tests[] | (.name | split(": ")) as $n |
	  "    <testcase classname=\"\("\($l).\($n[0])" | x)\" " +
	  "name=\"\($n[1:] | join(": ") | x)\">" +
	  (if .score < .max_score
	   then "<failure message=\"\(.score)/\(.max_score)\">\(.output | x)</failure>"
	   else "" end) +
	  "</testcase>"),
	 "  </testsuite>"),
	"</testsuites>"' "$class"/*/results.json > "$class/junit.xml"
# What the reports say of a learner. why: the stages' verdicts that are not full marks (the
# lines of output above its review answers, tools/gradeall.sh); answers: how many of the
# questions asked have an answer; unanswered: each stage's questions that have none; review:
# each written review's quoted lines, those not in the patch, and whether the bug's hunk is
# among them; reviewed: how many reviews pass every mechanical check, of those asked.
defs='def why: .output | split("\nreview answers")[0] | split("\n")
	| map(select(test(": (all checks pass)") | not)) | join("; ");
def answers: [.extra_data.answers[][]] | "\(map(select(.status == "present")) | length)/\(length)";
def unanswered: .extra_data.answers | to_entries
	| map([.key] + [.value[] | select(.status == "missing") | .question] | select(length > 1)
	| "\(.[0]): \(.[1:] | join(" "))") | join("; ");
def review: (.extra_data.reviews // {}) | to_entries | map("\(.key): \(.value.result), " +
	"\(.value.quoted) quoted, \(.value.not_in_patch) not in the patch, bug hunk " +
	(if .value.bug_hunk_quoted then "yes" else "no" end)) | join("; ");
def reviewed: [(.extra_data.reviews // {})[]] |
	if length == 0 then "-" else "\(map(select(.result == "ok")) | length)/\(length)" end;'
# One row per learner.
jq -s -r --arg stages "$stages" "$defs"'
	($stages | split(" ") | map(select(length > 0))) as $s |
	(["learner"] + $s + ["total", "max", "why", "answers", "unanswered", "review", "series"]
	 | @csv),
	(.[] | . as $r | [.extra_data.learner] + [$s[] | $r.extra_data.stages[.]] +
	 [.score, .extra_data.max_score, why, answers, unanswered, review, .extra_data.series]
	 | @csv)' \
	"$class"/*/results.json > "$class/summary.csv"
# The table: scores, answers present of those asked, written reviews that pass every mechanical
# check of those asked ("-": none asked), and the first 70 characters of why.
jq -r -s --arg stages "$stages" "$defs"'
	($stages | split(" ") | map(select(length > 0))) as $s |
	(["learner"] + [$s[] | .[0:2]] + ["total", "answ", "rev", "why"] | @tsv),
	(.[] | . as $r | [.extra_data.learner] + [$s[] | $r.extra_data.stages[.]] +
	 ["\(.score)/\(.extra_data.max_score)", answers, reviewed, (why | .[0:70])] | @tsv)' \
	"$class"/*/results.json |
	awk -F'\t' '{ printf "%-20s", $1; for (i = 2; i < NF; i++) printf " %5s", $i
		printf "  %s\n", $NF }'
echo "grade-all: $(ls -d "$class"/*/ | wc -l) learners on linux ${SERIES:-?}; reports in $class" \
	"(<learner>/results.json, junit.xml, summary.csv)"
