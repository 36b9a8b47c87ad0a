#!/bin/sh
# One boot of a lab guest: initramfs, the stage's disk if it has one, QEMU, then the verdict.
#   run.sh batch|interactive|wait|walk boot, then grade the KTAP report (or print CMD's output)
#   run.sh gdbtest SCRIPT              boot stopped, run gdb-multiarch -batch with SCRIPT (with
#                                      LAB_SESSION set, then grade the report as batch does)
#   run.sh record                      as batch, recorded by QEMU (RUNDIR/rr), then the verdict
#   run.sh grade                       the verdict on RUNDIR/serial.log, written by another run
#   REPLAY=1 run.sh wait|gdbtest ...   replay that recording instead of a new boot (make replay)
# Env from tools/engine.mk: RUNDIR KDIR GUEST QEMU IMAGE CONSOLE DISK LABMODE FILES CMD
#   TIMEOUT GRADE MANIFEST EXPECT LABEL DECODE TARGET MODDIR CMDLINE KERNELS (and GEN_INIT_CPIO
#   LABINIT BUSYBOX WORK DEBUG_PREFIX GDB_INDEX).
#   QUESTIONS ANSWERS: the review answers to report, unless the code is the solution;
#   WRITTEN_REVIEW REVIEW_PATCHES: the written review to report, and the patches it quotes.
#   THEN_GUEST THEN_LOG: a second code set's tests, run in the same guest after GUEST's; what
#   they print goes to THEN_LOG, graded by 'run.sh grade' with that code's env.
#   GRADE_OUT: a file for the verdict's output (make run keeps the reference's there).
set -eu
mode=$1
# DRYRUN=1: the QEMU command this boot would run, printed, with nothing built or booted.
dry=${DRYRUN:-}
[ -z "$dry" ] || [ "$QEMU" != none ] ||
	{ echo "run: the host target has no machine: no QEMU command to print"; exit 0; }
[ -z "$dry" ] || [ -z "$LOADER" ] || [ -s "$KDIR/vmlinux" ] || { echo "run: $TARGET's loader" \
	"($LOADER) reads the built kernel: no QEMU command before it is built" >&2; exit 2; }
[ "$QEMU" = none ] || [ -s "$KDIR/vmlinux" ] || [ -n "$dry" ] ||
	{ echo "run: no kernel built in $KDIR: build it first" \
		"(make kernel K=<stage> TARGET=<t>)" >&2
	exit 2; }
mkdir -p "$RUNDIR"
log=$RUNDIR/serial.log
grade() {
	[ -z "${GRADE_OUT:-}" ] || exec > "$GRADE_OUT" 2>&1
	exec "$GRADE" --manifest "$MANIFEST" --target "$TARGET" --log "$log" "$@" \
	--expect "$EXPECT" \
	--json "$RUNDIR/results.json" --junit "$RUNDIR/junit.xml" --label "$LABEL" \
	--decode "$DECODE" ${QUESTIONS:+--questions "$QUESTIONS" --answers "$ANSWERS"} \
	${WRITTEN_REVIEW:+--review "$WRITTEN_REVIEW" --patches "$REVIEW_PATCHES"}; }
[ "$mode" != grade ] || grade
if [ "$QEMU" = none ]; then
	# The host target: the tests run here, against the stage's sources in KDIR.
	case "$mode$CMD" in batch|interactive) ;;
	*) echo "run: the host target has no machine: it only runs its tests (make run)" >&2
		exit 2 ;; esac
	LAB_SRC=$KDIR LAB_KERNELS=${KERNELS:-} timeout -k 5 "$TIMEOUT" "$LABINIT" "$GUEST" \
		> "$log" 2>&1 || true
	grade
fi
[ -n "${REPLAY:-}" ] || [ -n "$dry" ] ||
	tools/initramfs.sh "$RUNDIR/initrd.gz" "$KDIR/System.map" "$GUEST" "$FILES" "$CMD" \
		"${MODDIR:-}" "${THEN_GUEST:-}"
append="console=$CONSOLE panic=-1 lab.mode=$LABMODE lab.time=$(date +%s)${CMDLINE:+ $CMDLINE}"
if [ -n "$DISK" ]; then
	# A fresh journaled ext4 for every boot, judged by e2fsck once the guest is gone.
	[ -n "$dry" ] || { rm -f "$RUNDIR/disk.img"; truncate -s 32M "$RUNDIR/disk.img"
		mkfs.ext4 -q -F -L lab "$RUNDIR/disk.img"; }
	QEMU="$QEMU -drive if=none,format=raw,file=$RUNDIR/disk.img,id=disk"
	QEMU="$QEMU -device virtio-blk-device,drive=disk"
	append="$append lab.disk=$DISK"
fi
# A replay must boot what was recorded, the same initrd and command line (lab.time), or the
# guest leaves the track of QEMU's log. Disks would need QEMU's blkreplay: the engine refuses.
rr=$RUNDIR/rr
case "$mode${REPLAY:+-replay}" in
record) rm -rf "$rr" && mkdir -p "$rr" && echo "$append" > "$rr/append"
	export RR=record RRDIR=$rr; mode=batch ;;
*-replay) [ -s "$rr/replay.bin" ] || { echo "run: no recorded boot in $rr" >&2; exit 2; }
	export RR=replay RRDIR=$rr; append=$(cat "$rr/append"); log=$rr/serial.log ;;
esac
export QEMU KERNEL="$KDIR/$IMAGE" INITRD="$RUNDIR/initrd.gz" APPEND="$append" TIMEOUT
if [ "$mode" = gdbtest ]; then
	rm -f "$log.port"
	tools/boot.sh gdbtest "$log" &
	while [ ! -s "$log.port" ]; do sleep 0.2; done
	rc=0
	# report() quits with the verdict; a script that dies before it falls through to "quit 1".
	timeout "$TIMEOUT" gdb-multiarch -q -batch -nx -iex "add-auto-load-safe-path $KDIR" \
		-iex "set index-cache directory $GDB_INDEX" -iex "set index-cache enabled on" \
		-iex "set substitute-path $DEBUG_PREFIX $WORK" "$KDIR/vmlinux" \
		-ex "source tools/gdb/lab.py" -ex "target remote 127.0.0.1:$(cat "$log.port")" \
		-x "$2" -ex "quit 1" || rc=$?
	wait || true
	# A session (tools/mk/session.mk): gdb's verdict to a file, the guest's report graded.
	[ -n "${LAB_SESSION:-}" ] || exit $rc
	echo $rc > "$RUNDIR/gdb.rc"
else
	t0=$(date +%s)
	tools/boot.sh "$mode" "$log" || [ $? = 124 ]
	[ -z "${DRYRUN:-}" ] || exit 0
	[ "${RR:-}" != replay ] ||
		{ echo "boot: the replay ran $(( $(date +%s) - t0 )) s"; exit 0; }
	echo "boot: the guest ran $(( $(date +%s) - t0 )) s (log: $log)${RR:+; recorded in $rr}"
fi
# The second code set's report, from its marker on, to its own log; a guest that stopped
# before it leaves that log without a report, which its verdict says.
if [ -n "${THEN_LOG:-}" ]; then
	mkdir -p "${THEN_LOG%/*}"
	sed '1,/^lab: next code\r*$/d' "$log" > "$THEN_LOG"
	sed -i '/^lab: next code\r*$/,$d' "$log"
fi
host=""
# A stage with a disk may judge it on the host: its fsck.sh writes KTAP for the grader.
judge=${MANIFEST%/*}/fsck.sh
if [ -n "$DISK" ] && [ -x "$judge" ]; then
	"$judge" "$RUNDIR/disk.img" "$RUNDIR/host.ktap"; host="--host $RUNDIR/host.ktap"
fi
[ -n "$CMD" ] && exec tools/cmdout.sh "$log"
grade $host
