#!/bin/sh
# Grade a class: each learner's submission on each stage, one guest boot per stage and learner.
#   gradeall.sh SUBMISSIONS CLASS STAGE:TARGET:CODE-STAGE...   (CODE-STAGE: whose exercise)
# CLASS gets <learner>/results.json (Gradescope's format), junit.xml and summary.csv for the
# class, and the table is printed. A learner's failure is scored, never fatal to the batch.
# Each stage's review answers (exercises/<stage>/answers.md) are reported too, not scored, and
# so is its written review (exercises/<stage>/review.txt) where the stage asks for one.
# JOBS: how many learner-stages are graded side by side (default: the cores), each in a boot,
# a run dir and a log of its own (tools/gradeone.sh); the reports are the same for any JOBS.
# SHARD=i/n: only part i of n of the class. The class is the submissions in the order the
# shell lists their names (byte order): the part takes the i-th, (i+n)-th, (i+2n)-th... The
# reports are then the part's; CLASS/part says which part of which class it is, for
# tools/grademerge.sh, which joins the n parts into the reports of the whole class.
# Env from tools/engine.mk: MAKE GRADE WORK CODE_ROOT TIMEOUT JOBS SHARD, and LABS PATCHES
# SERIES (for tools/series.sh).
set -eu
subs=$1 class=$2
shift 2
jobs=${JOBS:-$(nproc)} shard=${SHARD:-1/1}
i=${shard%%/*} n=${shard#*/}
bad() { echo "lab: $*" >&2; exit 2; }
case $jobs in ''|*[!0-9]*|0*) bad "JOBS=$jobs: how many boots at a time, 1 or more" ;; esac
case $i,$n in *[!0-9,]*|,*|*,|0*|*,0*) i=1 n=0 ;; esac
[ "$i" -le "$n" ] || bad "SHARD=$shard: i/n, part i of n, from 1/n to n/n (e.g. 2/4)"
rm -rf "$class" && mkdir -p "$class"
export CODE_ROOT
# Every learner of the class is named, in order, whatever the part: a name made safe, and one
# taken already (or one of the class's own files) gets a _ at its end. This part's learners
# are unpacked into CODE_ROOT/<learner>, with .refused in it (why, if it was refused) and
# .submitted (the stages handed in), for tools/gradeone.sh.
all="" mine="" k=0
for sub in "$subs"/*; do
	name=${sub##*/}
	case $name in
	*.tar|*.tar.gz|*.tgz) name=${name%.tgz} name=${name%.gz} name=${name%.tar} ;;
	*) [ -d "$sub" ] || { echo "grade-all: $sub left out: neither a folder nor a tarball" >&2
		continue; } ;;
	esac
	learner=$(printf %s "$name" | tr -c 'A-Za-z0-9_.+-' _)
	while printf '%s\n' junit.xml summary.csv part $all | grep -Fqx -- "$learner"; do
		learner=${learner}_; done
	all="$all $learner" k=$((k + 1))
	[ $(( (k - 1) % n + 1 )) = "$i" ] || continue
	mine="$mine $learner"
	mkdir -p "$class/$learner"
	code=$CODE_ROOT/$learner
	refused=$(tools/unpack.sh "$sub" "$code" 2>&1) && refused=""
	printf '%s' "$refused" > "$code/.refused"
	# What the submission lacks in a stage it has comes from the skeletons in exercises/.
	ls "$code" > "$code/.submitted"
	cp -rn exercises/. "$code/"
done
# Each learner on each stage, JOBS at a time; what they print is the progress, on stderr.
for l in $mine; do for st in "$@"; do echo "$l $st"; done; done |
	xargs -P "$jobs" -I{} tools/gradeone.sh "$class" {} ||
	{ echo "grade-all: a learner-stage was not graded (above)" >&2; exit 1; }
for learner in $mine; do
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
# Which part of which class this is: what tools/grademerge.sh checks the parts agree on.
{ echo "shard $i/$n"; echo "series ${SERIES:-?}"
  for st in "$@"; do echo "stage $st"; done; for l in $all; do echo "learner $l"; done
} > "$class/part"
# A part may be empty (more parts than learners); a whole class may not (tools/classreport.sh).
[ -n "$mine" ] || [ "$n" = 1 ] || { echo "grade-all: part $i/$n of $k learners is empty" >&2
	exit 0; }
tools/classreport.sh "$class" "$@"
