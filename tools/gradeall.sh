#!/bin/sh
# Grade a class: each learner's submission on each stage, one guest boot per stage and learner.
#   gradeall.sh SUBMISSIONS CLASS STAGE:TARGET:CODE-STAGE...   (CODE-STAGE: whose exercise)
# CLASS gets <learner>/results.json (Gradescope's format), junit.xml and summary.csv for the
# class, and the table is printed. A learner's failure is scored, never fatal to the batch.
# Each stage's review answers (exercises/<stage>/answers.md) are reported too, not scored, and
# so is its written review (exercises/<stage>/review.txt) where the stage asks for one.
# Env from tools/engine.mk: MAKE GRADE WORK CODE_ROOT TIMEOUT, and LABS PATCHES SERIES (for
# tools/series.sh).
set -eu
subs=$1 class=$2
shift 2
rm -rf "$class" && mkdir -p "$class"
# fail STAGE TARGET JSON REASON: every check of the stage scores 0 with REASON; the answers and
# the written review in the learner's $code are reported all the same (the review against the
# stage's patches for this series, tools/series.sh).
fail() {
	fstage=$1 ftarget=$2 fjson=$3 freason=$4
	shift 4
	[ ! -f "solutions/$fstage/review.txt" ] || set -- --review "$code/$fstage/review.txt" \
		--patches "$(tools/series.sh patches "$fstage")"
	"$GRADE" --manifest "labs/$fstage/stage.mk" --target "$ftarget" --fail "$freason" \
		--json "$fjson" --questions "solutions/$fstage/answers.md" \
		--answers "$code/$fstage/answers.md" "$@" >/dev/null || true
}

# grade LEARNER CODE STAGE TARGET JSON: one boot; a build that fails is scored from its errors.
grade() {
	run=class-$1-$3
	rm -rf "$WORK/runs/$run"
	$MAKE -s --no-print-directory boot K="$3" T="$3" CODE="$2" TARGET="$4" RUN="$run" \
		TIMEOUT="$TIMEOUT" EXPECT=all > "$class/$1/$3.log" 2>&1 || true
	if [ -f "$WORK/runs/$run/results.json" ]; then
		cp "$WORK/runs/$run/results.json" "$5"
	else
		errs=$(grep -E 'error|undefined reference' "$class/$1/$3.log" | sed "s|$2/||g" | head -3)
		if [ -n "$errs" ]; then fail "$3" "$4" "$5" "does not compile: $errs"
		else fail "$3" "$4" "$5" "the grader could not boot it: $(tail -1 "$class/$1/$3.log")"; fi
	fi
}

# repro LEARNER CODE STAGE TARGET JSON: the reproducer's row and points added to JSON's.
repro() {
	r=$class/$1/$3.repro.json
	rm -f "$r"
	if [ -f "$WORK/runs/class-$1-$3/results.json" ]; then
		$MAKE -s --no-print-directory repro NOBUILD=1 STAGE="$3" TARGET="$4" CODE="$2" \
			REPRO_OUT="$r" TIMEOUT="$TIMEOUT" > "$class/$1/$3.repro.log" 2>&1 || true
	fi
	bisect=""; grep -q '^BISECT ' "labs/$3/stage.mk" && bisect="--bisect $2/$3/bisect.txt"
	[ -s "$r" ] || "$GRADE" --manifest "labs/$3/stage.mk" --target "$4" --json "$r" $bisect \
		--repro "- -" --fail "not run: $(tail -1 "$class/$1/$3.log" 2>/dev/null)" >/dev/null || true
	jq -s '.[0] as $s | .[1] as $r | $s | .score += $r.score | .max_score += $r.max_score |
		.tests += $r.tests' "$5" "$r" > "$5.tmp" && mv "$5.tmp" "$5"
}

for sub in "$subs"/*; do
	name=${sub##*/}
	case $name in
	*.tar|*.tar.gz|*.tgz) name=${name%.tgz} name=${name%.gz} name=${name%.tar} ;;
	*) [ -d "$sub" ] ||
		{ echo "grade-all: $sub left out: neither a folder nor a tarball" >&2; continue; } ;;
	esac
	learner=$(printf %s "$name" | tr -c 'A-Za-z0-9_.+-' _)
	while [ -e "$class/$learner" ]; do learner=${learner}_; done
	mkdir -p "$class/$learner"
	code=$CODE_ROOT/$learner
	refused=$(tools/unpack.sh "$sub" "$code" 2>&1) && refused=""
	# What the submission lacks in a stage it has comes from the skeletons in exercises/.
	submitted=$(ls "$code")
	cp -rn exercises/. "$code/"
	for st in "$@"; do
		s=${st%%:*} t=${st#*:} json=$class/$learner/$s.json
		own=${t#*:} t=${t%%:*}
		echo "grade-all: $learner on $s" >&2
		if [ -n "$refused" ]; then
			fail "$s" "$t" "$json" "submission refused: $refused"
		elif ! printf '%s\n' "$submitted" | grep -qx "$own"; then
			fail "$s" "$t" "$json" "not submitted: no exercises/$own/"
		else
			grade "$learner" "$code" "$s" "$t" "$json"
		fi
		# A stage with a reproducer exercise: its score joins the stage's (tools/engine.mk,
		# make repro), on the kernels built; one that was never run scores 0 with the reason.
		if grep -q '^REPRO ' "labs/$s/stage.mk"; then
			repro "$learner" "$code" "$s" "$t" "$json"
		fi
		# Gradescope's test names are flat: the stage goes in front of each check.
		jq --arg s "$s" '.stage = $s | .tests[].name |= "\($s): \(.)"' "$json" > "$json.tmp" &&
			mv "$json.tmp" "$json"
	done
	# output: a verdict line per stage, then under "review answers" a line per stage saying
	# which questions have an answer, and under "written reviews" a line per stage that asks
	# for one (tools/classreport.sh takes the lines above "review answers" for the verdicts).
	(cd "$class/$learner" && jq -s --arg l "$learner" '
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
		$(for st in "$@"; do echo "${st%%:*}.json"; done) > results.json)
done
tools/classreport.sh "$class" "$@"
