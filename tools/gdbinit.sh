#!/bin/sh
# The debugger's view of a guest's gdb stub, for any gdb or IDE:
#   gdbinit.sh PORT KDIR    writes WORK/gdbinit (make gdb reads it), and in the checkout
#                           .gdbinit (gdb-multiarch -x .gdbinit) and .vscode/launch.json
# Each loads vmlinux with the kernel's scripts/gdb, maps the sources' DEBUG_PREFIX to the work
# dir, loads the lab's commands and attaches. In the lab's container, LAB_HOST_CACHE and
# LAB_HOST_CHECKOUT are the host's paths of its cache and checkout: the files in the checkout
# are for a debugger on the host, so they name the host's paths.
# Env: LAB WORK CACHE DEBUG_PREFIX LABEL GDB_INDEX (gdb's symbol index, tools/engine.mk).
set -eu
port=$1 kdir=$2
host() { p=$1
	[ -z "${LAB_HOST_CACHE:-}" ] ||
		case $p in "$CACHE" | "$CACHE"/*) p=$LAB_HOST_CACHE${p#"$CACHE"} ;; esac
	[ -z "${LAB_HOST_CHECKOUT:-}" ] ||
		case $p in "$LAB" | "$LAB"/*) p=$LAB_HOST_CHECKOUT${p#"$LAB"} ;; esac
	echo "$p"; }
commands() {	# the setup commands, one a line, with paths as $1 maps them
	echo "add-auto-load-safe-path $($1 "$kdir")"
	echo "set index-cache directory $($1 "$GDB_INDEX")"
	echo "set index-cache enabled on"
	echo "file $($1 "$kdir")/vmlinux"
	echo "set substitute-path $DEBUG_PREFIX $($1 "$WORK")"
	echo "source $($1 "$LAB")/tools/gdb/lab.py"; }
same() { echo "$1"; }
{ commands same; echo "target remote 127.0.0.1:$port"; } > "$WORK/gdbinit"
{ echo "# $LABEL: written by make for its gdb stub; attach with: gdb-multiarch -x .gdbinit"
	commands host; echo "target remote 127.0.0.1:$port"; } > "$LAB/.gdbinit"
mkdir -p "$LAB/.vscode"
{ cat <<JSON
{
  "version": "0.2.0",
  "configurations": [
    {
      "name": "lab311: $LABEL",
      "type": "cppdbg",
      "request": "launch",
      "program": "$(host "$kdir")/vmlinux",
      "cwd": "$(host "$LAB")",
      "MIMode": "gdb",
      "miDebuggerPath": "gdb-multiarch",
      "miDebuggerServerAddress": "127.0.0.1:$port",
      "stopAtConnect": true,
      "setupCommands": [
JSON
	commands host | sed '/^file /d; s/.*/        { "text": "&" },/; $s/,$//'
	printf '      ]\n    }\n  ]\n}\n'; } > "$LAB/.vscode/launch.json"
echo "gdb: port $port; attach with 'make gdb', 'gdb-multiarch -x .gdbinit' or your IDE" \
	"(.vscode/launch.json)"
