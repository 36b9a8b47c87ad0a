#!/bin/bash
# Run the test plan on stdin ("name|command|lane" lines), one TAP line per step as it ends,
# then where the time went (tools/times.sh) and a summary. Each step's output goes to
# LOGDIR/NN.log; a failing step shows its last lines. Steps run side by side, at most JOBS
# (the cores) at a time, in plan order, by lane:
#   (none)  the steps the later ones read (kernel builds, the work dir's files): one at a time
#   guest   a boot or a gdb session (one QEMU thread each): after the lane-less steps above it
#   root    a fresh root or the container: after the lane-less steps above it, and one at a
#           time (they share the kept .deb folders, whose lock apt holds): while one runs, the
#           next waits aside and the steps below it go on; root:KEY, a lane of its own beside
#           them (another release's root: its own .deb folder)
#   alone   nothing beside it (the browser, which podman's network changes would disturb)
#   skip    not run: the command field says why (TAP's "ok N name # SKIP why")
set -u
logdir=$1; mkdir -p "$logdir"; rm -f "$logdir"/*.log "$logdir/tally" "$logdir/times"
jobs_max=${JOBS:-$(nproc)}
start=$(date +%s)
# This run's boots, counted at the end (tools/boots.sh): WORK is the engine's work dir.
boots=${WORK:-$logdir}/boots.log; rm -f "$boots"
plan=$(cat)
echo "TAP version 13"; echo "1..$(printf '%s\n' "$plan" | grep -c .)"
echo "# each step's output: $logdir/NN.log; up to $jobs_max steps at a time"
step() {	# step N NAME COMMAND: run it, then one TAP line (and the log's tail if it failed)
	local t0 log r dt out
	t0=$(date +%s); log=$(printf '%s/%02d.log' "$logdir" "$1")
	# A step that prints nothing ran nothing (a missing make target is silently "up to date").
	: >"$log"; sh -c "$3" >>"$log" 2>&1 </dev/null && [ -s "$log" ] && r=ok || r="not ok"
	dt=$(( $(date +%s) - t0 ))
	out="$r $1 $2 ($dt s, ${log##*/})"
	[ "$r" = ok ] || out="$out"$'\n'"$(tail -25 "$log" | sed 's/^/#   /')"
	# One write each: the lines of steps side by side never mix.
	printf '%s\n' "$dt|$2" >> "$logdir/times"
	printf '%s\n' "${r/not ok/fail}" >> "$logdir/tally"
	printf '%s\n' "$out"
}
progress() {	# a kernel build's progress lines (tools/kbuild.sh) while step N runs
	local log; log=$(printf '%s/%02d.log' "$logdir" "$1")
	until [ -e "$log" ]; do sleep 0.2; done
	tail -s 0.2 --pid="$2" -n +1 -f "$log" 2>/dev/null |
		grep --line-buffered 'objects compiled' | sed -u 's/^/# /'
}
declare -A running=()	# pid of each step running -> its lane
# "N|name|command|lane" of the roots whose steps above have ended, waiting for their lane
roots=()
has()  { [[ " ${running[*]} " == *" $1 "* ]]; }
room() { [ "${#running[@]}" -lt "$jobs_max" ]; }
queued() { [[ " ${roots[*]} " == *"|$1 "* ]]; }
start() {	# start N NAME COMMAND LANE
	step "$1" "$2" "$3" & local pid=$!; running[$pid]=$4
	[ "$4" != main ] || progress "$1" "$pid" &
}
# reap: wait for a step to end (a progress reader's end wakes it too); a waiting root may start
reap() {
	local ended= r
	wait -n -p ended; [ -z "$ended" ] || unset "running[$ended]"
	local i rn rname rcmd rlane
	for i in "${!roots[@]}"; do
		has alone || ! room && return
		IFS='|' read -r rn rname rcmd rlane <<< "${roots[$i]}"
		has "$rlane" && continue
		unset "roots[$i]"; start "$rn" "$rname" "$rcmd" "$rlane"
	done
	roots=("${roots[@]}")
}
n=0
while IFS='|' read -r name cmd lane; do
	n=$((n + 1))
	case ${lane:=main} in
	skip)  printf 'ok %s %s # SKIP %s\n' "$n" "$name" "$cmd"; echo skip >> "$logdir/tally"
	       continue ;;
	alone) until [ "${#running[@]}" = 0 ] && [ "${#roots[@]}" = 0 ]; do reap; done ;;
	root*) while has main; do reap; done
	       # Another root of its lane runs: this one waits aside, and the steps below it go on.
	       if has "$lane" || queued "$lane"; then roots+=("$n|$name|$cmd|$lane"); continue; fi
	       until room; do reap; done ;;
	*)     until ! has main && ! has alone && room; do reap; done ;;
	esac
	start "$n" "$name" "$cmd" "$lane"
done <<< "$plan"
until [ "${#roots[@]}" = 0 ]; do reap; done
wait
pass=$(grep -c '^ok$' "$logdir/tally" 2>/dev/null)
fail=$(grep -c '^fail$' "$logdir/tally" 2>/dev/null)
skip=$(grep -c '^skip$' "$logdir/tally" 2>/dev/null)
rm -f "$logdir/tally"
wall=$(( $(date +%s) - start ))
tools/times.sh "$logdir/times" "$wall" | sed 's/^/# /'
tools/boots.sh "$boots" | sed 's/^/# /'
echo "# total $wall s; step logs in $logdir"
[ "$skip" = 0 ] || echo "# $skip steps skipped (the manifests' UNSTABLE say why)"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
