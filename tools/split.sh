#!/bin/sh
# 'make debug' in a terminal with tmux: the guest's console and gdb side by side.
#   split.sh CONSOLE-COMMAND GDB-COMMAND
# Inside tmux, gdb opens in a new pane of this window; outside, a new tmux session holds both.
#   split.sh -b LOG CONSOLE-COMMAND GDB-COMMAND
# No tmux (make walk): the console command in the background, its output to LOG, gdb here;
# once gdb quits (it detaches: the guest goes on to its end), the console command's last lines.
# gdb starts once the stub listens on GDB_PORT (read from /proc/net/tcp: a test connection
# would be a debugger coming and going).
set -eu
listen=$(printf ':%04X 00000000:0000 0A' "$GDB_PORT")
if [ "$1" = -b ]; then
	log=$2; shift 2
	sh -c "$1" >"$log" 2>&1 </dev/null & guest=$!
	echo "walk: the guest's console and its verdict go to $log"
	until grep -q "$listen" /proc/net/tcp; do
		kill -0 $guest 2>/dev/null || break; sleep 0.2; done
	rc=0; sh -c "$2" || rc=$?
	wait $guest || rc=$?
	tail -3 "$log"
	exit $rc
fi
gdb="until grep -q '$listen' /proc/net/tcp; do sleep 0.2; done; $2"
if [ -n "${TMUX:-}" ]; then
	tmux split-window -h "$gdb"
	exec sh -c "$1"
fi
exec tmux new-session "$1" \; split-window -h "$gdb"
