#!/bin/sh
# Classroom 50's result.json (classroom50/result/v1, what an autograder.py leaves in the
# learner's checkout) from one learner's Gradescope results.json (tools/gradeall.sh's, or make
# grade's for one stage): the points, and each check a test with its points and output. Who and
# what was graded come from the variables Classroom 50's runner hands its autograder
# (CLASSROOM, ASSIGNMENT, SUBMISSION_TAG, OWNER or USERNAME, ASSIGNMENT_TYPE, COMMIT_URL,
# RELEASE_URL, REVIEW_URL); outside it (make grade-all) they fall back to the lab's name, the
# learner's and "submit/local". The runner overwrites owner, assignment_type and datetime with
# its own. The review answers and written reviews have no place in this format (it admits no
# other key): only the checks' outputs go. Schema: tools/graders/classroom50.schema.json.
#   classroom50.sh IN OUT
set -eu
nolink="not graded in GitHub Actions: no link"
jq --arg classroom "${CLASSROOM:-lab311}" --arg assignment "${ASSIGNMENT:-lab311}" \
	--arg type "${ASSIGNMENT_TYPE:-individual}" --arg owner "${OWNER:-${USERNAME:-}}" \
	--arg submission "${SUBMISSION_TAG:-submit/local}" --arg commit "${COMMIT_URL:-$nolink}" \
	--arg release "${RELEASE_URL:-$nolink}" \
	--arg review "${REVIEW_URL:-${COMMIT_URL:-$nolink}}" \
	--arg now "$(date -u +%Y-%m-%dT%H:%M:%SZ)" '
	def total: .max_score // .extra_data.max_score // ([.tests[]?.max_score] | add) // 0;
	def passed: if has("status") then .status == "passed" else .score >= .max_score end;
	# Classroom 50 takes whole points only: anything else is an error, never rounded.
	def whole: if type == "number" and . == floor and . >= 0 then .
		   else error("classroom50: \(.) is not a whole number of points") end;
	{ schema: "classroom50/result/v1", classroom: $classroom, assignment: $assignment,
	  assignment_type: $type,
	  owner: (if $owner != "" then $owner else .extra_data.learner // "learner" end),
	  submission: $submission, commit: $commit, release: $release, review: $review,
	  datetime: $now, score: (.score | whole), "max-score": (total | whole),
	  tests: [.tests[]? | { "test-name": .name, passed: passed, score: (.score | whole),
		"max-score": (.max_score | whole), output: (.output // "") }] }' "$1" > "$2.tmp"
mv "$2.tmp" "$2"
