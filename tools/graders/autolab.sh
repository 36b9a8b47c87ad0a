#!/bin/sh
# Autolab's autograder output from one learner's Gradescope results.json (tools/gradeall.sh's,
# or make grade's for one stage): what the autograder prints, to be printed as it is by the
# assessment's autograde-Makefile. The grader's own text (verdicts, review answers, written
# reviews), a line per check, then the formatted feedback line (a section per stage, a
# pass/fail per check) and last the autoresult: "scores" gives each stage its points (a problem
# per stage, named by its id), "scoreboard" the total then each stage's points. A results.json
# that names no stage is one problem, "lab". Schemas: tools/graders/autolab.schema.json (the
# last line), tools/graders/autolab-feedback.schema.json (the line above it).
#   autolab.sh IN OUT
set -eu
jq -r '
	def total: .max_score // .extra_data.max_score // ([.tests[]?.max_score] | add) // 0;
	def passed: if has("status") then .status == "passed" else .score >= .max_score end;
	def firstline: (.output // "") | split("\n") | map(select(length > 0)) | .[0] // "";
	# A check named "<stage>: <check>" (tools/gradeall.sh), or a check of the one stage "lab".
	def stage: if (.name | contains(": ")) then .name | split(": ")[0] else "lab" end;
	def check: if (.name | contains(": ")) then .name | split(": ")[1:] | join(": ")
		   else .name end;
	(.extra_data.stages // { lab: .score }) as $scores |
	(.tests // []) as $tests |
	($scores | keys_unsorted) as $stages |
	(.output // ""),
	"",
	"checks: \(.score) of \(total) points",
	(.tests[]? |
	 "  \(if passed then "pass" else "FAIL" end)  \(.name)  \(.score)/\(.max_score)" +
	 (if passed then "" else "\n" + ((.output // "") | rtrimstr("\n") | split("\n") |
	  map("        " + .) | join("\n")) end)),
	({ _presentation: "semantic", stages: $stages } +
	 ([$stages[] as $s | { ($s): ([$tests[] | select(stage == $s) |
		{ (check): ({ passed: passed } + (if passed then {} else { hint: firstline } end))
		}] | add // {}) }] | add) | tojson),
	({ scores: $scores, scoreboard: ([.score] + [$scores[]]) } | tojson)
	' "$1" > "$2.tmp"
mv "$2.tmp" "$2"
