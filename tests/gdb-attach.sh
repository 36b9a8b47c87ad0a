#!/bin/sh
# A debugger attaches as a learner's would: 'make debug' in the background, then gdb-multiarch
# twice against its stub, once with the .gdbinit it wrote and once replaying the commands of
# its .vscode/launch.json as VS Code's cppdbg sends them. Each stops in rest_init() and must
# see start_kernel where System.map puts it, and the lab's commands decoding the vectors.
# Env: WORK, LABMAKE (the engine's make command, or the container's run.sh), KDIR (the stage's
# kernel: System.map), STOP (how to end the guest; default: the QEMU of this work dir's debug
# run, and no other: the suite's other guests may be running beside it).
set -eu
: "${WORK:?}" "${LABMAKE:?}" "${KDIR:?}"
d=$WORK/gdb-attach; rm -rf "$d"; mkdir -p "$d"
fail() { echo "gdb-attach: $*" >&2; exit 1; }
rm -f .gdbinit "$WORK/gdbinit"
CI=true $LABMAKE debug TIMEOUT=120 </dev/null >"$d/debug.log" 2>&1 &
trap '${STOP:-pkill -f "qemu-system-.*$WORK/runs/[^/ ]*-debug/"} >/dev/null 2>&1 || true' EXIT
n=0; until grep -qs '^boot: gdb stub' "$d/debug.log"; do
	n=$((n + 1)); [ $n -lt 600 ] || fail "no stub after 120 s: $(tail -3 "$d/debug.log")"
	sleep 0.2; done
want=$(awk '$3 == "start_kernel" { print $1 }' "$KDIR/System.map")
probe() {	# probe NAME GDB-ARGS...: attach, stop in rest_init, print what the learner would
	name=$1; shift
	timeout 60 gdb-multiarch -q -batch -nx "$@" -ex 'tbreak rest_init' -ex continue \
		-ex 'info address start_kernel' -ex 'lab vectors' -ex 'kill' \
		>"$d/$name.out" 2>&1 || true
	grep -qi "start_kernel.*0x0*$want" "$d/$name.out" ||
		fail "$name: start_kernel is not at $want (System.map): $(tail -3 "$d/$name.out")"
	grep -q 'reset .*vector_\|svc ' "$d/$name.out" ||
		fail "$name: no vectors decoded: $(tail -3 "$d/$name.out")"
	echo "$name: attached, start_kernel at 0x$want as System.map says;" \
		"$(grep -c '^0xffff00' "$d/$name.out") vectors decoded"
}
probe ".gdbinit" -x .gdbinit
# cppdbg: setupCommands, then the program, then target remote at miDebuggerServerAddress.
j=.vscode/launch.json
eval "set -- $(jq -r '[.configurations[0].setupCommands[].text] | map("-ex " + @sh) |
	join(" ")' "$j")"
probe "launch.json" "$@" -ex "file $(jq -r '.configurations[0].program' "$j")" \
	-ex "target remote $(jq -r '.configurations[0].miDebuggerServerAddress' "$j")"
