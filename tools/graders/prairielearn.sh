#!/bin/sh
# PrairieLearn's results.json (its external grader's /grade/results/results.json) from one
# learner's Gradescope results.json (tools/gradeall.sh's, or make grade's for one stage): the
# score as a fraction of the points, each check a test with its points, and the grader's own
# text (verdicts, review answers, written reviews) as the output. Nothing to grade (no points
# at all) is not gradable, so that the learner loses no attempt. Schema:
# tools/graders/prairielearn.schema.json.
#   prairielearn.sh IN OUT
set -eu
jq '
	def total: .max_score // .extra_data.max_score // ([.tests[]?.max_score] | add) // 0;
	def passed: if has("status") then .status == "passed" else .score >= .max_score end;
	def firstline: (.output // "") | split("\n") | map(select(length > 0)) | .[0] // "";
	total as $max |
	{ gradable: ($max > 0),
	  score: (if $max > 0 then .score / $max else 0 end),
	  message: "\(.score) of \($max) points",
	  output: (.output // ""),
	  tests: [.tests[]? | { name, points: .score, max_points: .max_score,
		message: (if passed then "passed" else "failed: \(firstline)" end),
		output: (.output // "") }] } +
	(if $max > 0 then {} else { format_errors: ["nothing was graded: no check has points"] }
	 end)' "$1" > "$2.tmp"
mv "$2.tmp" "$2"
