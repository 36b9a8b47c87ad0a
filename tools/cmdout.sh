#!/bin/sh
# Print what a 'make run CMD=...' guest command wrote, and exit with its status; the codes of
# timeout(1) for what the command could not tell: 124 when the guest never reported a status
# (it hung past its timeout), 125 when the kernel oopsed or panicked during the run. The exit
# code is also written to the run's directory as 'exit' (and the command's own status, when
# it reported one, as 'status').
#   cmdout.sh SERIAL_LOG     Env: GRADE (tools/host/grade)
set -eu
log=$1 dir=${1%/*}
tr -d '\r' < "$log" | sed -n '/^lab: command begin$/,/^lab: command status /p' | sed '1d;$d' |
	grep -v '^\[ *[0-9]*\.[0-9]*\] ' || true
# The status and the oops come from the grader's reader of the log (grade --status), as the
# checks' results do: one list of oops markers for both.
read -r st oops <<EOF
$("$GRADE" --status "$log")
EOF
rc=$st
if [ "$st" != - ]; then
	echo "$st" > "$dir/status"
	[ "$st" = 0 ] || echo "run: the command exited with status $st" >&2
else
	rc=124
	echo "run: the guest did not report the command's status (hang or crash); log: $log" >&2
fi
if [ "$oops" = 1 ]; then
	rc=125; echo "run: the kernel oopsed during the command; full console log: $log" >&2
fi
echo "$rc" > "$dir/exit"
exit "$rc"
