#!/bin/sh
# QEMU's versatilepb keeps no VIVT alias stale (07's FIQ cache note)
# A bare-metal program on versatilepb (vivt_alias.c) writes code through one alias of a page
# and runs it through another, with 2013's maintenance and with the fix's. QEMU has no cache
# model, so both must run the code written last; the page says why that is a finding.
# Env (make check-claim, tools/mk/docs.mk): SCRATCH, CROSS, QEMU_versatile.
set -eu
"${CROSS}gcc" -O2 -march=armv5te -marm -ffreestanding -nostdlib -Wall -Wextra \
	-Wl,-Ttext=0x10000 -Wl,-e,_start -o "$SCRATCH/vivt.elf" \
	labs/07-fiq-relocation/vivt_alias.c -lgcc
timeout 30 $QEMU_versatile -nographic -monitor none -serial stdio -semihosting \
	-kernel "$SCRATCH/vivt.elf" </dev/null >"$SCRATCH/vivt.log" 2>&1 || true
cat "$SCRATCH/vivt.log"
[ "$(grep -c 'the code written last' "$SCRATCH/vivt.log")" = 3 ] ||
	{ echo "QEMU kept an alias stale: it models VIVT caches now, and 07's page is out of" \
		"date" >&2
	exit 1; }
