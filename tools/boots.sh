#!/bin/sh
# A suite run's boots, per kernel: BOOTS holds one "kernel-image run-dir [record|replay]" line
# per QEMU started (tools/boot.sh). The kernel is WORK/out/<target>/<stage>/<image>; what the
# boot was for comes from its run dir's name (tools/mk/*.mk name the runs).
#   tools/boots.sh BOOTS
set -eu
[ -s "$1" ] || { echo "boots: none recorded"; exit 0; }
awk '{ n = split($1, k, "/"); kern = k[n - 1] " [" k[n - 2] "]"; run = $2; sub(/.*\//, "", run)
	if ($3 == "replay") why = "replay"
	else if (run ~ /-replay-/) why = "record"
	else if (run ~ /-gdb-/) why = "gdb"
	else if (run ~ /-session-/) why = "session"
	else if (run ~ /-walk-/) why = "walk"
	else if (run ~ /-picture-/) why = "picture"
	else if (run ~ /-(repro|bisect)-/) why = "repro"
	else why = "checks"
	b[kern] += 1; w[kern, why] += 1; all += 1; kinds[why] = 1 }
	END { printf "%-34s %5s  %s\n", "boots per kernel", "boots", "what for"
	      for (x in b) { s = ""; for (y in kinds) if (w[x, y]) s = s " " y " " w[x, y]
			     printf "%-34s %5d %s\n", x, b[x], s }
	      printf "~%-33s %5d\n", "all", all }' "$1" |
	{ read -r head; echo "$head"; LC_ALL=C sort; } | sed 's/^~/ /'
