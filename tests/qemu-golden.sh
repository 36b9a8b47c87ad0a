#!/bin/sh
# Each machine target's QEMU command, as make run DRYRUN=1 prints it in an empty work dir (no
# package, kernel, guest or QEMU needed), equals its golden copy in tests/golden/<target>.cmd:
# a change to a target's data or to how the engine assembles the command shows here first.
# The work dir is written $WORK and the boot's clock lab.time=T. A target whose loader reads the
# built kernel (mps2) has no command before a build: it is named and left out.
#   Env: LABMAKE (the engine's make command). UPDATE=1 writes the golden copies instead.
set -u
: "${LABMAKE:?}"
w=$(mktemp -d) && trap 'rm -rf "$w"' EXIT
n=0
for f in labs/targets/*.mk; do
	t=$(basename "$f" .mk)
	grep -q "^QEMU_$t *:= *none" "$f" && continue
	s=$(grep -l "^TARGETS *:=.* $t\( \|$\)\|^TARGETS *:= *$t\( \|$\)" labs/*/stage.mk |
		head -1 | cut -d/ -f2)
	[ -n "$s" ] ||
		{ echo "qemu-golden: $t: no stage boots it on its own (left out)"; continue; }
	if ! out=$($LABMAKE run DRYRUN=1 STAGE="$s" TARGET="$t" WORK="$w" 2>&1); then
		echo "qemu-golden: $t ($s): $(printf "%s" "$out" | head -n 1) (left out)"
		continue; fi
	out=$(printf '%s\n' "$out" | tail -n 1 |
		sed -e "s|$w|\$WORK|g" -e 's/lab\.time=[0-9]*/lab.time=T/')
	if [ -n "${UPDATE:-}" ]; then printf '%s\n' "$out" > "tests/golden/$t.cmd"
	elif ! printf '%s\n' "$out" | diff -u "tests/golden/$t.cmd" - >&2; then
		echo "qemu-golden: $t's QEMU command differs from tests/golden/$t.cmd" >&2
		exit 1; fi
	[ ! -e "$w/out" ] && [ ! -e "$w/linux" ] ||
		{ echo "qemu-golden: make run DRYRUN=1 built something in $w" >&2; exit 1; }
	echo "qemu-golden: $t ($s): as tests/golden/$t.cmd"; n=$((n + 1))
done
[ "$n" -gt 0 ] || { echo "qemu-golden: no target checked" >&2; exit 1; }
