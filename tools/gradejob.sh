#!/bin/sh
# One job of tools/gradeall.sh, which runs JOBS of them side by side; each writes only its own
# learner's files.
#   gradejob.sh unpack CLASS 'LEARNER SUBMISSION'   the submission, into CODE_ROOT/LEARNER;
#                                                   prints LEARNER once done
#   gradejob.sh stage CLASS 'LEARNER STAGE:TARGET:CODE-STAGE'   a boot: CLASS/LEARNER/STAGE.*
#   gradejob.sh learner CLASS 'STAGE...' LEARNER    CLASS/LEARNER/results.json from STAGE.json
# An unpacked submission holds .refused (why it was refused; empty: it was not) and .submitted
# (its stages). A stage's boot has a run dir of its own, runs/class-LEARNER-STAGE. A learner's
# failure is scored, never fatal.
# Env from tools/gradeall.sh: MAKE GRADE WORK CODE_ROOT TIMEOUT, and LABS PATCHES SERIES.
set -eu
job=$1 class=$2
shift 2
# fail STAGE TARGET JSON REASON: every check of the stage scores 0 with REASON; the answers and
# the written review in the learner's $code are reported all the same (the review against the
# stage's patches for this series, tools/series.sh).
fail() {
	fstage=$1 ftarget=$2 fjson=$3 freason=$4
	shift 4
	grep -q "^BUG_HUNK" "labs/$fstage/stage.mk" && set -- --review "$code/$fstage/review.txt" \
		--patches "$(tools/series.sh patches "$fstage")"
	"$GRADE" --manifest "labs/$fstage/stage.mk" --target "$ftarget" --fail "$freason" \
		--json "$fjson" --questions "solutions/$fstage/answers.md" \
		--answers "$code/$fstage/answers.md" "$@" >/dev/null || true
}

# grade LEARNER CODE STAGE TARGET JSON: one boot; a build that fails is scored from its errors.
grade() {
	run=class-$1-$3 log=$class/$1/$3.log
	rm -rf "$WORK/runs/$run"
	$MAKE -s --no-print-directory boot K="$3" T="$3" CODE="$2" TARGET="$4" RUN="$run" \
		TIMEOUT="$TIMEOUT" EXPECT=all > "$log" 2>&1 || true
	if [ -f "$WORK/runs/$run/results.json" ]; then
		cp "$WORK/runs/$run/results.json" "$5"
	else
		errs=$(grep -E 'error|undefined reference' "$log" | sed "s|$2/||g" | head -3)
		if [ -n "$errs" ]; then fail "$3" "$4" "$5" "does not compile: $errs"
		else fail "$3" "$4" "$5" "the grader could not boot it: $(tail -1 "$log")"; fi
	fi
}

# repro LEARNER CODE STAGE TARGET JSON WHY: the reproducer's row and points added to JSON's;
# WHY, when not empty, is why it was not run (a refused submission, no folder of the stage's).
repro() {
	r=$class/$1/$3.repro.json why=$6
	rm -f "$r"
	[ -n "$why" ] ||
		$MAKE -s --no-print-directory repro NOBUILD=1 STAGE="$3" TARGET="$4" CODE="$2" \
			REPRO_OUT="$r" TIMEOUT="$TIMEOUT" > "$class/$1/$3.repro.log" 2>&1 || true
	[ -n "$why" ] || why="not run: $(tail -n 1 "$class/$1/$3.repro.log" 2>/dev/null || true)"
	bisect=""; grep -q '^BISECT ' "labs/$3/stage.mk" && bisect="--bisect $2/$3/bisect.txt"
	[ -s "$r" ] || "$GRADE" --manifest "labs/$3/stage.mk" --target "$4" --json "$r" $bisect \
		--repro "- -" --fail "$why" >/dev/null || true
	jq -s '.[0] as $s | .[1] as $r | $s | .score += $r.score | .max_score += $r.max_score |
		.tests += $r.tests' "$5" "$r" > "$5.tmp" && mv "$5.tmp" "$5"
}

case $job in
unpack)
	code=$CODE_ROOT/${1%% *}
	refused=$(tools/unpack.sh "${1#* }" "$code" 2>&1) && refused=""
	printf '%s' "$refused" > "$code/.refused"
	# What the submission lacks in a stage it has comes from the skeletons in exercises/.
	ls "$code" > "$code/.submitted"
	cp -rn exercises/. "$code/"
	echo "${1%% *}"
	exit 0 ;;
learner)
	# output: a verdict line per stage, then under "review answers" a line per stage saying
	# which questions have an answer, and under "written reviews" a line per stage that asks
	# for one (tools/classreport.sh takes the lines above "review answers" for the verdicts).
	cd "$class/$2" && exec jq -s --arg l "$2" '
		def verdict: "\(.stage): \(.score)/\(.max_score): \(.output)";
		def answers: "\(.stage): " +
		  (.extra_data.answers | map("\(.question) \(.status)") | join(", "));
		def review: .extra_data.review | "\(.result): \(.quoted) quoted, " +
		  "\(.not_in_patch) not in the patch, bug hunk quoted: " +
		  (if .bug_hunk_quoted then "yes" else "no" end);
		map(select(.extra_data.review)) as $w |
		{ score: (map(.score) | add),
		  output: (map(verdict) + ["review answers (not scored):"] + map(answers) +
		    (if $w == [] then [] else ["written reviews (not scored):"] +
		     ($w | map("\(.stage): \(review)")) end) | join("\n")),
		  tests: (map(.tests) | add),
		  extra_data: { learner: $l, series: (map(.extra_data.series) | unique | join(" ")),
		    max_score: (map(.max_score) | add),
		    stages: (map({ (.stage): .score }) | add),
		    answers: (map({ (.stage): .extra_data.answers }) | add),
		    reviews: ($w | map({ (.stage): .extra_data.review }) | add // {}) } }' \
		$(for st in $1; do echo "$st.json"; done) > results.json ;;
stage) ;;
*) echo "gradejob: no job '$job'" >&2; exit 2 ;;
esac
set -- $1
learner=$1 s=${2%%:*} t=${2#*:}
own=${t#*:} t=${t%%:*}
code=$CODE_ROOT/$learner json=$class/$learner/$s.json
echo "grade-all: $learner on $s" >&2
refused=$(cat "$code/.refused")
if [ -n "$refused" ]; then
	fail "$s" "$t" "$json" "submission refused: $refused"
elif ! grep -qx "$own" "$code/.submitted"; then
	fail "$s" "$t" "$json" "not submitted: no exercises/$own/"
else
	grade "$learner" "$code" "$s" "$t" "$json"
fi
# A stage with a reproducer exercise: its score joins the stage's (tools/mk/repro.mk, make repro),
# on the kernels built; one that was never run scores 0 with the reason.
# It is the stage's own exercise: it runs whatever became of the code the stage grades again.
if grep -q '^REPRO ' "labs/$s/stage.mk"; then
	why=""
	if [ -n "$refused" ]; then why="submission refused: $refused"
	elif ! grep -qx "$s" "$code/.submitted"; then why="not submitted: no exercises/$s/"; fi
	repro "$learner" "$code" "$s" "$t" "$json" "$why"
fi
# Gradescope's test names are flat: the stage goes in front of each check.
jq --arg s "$s" '.stage = $s | .tests[].name |= "\($s): \(.)"' "$json" > "$json.tmp" &&
	mv "$json.tmp" "$json"
