#!/bin/bash
# Boot a lab kernel in QEMU.
#   boot.sh MODE LOG
#   batch        no terminal: console to LOG only, killed after TIMEOUT s (exit 124)
#   gdbtest      as batch, with a gdb stub waiting for 'continue'; port in LOG.port
#   interactive  console on this terminal, gdb stub on a port of this checkout's own
#   wait         as interactive, the CPU waiting for gdb
# Env: QEMU, KERNEL, INITRD, APPEND, TIMEOUT, WORK; DTB: a device tree in KDIR for -dtb
# (versatilepb); LOADER: a target's script that prints the QEMU options to load KERNEL,
# INITRD and APPEND its own way (mps2's boot shim, which takes DTB itself).
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
stub() {
	# Start from a port derived from the work dir, so two checkouts do not pick the same one.
	port=$(( 20000 + $(printf %s "$WORK" | cksum | cut -d' ' -f1) % 20000 ))
	while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
	echo "$port" > "$1"
}
: > "$log"
case "$mode" in
batch|gdbtest)
	[ "$mode" = gdbtest ] && { stub "$log.port"; set -- "$@" -S -gdb "tcp:127.0.0.1:$port"; }
	exec timeout -k 5 "$TIMEOUT" "$@" -monitor none -chardev "file,id=con,path=$log" -serial chardev:con </dev/null ;;
interactive|wait)
	# GDB_PORT and GDB_HOST: the port the lab's container publishes, on all its addresses.
	if [ -n "${GDB_PORT:-}" ]; then port=$GDB_PORT; echo "$port" > "$WORK/gdb-port"
	else stub "$WORK/gdb-port"; fi
	set -- "$@" -gdb "tcp:${GDB_HOST:-127.0.0.1}:$port"
	[ "$mode" = wait ] && set -- "$@" -S
	echo "boot: gdb stub on port $port; attach from another terminal with 'make gdb'. Quit QEMU: Ctrl-A x"
	exec "$@" -chardev "stdio,id=con,mux=on,signal=off,logfile=$log" -serial chardev:con -mon chardev=con ;;
*) echo "boot: unknown mode $mode" >&2; exit 2 ;;
esac
