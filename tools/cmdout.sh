#!/bin/sh
# Print what a 'make run CMD=...' guest command wrote, and exit with its status (also
# written to the run's directory as 'status': make itself can only exit 0 or 2).
#   cmdout.sh SERIAL_LOG
set -eu
log=$1
tr -d '\r' < "$log" | sed -n '/^lab: command begin$/,/^lab: command status /p' | sed '1d;$d' | grep -v '^\[ *[0-9]*\.[0-9]*\] ' || true
grep -qE 'Internal error:|kernel BUG at|Unable to handle kernel|Kernel panic' "$log" &&
	echo "run: the kernel oopsed during the command; full console log: $log" >&2
st=$(tr -d '\r' < "$log" | sed -n 's/^lab: command status \([0-9]*\)$/\1/p' | tail -1)
[ -n "$st" ] || { echo "run: the guest did not report the command's status (hang or crash); log: $log" >&2; exit 124; }
[ "$st" = 0 ] || echo "run: the command exited with status $st" >&2
echo "$st" > "${log%/*}/status"
exit "$st"
