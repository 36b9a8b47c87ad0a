#!/bin/bash
# Boot a lab kernel in QEMU.
#   boot.sh MODE LOG
#   batch        no terminal: console to LOG only, killed after TIMEOUT s (exit 124)
#   gdbtest      as batch, with a gdb stub waiting for 'continue'; port in LOG.port
#   interactive  console on this terminal, gdb stub on a port of this checkout's own
#   wait         as interactive, the CPU waiting for gdb
#   walk         as wait (the guest runs its tests, not a shell: make walk)
# Env: QEMU, KERNEL, INITRD, APPEND, TIMEOUT, WORK; DTB: a device tree in KDIR for -dtb
# (versatilepb); LOADER: a target's script that prints the QEMU options to load KERNEL,
# INITRD and APPEND its own way (mps2's boot shim, which takes DTB itself).
# RR=record|replay (make replay): QEMU's record/replay, its files in RRDIR (tools/run.sh).
set -eu
mode=$1 log=$2
: "${QEMU:?}" "${KERNEL:?}" "${INITRD:?}" "${WORK:?}" "${TIMEOUT:=120}" "${LOADER:=}"
if [ -n "$LOADER" ]; then
	load=$("$LOADER") || exit 2
	set -- $QEMU -display none -no-reboot $load
else
	set -- $QEMU -display none -no-reboot -kernel "$KERNEL" -initrd "$INITRD" -append "$APPEND"
	[ -z "${DTB:-}" ] || set -- "$@" -dtb "$KDIR/$DTB"
fi
# Record/replay runs the CPU by instruction count; the log holds only what the guest could not
# compute (timer reads, console input). Reverse execution goes back by loading a snapshot taken
# at the start and replaying forwards, and QEMU saves snapshots only to a qcow2 drive: this
# diskless guest gets an empty one that no device sees (QEMU's docs/system/replay.rst).
if [ -n "${RR:-}" ]; then
	[ "$RR" = replay ] || qemu-img create -q -f qcow2 "$RRDIR/snapshots.qcow2" 64M
	set -- "$@" -icount "shift=auto,rr=$RR,rrfile=$RRDIR/replay.bin,rrsnapshot=start" \
		-drive "file=$RRDIR/snapshots.qcow2,if=none,id=rr"
fi
# Every boot keeps its QEMU command, quoted for a shell, in the run's directory (qemu.cmd), as
# kunit.py and virtme-ng show theirs; DRYRUN=1 prints it instead of booting.
# Each boot also adds a line to WORK/boots.log (its kernel, its run dir): tools/boots.sh counts
# a suite's boots per kernel from it.
launch() {
	printf '%q ' "$@" | sed 's/ $//' > "${log%/*}/qemu.cmd" && echo >> "${log%/*}/qemu.cmd"
	if [ -n "${DRYRUN:-}" ]; then cat "${log%/*}/qemu.cmd"; exit 0; fi
	echo "$KERNEL ${log%/*}${RR:+ $RR}" >> "$WORK/boots.log"
	exec "$@"
}
# The stub's port: GDB_PORT (chosen by the engine, or published by the lab's container), else
# a free one of this work dir's; GDB_HOST: the container's stub listens on all its addresses.
stub() { port=${GDB_PORT:-$(tools/gdbport.sh "$WORK")}; echo "$port" > "$1"; }
: > "$log"
case "$mode" in
batch|gdbtest)
	# A batch gdb test's port is derived from its run: two may start at once.
	[ "$mode" = gdbtest ] && { port=$(tools/gdbport.sh "$log"); echo "$port" > "$log.port"
		set -- "$@" -S -gdb "tcp:127.0.0.1:$port"; }
	launch timeout -k 5 "$TIMEOUT" "$@" -monitor none -chardev "file,id=con,path=$log" \
		-serial chardev:con </dev/null ;;
interactive|wait|walk)
	stub "$WORK/gdb-port"
	set -- "$@" -gdb "tcp:${GDB_HOST:-127.0.0.1}:$port"
	[ "$mode" = interactive ] || set -- "$@" -S
	echo "boot: gdb stub on port $port; attach from another terminal with 'make gdb'." \
		"Quit QEMU: Ctrl-A x"
	launch "$@" -chardev "stdio,id=con,mux=on,signal=off,logfile=$log" -serial chardev:con \
		-mon chardev=con ;;
*) echo "boot: unknown mode $mode" >&2; exit 2 ;;
esac
