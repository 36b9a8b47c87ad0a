#!/bin/sh
# Run the test plan on stdin ("name|command" lines), one TAP line per step, then where the time
# went (tools/times.sh) and a summary. Each step's output goes to LOGDIR/NN.log; a failing step
# shows its last lines.
set -u
logdir=$1; mkdir -p "$logdir"; rm -f "$logdir"/*.log "$logdir/tally" "$logdir/times"
n=0 start=$(date +%s)
plan=$(cat)
echo "TAP version 13"; echo "1..$(printf '%s\n' "$plan" | grep -c .)"
echo "# each step's output: $logdir/NN.log"
printf '%s\n' "$plan" | while IFS='|' read -r name cmd; do
	n=$((n + 1)); t0=$(date +%s); log=$(printf '%s/%02d.log' "$logdir" $n)
	# A step that prints nothing ran nothing (a missing make target is silently "up to date").
	: >"$log"; sh -c "$cmd" >>"$log" 2>&1 </dev/null & pid=$!
	# A kernel build's progress lines (tools/kbuild.sh) show while the step runs.
	tail -s 0.2 --pid=$pid -n +1 -f "$log" 2>/dev/null | grep --line-buffered 'objects compiled' | sed -u 's/^/# /' &
	if wait $pid && [ -s "$log" ]; then r=ok; else r="not ok"; fi
	wait $!
	dt=$(( $(date +%s) - t0 )); echo "$dt|$name" >> "$logdir/times"
	echo "$r $n $name ($dt s, ${log##*/})"
	if [ "$r" = ok ]; then echo pass >> "$logdir/tally"
	else tail -25 "$log" | sed 's/^/#   /'; echo fail >> "$logdir/tally"; fi
done
pass=$(grep -c pass "$logdir/tally" 2>/dev/null); fail=$(grep -c fail "$logdir/tally" 2>/dev/null)
rm -f "$logdir/tally"
tools/times.sh "$logdir/times" | sed 's/^/# /'
echo "# total $(( $(date +%s) - start )) s; step logs in $logdir"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
