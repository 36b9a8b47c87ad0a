# The virt machine with a kernel built without the kuser helpers (virt.config, then
# virt-nokuser.config). Recursive '=': this file is read before virt.mk.
# Its userland is Debian armhf (ARMv7): armel's glibc and libgcc reach the thread pointer
# and their atomics through the kuser helpers, so armel programs cannot run here.
QEMU_virt-nokuser    = $(QEMU_virt)
IMAGE_virt-nokuser   = $(IMAGE_virt)
CONSOLE_virt-nokuser = $(CONSOLE_virt)
CONFIGS_virt-nokuser = virt virt-nokuser
USERLAND_virt-nokuser = armhf
