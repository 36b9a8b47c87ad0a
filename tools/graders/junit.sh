#!/bin/sh
# JUnit XML for one learner (what CodeGrade's Unit Test step reads from $CG_JUNIT_XML_LOCATION,
# and Jenkins and most CI services read) from their Gradescope results.json (tools/gradeall.sh's,
# or make grade's for one stage): a testsuite per stage, a testcase per check, a failure with
# its points and output for each check that failed, a skipped for a check worth no points
# (XFAIL) that behaved, and the grader's own lines on the stage (its verdict, review answers,
# written review) as the suite's system-out. No <properties>: CodeGrade does not take them.
# tools/classreport.sh writes the class's junit.xml. Schema: tools/graders/junit.xsd.
#   junit.sh IN OUT
set -eu
# XML 1.0 has no control characters; @html escapes < > & ' ".
jq -r '
	def x: gsub("[\u0000-\u0008\u000b\u000c\u000e-\u001f]"; "?") | @html;
	def passed: if has("status") then .status == "passed" else .score >= .max_score end;
	def stage: if (.name | contains(": ")) then .name | split(": ")[0] else "lab" end;
	def check: if (.name | contains(": ")) then .name | split(": ")[1:] | join(": ")
		   else .name end;
	def failed: map(select(passed | not)) | length;
	def skipped: map(select(passed and .max_score == 0)) | length;
	(.tests // []) as $tests |
	# The lines of the output, each with the heading it is under ("review answers (not
	# scored):", "written reviews (not scored):") in front.
	(reduce (.output // "" | split("\n")[]) as $l ({ h: "", out: [] };
		if ($l | endswith("(not scored):")) then .h = $l + " "
		else .out += [{ h, $l }] end) | .out) as $lines |
	(.extra_data.learner // "learner") as $learner |
	reduce ($tests[] | stage) as $s ([]; if index([$s]) then . else . + [$s] end) |
	. as $stages |
	"<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
	"<testsuites name=\"\($learner | x)\" tests=\"\($tests | length)\" " +
	"failures=\"\($tests | failed)\">",
	($stages[] as $s | [$tests[] | select(stage == $s)] as $t |
	 "  <testsuite name=\"\($s | x)\" tests=\"\($t | length)\" failures=\"\($t | failed)\" " +
	 "skipped=\"\($t | skipped)\">",
	 ($t[] | "    <testcase classname=\"\($s | x)\" name=\"\(check | x)\">" +
	  (if passed | not then
		"<failure message=\"\(.score)/\(.max_score)\">\(.output // "" | x)</failure>"
	   elif .max_score == 0 then
		"<skipped message=\"\(.output // "" | split("\n")[0] | x)\"/>"
	   else "" end) + "</testcase>"),
	 ([$lines[] | select(.l | startswith($s + ": ")) | .h + .l] | select(length > 0) |
	  "    <system-out>\(join("\n") | x)</system-out>"),
	 "  </testsuite>"),
	"</testsuites>"' "$1" > "$2.tmp"
mv "$2.tmp" "$2"
