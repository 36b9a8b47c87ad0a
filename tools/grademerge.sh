#!/bin/sh
# Join the parts of a class graded apart (make grade-all SHARD=i/n, one part per machine) into
# the reports one machine grading the whole class writes: each learner's folder as its part
# has it, then junit.xml, summary.csv and the table (tools/classreport.sh).
#   grademerge.sh CLASS PART...
# The parts must be all n of one class: each one's file "part" (tools/gradeall.sh) names the
# same learners, stages and kernel series, and shards 1/n to n/n, each once.
set -eu
class=$1
shift
die() { echo "grade-merge: $*" >&2; exit 2; }
[ $# -gt 0 ] || die "no parts: CLASS_PARTS=\"dir1 dir2 ...\", the CLASS of each make grade-all"
for p; do
	[ -f "$p/part" ] || die "$p has no file 'part': not the CLASS of a make grade-all"
	case $(realpath -m "$p")/ in "$(realpath -m "$class")"/*)
		die "CLASS=$class holds the part $p: it is emptied first; name another" ;; esac
done
class_of() { grep -v '^shard ' "$1/part"; }
n=$(sed -n 's|^shard [0-9]*/||p' "$1/part")
[ "$n" = $# ] || die "the class was cut into $n parts; CLASS_PARTS names $#"
for p; do
	[ "$(class_of "$p")" = "$(class_of "$1")" ] ||
		die "$p is a part of another class than $1 (learners, stages or series differ)"
done
[ "$(for p; do sed -n 's|^shard \([0-9]*\)/.*|\1|p' "$p/part"; done | sort -n | xargs)" = \
	"$(seq 1 "$n" | xargs)" ] || die "the parts are not shards 1/$n to $n/$n, each once"
rm -rf "$class" && mkdir -p "$class"
for p; do
	for d in "$p"/*/; do [ ! -d "$d" ] || cp -R "$d" "$class/"; done
done
stages=$(sed -n 's/^stage //p' "$1/part")
for l in $(sed -n 's/^learner //p' "$1/part"); do
	[ -f "$class/$l/results.json" ] || die "no part has $l's results.json"
done
[ "$(ls -d "$class"/*/ 2>/dev/null | wc -l)" = "$(grep -c '^learner ' "$1/part")" ] ||
	die "the parts hold other learners than their class (the file part) names"
sed "s|^shard .*|shard 1/1|" "$1/part" > "$class/part"
SERIES=$(sed -n 's/^series //p' "$1/part") tools/classreport.sh "$class" $stages
