#!/bin/sh
# tools/suite.sh keeps its lanes: a plan of short sleeps, each step logging when it ran, then
# every pair of steps that overlapped is checked against the lane rules; and steps must have run
# side by side, a root beside the lane-less steps below it, and roots of two lanes side by side
# (one step at a time fails here too).
#   suite-lanes.sh SCRATCH
set -eu
d=$1; rm -rf "$d"; mkdir -p "$d"
ev=$d/events
# step LANE SECONDS: a plan line whose command logs "N lane start end" (ns) when it ends.
n=0
step() { n=$((n + 1))
	printf '%s|%s|%s\n' "s$n $1" "t=\$(date +%s%N); sleep $2; \
echo $n $1 \$t \$(date +%s%N) >> $ev; echo done" "$(echo "$1" | sed 's/^main$//')"; }
{ step main 0.4; step root 1.2; step root:13 0.8; step root 0.4; step root:13 0.3
  step guest 0.6; step main 0.3; step guest 0.3
  step guest 0.3; step root 0.2; step main 0.2; step alone 0.2; step main 0.2; step guest 0.2
  echo "s skip|not run here|skip"; echo "s fails|false|guest"; } > "$d/plan"
JOBS=2 tools/suite.sh "$d/logs" < "$d/plan" > "$d/out" && { cat "$d/out"; exit 1; }
tail -1 "$d/out" | grep -qx "$n passed, 1 failed" || { cat "$d/out"; echo "suite-lanes:" \
	"expected '$n passed, 1 failed'" >&2; exit 1; }
grep -q '^ok [0-9]* s skip # SKIP not run here$' "$d/out" ||
	{ echo "suite-lanes: the skip step is not a TAP SKIP" >&2; exit 1; }
sort -n "$ev" | awk -v jobs=2 -v want="$n" '
	{ lane[$1] = $2; s[$1] = $3; e[$1] = $4; steps++ }
	function bad(why) { print "suite-lanes: " why; failed = 1 }
	END {
		if (steps != want) bad(steps " of " want " steps ran")
		for (i = 1; i <= want; i++) for (j = i + 1; j <= want; j++) {
			if (!(s[j] < e[i] && s[i] < e[j])) continue
			pairs++; p = "steps " i " (" lane[i] ") and " j " (" lane[j] ") overlapped"
			if (lane[i] == "main" && lane[j] == "main") bad(p ": two lane-less steps")
			if (lane[i] == lane[j] && lane[i] ~ /^root/)
				bad(p ": two roots of one lane")
			if (lane[i] ~ /^root/ && lane[j] ~ /^root/ && lane[i] != lane[j]) lanes2++
			if (lane[i] == "alone" || lane[j] == "alone") bad(p ": one runs alone")
			if (lane[i] == "main" && lane[j] != "main")
				bad(p ": " j " ran before " i " ended")
			if (lane[i] ~ /^root/ && lane[j] == "main") beside++
		}
		for (i = 1; i <= want; i++) { at = 0
			for (j = 1; j <= want; j++) if (s[j] <= s[i] && s[i] < e[j]) at++
			if (at > jobs) bad(at " steps at once when step " i " started") }
		if (!pairs) bad("no two steps ran side by side")
		if (!beside) bad("no root ran beside a lane-less step below it")
		if (!lanes2) bad("no two roots of different lanes ran side by side")
		if (failed) exit 1
		print "suite-lanes: " want " steps, " pairs " pairs side by side, every lane kept"
	}'
