# Build only: an ARMv6 kernel without ARMv6K and without kuser helpers (armv6-nokuser.config).
# No lab machine could run its userland (armel's glibc reaches TLS through the kuser helpers,
# armhf's is ARMv7), so the stage's checks run on the build host, against the kernel's
# artefacts and the objects the stage keeps (OBJECTS in its manifest).
QEMU_armv6-nokuser     := none
IMAGE_armv6-nokuser    := zImage
CONSOLE_armv6-nokuser  :=
CONFIGS_armv6-nokuser  := armv6-nokuser
USERLAND_armv6-nokuser := host
INIT_armv6-nokuser     := tools/guest/hostrun.c tools/guest/runtests.c
