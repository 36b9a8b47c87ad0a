#!/bin/bash
# Run the test plan on stdin ("name|command|lane" lines), one TAP line per step as it ends,
# (lane "skip": not run, the command field says why: TAP's "ok N name # SKIP why"),
# then where the time went (tools/times.sh) and a summary. Steps of the lane "guest" (a boot
# or a gdb session: one QEMU thread each) go on beside the others, two at a time at most, so
# that both cores work: a guest step starts in the background while the next steps run, and
# the next guest step that comes while it runs runs beside it. Each step's output goes to
# LOGDIR/NN.log; a failing step shows its last lines.
set -u
logdir=$1; mkdir -p "$logdir"; rm -f "$logdir"/*.log "$logdir/tally" "$logdir/times"
start=$(date +%s)
plan=$(cat)
echo "TAP version 13"; echo "1..$(printf '%s\n' "$plan" | grep -c .)"
echo "# each step's output: $logdir/NN.log; boots and gdb sessions run beside other steps"
step() {	# step N NAME COMMAND: run it, then one TAP line (and the log's tail if it failed)
	local t0 log r dt out
	t0=$(date +%s); log=$(printf '%s/%02d.log' "$logdir" "$1")
	# A step that prints nothing ran nothing (a missing make target is silently "up to date").
	: >"$log"; sh -c "$3" >>"$log" 2>&1 </dev/null && [ -s "$log" ] && r=ok || r="not ok"
	dt=$(( $(date +%s) - t0 ))
	out="$r $1 $2 ($dt s, ${log##*/})"
	[ "$r" = ok ] || out="$out"$'\n'"$(tail -25 "$log" | sed 's/^/#   /')"
	# One write each: the two lanes' lines never mix.
	printf '%s\n' "$dt|$2" >> "$logdir/times"; printf '%s\n' "${r/not ok/fail}" >> "$logdir/tally"
	printf '%s\n' "$out"
}
progress() {	# a kernel build's progress lines (tools/kbuild.sh) while step N runs
	local log; log=$(printf '%s/%02d.log' "$logdir" "$1")
	until [ -e "$log" ]; do sleep 0.2; done
	tail -s 0.2 --pid="$2" -n +1 -f "$log" 2>/dev/null | grep --line-buffered 'objects compiled' |
		sed -u 's/^/# /'
}
n=0 beside=""
while IFS='|' read -r name cmd lane; do
	n=$((n + 1))
	if [ "$lane" = skip ]; then
		printf 'ok %s %s # SKIP %s\n' "$n" "$name" "$cmd"; echo skip >> "$logdir/tally"; continue
	fi
	if [ "$lane" = guest ] && ! { [ -n "$beside" ] && kill -0 "$beside" 2>/dev/null; }; then
		wait "${beside:-0}" 2>/dev/null; step "$n" "$name" "$cmd" & beside=$!
		continue
	fi
	step "$n" "$name" "$cmd" & pid=$!
	[ "$lane" = guest ] || progress "$n" "$pid"
	wait "$pid"
done <<< "$plan"
wait
pass=$(grep -c '^ok$' "$logdir/tally" 2>/dev/null)
fail=$(grep -c '^fail$' "$logdir/tally" 2>/dev/null)
skip=$(grep -c '^skip$' "$logdir/tally" 2>/dev/null)
rm -f "$logdir/tally"
wall=$(( $(date +%s) - start ))
tools/times.sh "$logdir/times" "$wall" | sed 's/^/# /'
echo "# total $wall s; step logs in $logdir"
[ "$skip" = 0 ] || echo "# $skip steps skipped (the manifests' UNSTABLE say why)"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
