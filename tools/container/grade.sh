#!/bin/sh
# The grading image's command (tools/container/Containerfile.grade): one learner's hand-in graded
# by make grade-all on the kernels the image holds; no network, no root, no kernel build.
#   lab311-grade [SUBMISSION [RESULTS]]    default /submission and /results
# SUBMISSION: a folder holding exercises/<stage-id>/ at its top or in its one top-level folder
# (the learner's clone, or the folder above their exercises/), or a .tar, .tar.gz or .tgz of one,
# or a folder holding that tarball alone (an upload).
# RESULTS gets results.json (Gradescope's), each format of FORMATS under the name
# tools/graders/class.sh gives it, summary.csv and grade.log. With autolab among FORMATS, its
# file is printed last, as Autolab reads the output's last line.
# Env: FORMATS (default gradescope), STAGE (the stages to grade: default LAB_STAGES, the image's,
# or every stage it holds a kernel of), LEARNER (the name in the reports), TIMEOUT.
# Called by another name, it takes a grader's own paths:
#   run_autograder               Gradescope: /autograder/submission, /autograder/results
#   lab311-grade-prairielearn    PrairieLearn: /grade/student, its results.json in /grade/results
# Exit status: 0 once graded, whatever the score; 1 when no verdict could be made (results.json
# then says why, with no points; 0 for PrairieLearn, which reads results only after a 0); 2 when
# there is nothing to grade or nowhere to write.
set -u
lab=${LAB_DIR:-/lab}
main=gradescope ok=1
# The image's work dir, whoever runs this and whatever HOME says (a grader's driver may reset
# the environment).
export XDG_CACHE_HOME="${XDG_CACHE_HOME:-/home/grader/.cache}" CI=true
case ${0##*/} in
run_autograder) set -- /autograder/submission /autograder/results
	FORMATS=${FORMATS:-gradescope} ;;
lab311-grade-prairielearn) set -- /grade/student /grade/results
	FORMATS=prairielearn main=prairielearn ok=0 ;;
esac
sub=${1:-/submission} out=${2:-/results}
formats=${FORMATS:-gradescope}
stages=${STAGE:-${LAB_STAGES:-}}
learner=$(printf %s "${LEARNER:-learner}" | tr -c 'A-Za-z0-9_.+-' _)
die() { echo "lab311-grade: $*" >&2; exit 2; }
[ -e "$sub" ] || die "no hand-in at $sub: mount the learner's folder or tarball there"
if [ -d "$sub" ] && [ ! -d "$sub/exercises" ] && [ "$(ls -A "$sub" | wc -l)" = 1 ]; then
	case $(ls -A "$sub") in *.tar|*.tar.gz|*.tgz) sub=$sub/$(ls -A "$sub") ;; esac
fi
mkdir -p "$out" 2>/dev/null && [ -w "$out" ] || die "$out is not writable by uid $(id -u)"
"$lab/tools/graders/class.sh" --check $formats || exit 2
t0=$(date +%s)
batch=$(mktemp -d)
trap 'rm -rf "$batch"' EXIT
mkdir -p "$batch/in"
# A copy: cp -R keeps links as links, and the grader's unpacking refuses them.
case $sub in
*.tar) cp "$sub" "$batch/in/$learner.tar" ;;
*.tar.gz|*.tgz) cp "$sub" "$batch/in/$learner.tar.gz" ;;
*) cp -R "$sub" "$batch/in/$learner" ;;
esac
make -C "$lab" -s --no-print-directory grade-all SUBMISSIONS="$batch/in" CLASS="$batch/class" \
	FORMATS="$formats" ${stages:+"STAGE=$stages"} > "$batch/log" 2>&1
rc=$?
c=$batch/class/$learner
what=graded
file() { case $1 in gradescope) echo results.json ;; prairielearn) echo prairielearn.json ;;
	autolab) echo autolab.txt ;; classroom50) echo classroom50.json ;; junit) echo junit.xml ;;
	esac; }
if [ ! -f "$c/results.json" ]; then
	# No verdict at all: the reason as a zero score, in every format that can say it.
	rc=$ok what="not graded (results.json says why)"
	mkdir -p "$c"
	jq -n --arg out "the grader failed: $(tail -5 "$batch/log")" '{ score: 0, output: $out }' \
		> "$c/results.json"
	(cd "$lab" && tools/graders/class.sh "$batch/class" $formats) >/dev/null 2>&1
fi
cp "$batch/log" "$out/grade.log"
[ ! -f "$batch/class/summary.csv" ] || cp "$batch/class/summary.csv" "$out/"
for f in gradescope $formats; do
	[ ! -f "$c/$(file "$f")" ] || cp "$c/$(file "$f")" "$out/"
done
[ "$main" = gradescope ] || cp "$c/$(file "$main")" "$out/results.json"
cat "$batch/log"
echo "lab311-grade: $learner $what in $(( $(date +%s) - t0 )) s, results in $out ($formats)"
case " $formats " in *" autolab "*) [ ! -f "$c/autolab.txt" ] || cat "$c/autolab.txt" ;; esac
exit $rc
