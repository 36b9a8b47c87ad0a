# Target data for the engine: how to boot a kernel built with these config fragments, and
# the userland its guest programs are built for (Debian armel: ARMv5TE, soft-float).
QEMU_virt    := qemu-system-arm -M virt -cpu cortex-a15 -m 256 -nic none
IMAGE_virt   := zImage
CONSOLE_virt := ttyAMA0
CONFIGS_virt := virt
USERLAND_virt := armel
