#!/bin/sh
# Where a suite run's time went: TIMES holds "seconds|step name" lines (tools/suite.sh writes
# them). Prints the total of each kind of step, how many cores the steps kept busy on average
# (their time over the wall time: steps run side by side), then the five slowest steps.
#   tools/times.sh TIMES [WALL-SECONDS]
set -eu
awk -F'|' '
	{ if ($2 ~ /kernel builds|fails to build|kernels for|sources copied/) k = "kernel builds"
	  else if ($2 ~ /: gdb .* recorded boot/) k = "gdb on a recorded boot"
	  else if ($2 ~ /: gdb |: walkthrough /) k = "gdb on a live guest"
	  else if ($2 ~ /solution passes|skeleton scores|checks flip/) k = "guest boots and grading"
	  else k = "everything else"
	  t[k] += $1; c[k]++; all += $1 }
	END { printf "%-26s %5s %7s %6s\n", "where the time went", "steps", "seconds", "share"
	      for (k in t) printf "%-26s %5d %7d %5d%%\n", k, c[k], t[k],
		      all ? 100 * t[k] / all : 0 }
' "$1" | { read -r head; echo "$head"; sort -k1,1; }
[ -z "${2:-}" ] || awk -F'|' -v wall="$2" '{ all += $1 }
	END { printf "steps %d s in %d s of wall time: %.2f steps at a time\n", all, wall,
		all / (wall ? wall : 1) }' "$1"
echo "slowest steps:"
sort -t'|' -k1,1nr "$1" | head -5 | awk -F'|' '{ printf "  %5d s  %s\n", $1, $2 }'
