#!/bin/sh
# make run checks the learner's own code: on the skeleton it reports score 0 and the file to
# edit; on the solution copied in as a learner's code, full marks and the answers left; with
# the answers written, the next stage; on code that does not compile, no score, and the
# reference's verdict all the same. Each time the reference's verdict, labelled, and make
# run's exit status is the reference's (0: the kernel does what the stage says). The reference
# and the learner's code share one boot where the stage allows it (tools/mk/boot.mk): the
# boot count, from the work dir's boots.log, says so.
#   Env: WORK, LABMAKE (the engine's make command with STAGE=), STAGE, NEXT (the stage above).
set -u
: "${WORK:?}" "${LABMAKE:?}" "${STAGE:?}" "${NEXT:?}"
d=$WORK/own-score
fail() { echo "own-score: $*" >&2; exit 1; }
# run NAME [MAKE ARGS]: make run, its output in $d/NAME.log, which must hold each line given on
# stdin (a grep -E pattern each).
run() {
	name=$1; shift
	$LABMAKE run "$@" > "$d/$name.log" 2>&1 ||
		fail "$name: make run exited $?: $(tail -3 "$d/$name.log")"
	grep -E '^(reference|you|next):' "$d/$name.log" | sed "s|^|$name: |"
	while read -r want; do grep -Eq "$want" "$d/$name.log" || fail "$name: no '$want'"; done
}
rm -rf "$d" && mkdir -p "$d/yours"
code=$(sed -n 's/^CODE *:= *//p' "labs/$STAGE/stage.mk")
run skeleton <<EOF2
^reference: the reference solution on this kernel: PASS
^you: exercises/$STAGE scores 0/[1-9]
^next: edit exercises/$STAGE/$code .*then: make grade STAGE=$STAGE$
EOF2
cp -r "solutions/$STAGE" "$d/yours/"
run solution YOURS="$d/yours" <<EOF2
^reference: the reference solution on this kernel: PASS
^you: $d/yours/$STAGE scores ([0-9]+)/\1 on $STAGE; review and gdb answers written: 0 of [1-9]
^next: answer the questions in $d/yours/$STAGE/answers.md
EOF2
# The guest runs the stage's test programs and nothing else: each program of its reports is one.
log=$(sed -n 's/^boot: the guest ran .*(log: \(.*\))$/\1/p' "$d/solution.log")
tests=" $(sed -n 's/^TESTS *:= *//p' "labs/$STAGE/stage.mk" | sed 's|[^ ]*/||g; s/\.c//g') "
ran=$(tr -d '\r' < "$log" | sed -En 's/^(not )?ok [0-9]+ ([^ ]+).*/\2/p')
[ -n "$ran" ] || fail "no test program reported in $log"
for p in $ran; do case "$tests" in *" $p "*) ;; *) fail "the guest ran $p, not a test";; esac; done
sed -i 's/^Your answer:.*/Your answer: written./' "$d/yours/$STAGE/answers.md"
run answered YOURS="$d/yours" <<EOF2
written: ([0-9]+) of \1$
^next: the next stage: make run STAGE=$NEXT$
EOF2
echo 'this is not C' >> "$d/yours/$STAGE/$code"
n=$(wc -l < "$WORK/boots.log" 2>/dev/null || echo 0)
run broken YOURS="$d/yours" <<EOF2
^reference: the reference solution on this kernel: PASS
^you: no score: your code in $d/yours/$STAGE did not build
EOF2
# One boot for both code sets, two on a stage that cannot share one (a disk, modules).
# make run's own boots only (its run dirs, <target>-run and -run-then): a class's grading may
# boot beside this step.
boots=$(tail -n +$((n + 1)) "$WORK/boots.log" | grep -Ec '/runs/[^/ ]*-run(-then)?( |$)') want=1
! grep -Eq '^(DISK|MODULES) ' "labs/$STAGE/stage.mk" || want=2
[ "$boots" = "$want" ] || fail "$boots boots for the reference and the learner's code, not $want"
echo "own-score: $boots boot(s) for the reference and the learner's code"
rm -rf "$d"
