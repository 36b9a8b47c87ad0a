# Target data for the engine: how to boot a kernel built with virt.config.
QEMU_virt    := qemu-system-arm -M virt -cpu cortex-a15 -m 256 -nic none
IMAGE_virt   := zImage
CONSOLE_virt := ttyAMA0
