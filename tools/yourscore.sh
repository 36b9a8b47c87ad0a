#!/bin/sh
# The end of make run: the reference solution's verdict on this kernel, labelled as such, the
# learner's own score, and the one command to run next. Exits with the reference's status.
#   yourscore.sh STAGE REF_RUN OWN_RUN CODEDIR 'FILES' ANSWERS [NEXT_STAGE]
# CODEDIR and FILES: the code the stage grades (an earlier stage's, for a stage that grades it
# again); ANSWERS: the stage's own review answers. Env: REPRO=yes for a stage with a
# reproducer exercise (make repro grades it, not this boot); NOREF=yes in a learner's release
# (no reference solution: the exit status says whether the boot gave a report).
# REF_RUN.out and REF_RUN.rc: the reference's verdict and status; OWN_RUN/results.json:
# the learner's run (none when their code did not build or the guest gave no report).
set -eu
stage=$1 ref=$2 own=$3 dir=$4 files=$5 answers=$6 next=${7:-}
json=$own/results.json
if [ -n "${NOREF:-}" ]; then	# a learner's release: the exit status is the boot's
	echo "reference: none in this copy of the lab (a learner's release)"
	[ -s "$json" ]; rc=$?
else
	rc=$(cat "$ref.rc" 2>/dev/null || echo 1)
	verdict=$(sed -n 's/^verdict: //p' "$ref.out" 2>/dev/null | tail -n 1)
	echo "reference: the reference solution on this kernel: ${verdict:-no verdict}" \
		"(log: $ref.out)"
fi
edit="edit $(for f in $files; do printf '%s ' "$dir/$f"; done)(docs/labs/$stage.md, \"Your turn\")"
if [ ! -s "$json" ]; then
	echo "you: no score: your code in $dir did not build, or its boot gave no report (above)"
	echo "next: $edit, then: make grade STAGE=$stage"
	exit "$rc"
fi
score=$(sed -n 's/^{"score": \([0-9]*\), "max_score": \([0-9]*\),.*/\1 \2/p' "$json")
set -- $score
present=$(grep -c '"status": "present"' "$json" || true)
asked=$(grep -c '"status": "\(present\|missing\)"' "$json" || true)
echo "you: $dir scores $1/$2 on $stage; review and gdb answers written: $present of $asked"
if [ "$1" != "$2" ]; then echo "next: $edit, then: make grade STAGE=$stage"
elif [ "$present" != "$asked" ]; then
	echo "next: answer the questions in $answers, then: make grade STAGE=$stage"
elif grep -q '"review": {' "$json" && ! grep -q '"result": "ok"' "$json"; then
	echo "next: write your review in ${answers%/*}/review.txt, then: make grade STAGE=$stage"
elif [ -n "${REPRO:-}" ]; then
	echo "next: your reproducer, ${answers%/*}/repro.c: make repro STAGE=$stage" \
		"(then make grade STAGE=$stage)"
elif [ -n "$next" ]; then echo "next: the next stage: make run STAGE=$next"
else echo "next: every stage done: the capstone, docs/capstone.md"; fi
exit "$rc"
