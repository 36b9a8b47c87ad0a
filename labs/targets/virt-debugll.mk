# The virt machine with a kernel built for low-level debugging (virt.config, then
# virt-debugll.config): DEBUG_LL on the PL011 at 0x09000000, and so, by the hidden default of
# DEBUG_UNCOMPRESS, a decompressor that prints (01-debug-uncompress). Recursive '=': this
# file is read before virt.mk.
QEMU_virt-debugll     = $(QEMU_virt)
IMAGE_virt-debugll    = $(IMAGE_virt)
CONSOLE_virt-debugll  = $(CONSOLE_virt)
CONFIGS_virt-debugll  = virt virt-debugll
USERLAND_virt-debugll = armel
