# QEMU versatilepb: an ARM926EJ-S (ARMv5TEJ, VIVT caches, no ASIDs), the only lab machine
# whose kernel defers the mm switch (02-vivt-switch-mm). The board is described by its
# device tree, passed with -dtb. It has no power-off: the run ends with a restart, which
# QEMU's -no-reboot turns into an exit (lab.end=restart tells the lab's init).
# The board's sound chip gets a silent back end, so QEMU does not probe the host's.
QEMU_versatile     := qemu-system-arm -M versatilepb -m 128 -nic none -audiodev none,id=snd \
	-global pl041.audiodev=snd
IMAGE_versatile    := zImage
DTB_versatile      := versatile-pb.dtb
CONSOLE_versatile  := ttyAMA0
CMDLINE_versatile  := lab.end=restart
CONFIGS_versatile  := versatile
USERLAND_versatile := armel
