#!/bin/sh
# 19accfd3's SWI slot does not assemble without its label
# 19accfd37384 deleted the .LCvswi label but kept the SWI slot that loads from it: that slot,
# reduced to what the assembler sees (swi_slot.S), must fail to assemble as merged and assemble
# with the label. Env (make check-claim, tools/mk/docs.mk): SCRATCH, CROSS.
set -eu
src=labs/06-move-vector-stubs/swi_slot.S
if "${CROSS}gcc" -c $src -o "$SCRATCH/swi.o" 2>"$SCRATCH/swi.log"; then
	echo "$src assembled without its label" >&2; exit 1; fi
sed -n "s/^.*Error: /as merged: ${CROSS}as: Error: /p" "$SCRATCH/swi.log" | grep .
"${CROSS}gcc" -DLABELLED -c $src -o "$SCRATCH/swi.o"
echo "with the label: $("${CROSS}objdump" -d "$SCRATCH/swi.o" | grep -m1 'ldr.*pc, \[pc')"
