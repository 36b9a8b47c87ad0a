# QEMU mps2-an385 (Cortex-M3, no MMU). The kernel is the uncompressed Image; a boot shim of
# the lab's at address 0 enters it with the board's device tree, which also carries the
# command line and the initramfs location (tools/mps2/load.sh prints QEMU's loader options).
# Semihosting from user mode lets the guest's init end the run: mps2 cannot power off.
QEMU_mps2    := qemu-system-arm -M mps2-an385 \
	-semihosting-config enable=on,target=native,userspace=on
IMAGE_mps2   := Image
DTB_mps2     := mps2-an385.dtb
LOADER_mps2  := tools/mps2/load.sh
CONSOLE_mps2 := ttyMPS0
CONFIGS_mps2 := mps2
# Debian has no libc for ARMv7-M without an MMU: the guest programs are freestanding.
USERLAND_mps2 := v7m
INIT_mps2    := tools/guest/v7m/init.c tools/guest/v7m/sys.c
