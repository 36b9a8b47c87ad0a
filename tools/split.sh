#!/bin/sh
# 'make debug' in a terminal with tmux: the guest's console and gdb side by side.
#   split.sh CONSOLE-COMMAND GDB-COMMAND
# Inside tmux, gdb opens in a new pane of this window; outside, a new tmux session holds both.
# gdb starts once the stub listens on GDB_PORT (read from /proc/net/tcp: a test connection
# would be a debugger coming and going).
set -eu
listen=$(printf ':%04X 00000000:0000 0A' "$GDB_PORT")
gdb="until grep -q '$listen' /proc/net/tcp; do sleep 0.2; done; $2"
if [ -n "${TMUX:-}" ]; then
	tmux split-window -h "$gdb"
	exec sh -c "$1"
fi
exec tmux new-session "$1" \; split-window -h "$gdb"
