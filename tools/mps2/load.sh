#!/bin/sh
# QEMU options that boot an mps2 kernel (tools/boot.sh's LOADER): the lab's shim at 0, then
# the Image, the initramfs and a copy of the board's device tree, raw, at fixed addresses in
# the board's RAM. The copy carries the command line and where the initramfs is.
# Env: KERNEL (the Image; vmlinux and DTB beside it), INITRD, APPEND. Writes beside INITRD.
set -eu
: "${KERNEL:?}" "${INITRD:?}" "${APPEND:?}" "${DTB:?}"
k=$(dirname "$KERNEL") dir=$(dirname "$INITRD") cross=arm-linux-gnueabi-
# The Image starts at stext, the ELF entry (Thumb bit set: M-profile runs only Thumb).
entry=$(${cross}readelf -h "$k/vmlinux" | sed -n 's/.*Entry point address: *//p')
image=$((entry & ~1))
initrd=$(((entry & ~0xffffff) + 0x800000)) dtb=$(((entry & ~0xffffff) + 0xf00000))
${cross}gcc -mthumb -mcpu=cortex-m3 -Os -Wall -ffreestanding -nostdlib -static -fno-pie -no-pie \
	-Wl,--build-id=none -Wl,--no-warn-rwx-segments -T tools/mps2/shim.ld \
	-DKERNEL_ENTRY=$((entry | 1))u -DDTB_ADDR=${dtb}u \
	-o "$dir/shim.elf" tools/mps2/shim.c
cp "$k/$DTB" "$dir/board.dtb"
fdtput -t s "$dir/board.dtb" /chosen bootargs "$APPEND"
fdtput -t x "$dir/board.dtb" /chosen linux,initrd-start "$(printf %x $initrd)"
fdtput -t x "$dir/board.dtb" /chosen linux,initrd-end \
	"$(printf %x $((initrd + $(stat -c %s "$INITRD"))))"
for f in "$KERNEL:$image" "$INITRD:$initrd" "$dir/board.dtb:$dtb"; do
	printf -- '-device loader,file=%s,addr=%#x,force-raw=on ' "${f%:*}" "${f##*:}"
done
echo "-kernel $dir/shim.elf"
