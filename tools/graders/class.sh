#!/bin/sh
# Each learner's results in the formats of the graders a class uses, written beside their
# Gradescope results.json in CLASS (make grade-all FORMATS=...; docs/teaching.md says where each
# grader wants its file):
#   gradescope     results.json         (tools/gradeall.sh writes it: nothing more to do)
#   prairielearn   prairielearn.json    (tools/graders/prairielearn.sh)
#   autolab        autolab.txt          (tools/graders/autolab.sh)
#   classroom50    classroom50.json     (tools/graders/classroom50.sh)
#   junit          junit.xml            (tools/graders/junit.sh; CodeGrade and CI services)
#   class.sh CLASS FORMAT...     class.sh --check FORMAT...: only say whether each is known
set -eu
formats="gradescope prairielearn autolab classroom50 junit"
file() { case $1 in prairielearn) echo prairielearn.json ;; autolab) echo autolab.txt ;;
	classroom50) echo classroom50.json ;; junit) echo junit.xml ;; esac; }
class=$1
shift
for f; do
	case " $formats " in *" $f "*) ;;
	*) echo "lab: FORMATS: no format '$f' (the formats: $formats)" >&2; exit 2 ;; esac
done
[ "$class" != --check ] || exit 0
[ -n "$(echo "$@" | sed 's/gradescope//g' | tr -d ' ')" ] || exit 0
for r in "$class"/*/results.json; do
	[ -f "$r" ] || continue
	for f; do
		[ "$f" = gradescope ] || "tools/graders/$f.sh" "$r" "${r%/*}/$(file "$f")"
	done
done
echo "grade-all: $* for each learner, beside their results.json in $class"
