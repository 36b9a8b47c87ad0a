#!/bin/sh
# The kernel builds a work dir logged (tools/kbuild.sh writes one line per build), one row each:
# when it started, full or incremental, the objects it wrote of those its build dir holds,
# ccache's hits and what it compiled, its seconds, and why it had to build; then the sums.
#   builds.sh LOG [SINCE]   SINCE: only the builds started then or later (2026-12-06T10:00:00)
set -eu
log=$1 since=${2:-}
[ -s "$log" ] || { echo "no kernel build logged in $log"; exit 0; }
awk -F'\t' -v since="$since" '
	function row(a, b, c, d, e, f, g, h, i, j) {
		printf "%-8s %-13s %-23s %-11s %11s %6s %8s %5s %-6s %s\n",
			a, b, c, d, e, f, g, h, i, j }
	$1 < since { next }
	!n++ { row("started", "target", "stage", "kind", "objects", "hits", "compiled", "s",
		"result", "why") }
	{ row(substr($1, 12), $2, $3, $4, $5 "/" $6, $7, $8, $9, $10, $11)
	  k[$4]++; s[$4] += $9; failed += $10 == "failed" }
	END { if (!n) { print "no kernel build since " since; exit }
	      printf "%d build%s, %d s: %d full (%d s), %d incremental (%d s); %d failed\n",
		n, (n > 1 ? "s" : ""), s["full"] + s["incremental"], k["full"], s["full"],
		k["incremental"], s["incremental"], failed }' "$log"
