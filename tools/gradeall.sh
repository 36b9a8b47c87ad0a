#!/bin/sh
# Grade a class: each learner's submission on each stage, one guest boot per stage and learner.
#   gradeall.sh SUBMISSIONS CLASS STAGE:TARGET:CODE-STAGE...   (CODE-STAGE: whose exercise)
# CLASS gets <learner>/results.json (Gradescope's format), junit.xml and summary.csv for the
# class, and the table is printed. A learner's failure is scored, never fatal to the batch.
# Each stage's review answers (exercises/<stage>/answers.md) are reported too, not scored, and
# so is its written review (exercises/<stage>/review.txt) where the stage asks for one.
# JOBS: how many learner-stages are graded side by side (default: the cores), each in a boot,
# a run dir and a log of its own (tools/gradejob.sh); the reports are the same for any JOBS.
# SHARD=i/n: only part i of n of the class. The class is the submissions in the order the
# shell lists their names (byte order): the part takes the i-th, (i+n)-th, (i+2n)-th... The
# reports are then the part's; CLASS/part says which part of which class it is, for
# tools/grademerge.sh, which joins the n parts into the reports of the whole class.
# Env from make grade-all (tools/mk/class.mk): MAKE GRADE WORK CODE_ROOT TIMEOUT JOBS SHARD, and
# LABS PATCHES SERIES (for tools/series.sh).
set -eu
subs=$1 class=$2
shift 2
jobs=${JOBS:-$(tools/cores.sh)} shard=${SHARD:-1/1}
i=${shard%%/*} n=${shard#*/}
bad() { echo "lab: $*" >&2; exit 2; }
case $jobs in ''|*[!0-9]*|0*) bad "JOBS=$jobs: how many boots at a time, 1 or more" ;; esac
case $i,$n in *[!0-9,]*|,*|*,|0*|*,0*) i=1 n=0 ;; esac
[ "$i" -le "$n" ] || bad "SHARD=$shard: i/n, part i of n, from 1/n to n/n (e.g. 2/4)"
rm -rf "$class" && mkdir -p "$class"
export CODE_ROOT
# Every learner of the class is named, in order, whatever the part: a name made safe, and one
# taken already (or one of the class's own files) gets a _ at its end.
all="" mine="" subs_mine="" k=0 nl='
'
for sub in "$subs"/*; do
	name=${sub##*/}
	case $name in
	*"$nl"*) echo "grade-all: $sub left out: a line break in its name" >&2; continue ;;
	*.tar|*.tar.gz|*.tgz) name=${name%.tgz} name=${name%.gz} name=${name%.tar} ;;
	*) [ -d "$sub" ] || { echo "grade-all: $sub left out: neither a folder nor a tarball" >&2
		continue; } ;;
	esac
	learner=$(printf %s "$name" | tr -c 'A-Za-z0-9_.+-' _)
	while printf '%s\n' junit.xml summary.csv part $all | grep -Fqx -- "$learner"; do
		learner=${learner}_; done
	all="$all $learner" k=$((k + 1))
	[ $(( (k - 1) % n + 1 )) = "$i" ] || continue
	mine="$mine $learner" subs_mine="$subs_mine$learner $sub$nl"
	mkdir -p "$class/$learner"
done
# The jobs (tools/gradejob.sh), JOBS at a time: this part's learners unpacked, and as soon as
# one is, each of its stages graded (a boot each; they print their progress on stderr); then
# each learner's results.json.
each() { xargs -r -d '\n' -n 1 -P "$jobs" tools/gradejob.sh "$@" ||
	{ echo "grade-all: a job failed (above)" >&2; exit 1; }; }
printf %s "$subs_mine" | each unpack "$class" |
	while read -r l; do for st; do echo "$l $st"; done; done | each stage "$class"
for l in $mine; do echo "$l"; done | each learner "$class" "$(for st; do echo "${st%%:*}"; done)"
# Which part of which class this is: what tools/grademerge.sh checks the parts agree on.
{ echo "shard $i/$n"; echo "series ${SERIES:-?}"
  for st in "$@"; do echo "stage $st"; done; for l in $all; do echo "learner $l"; done
} > "$class/part"
# A part may be empty (more parts than learners); a whole class may not (tools/classreport.sh).
[ -n "$mine" ] || [ "$n" = 1 ] || { echo "grade-all: part $i/$n of $k learners is empty" >&2
	exit 0; }
tools/classreport.sh "$class" "$@"
