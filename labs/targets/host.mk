# Target data for the engine: no machine. The stage's tests run on the build host, against
# these files of the stage's kernel tree (the "kernel" of this target is a copy of them).
QEMU_host     := none
IMAGE_host    :=
CONSOLE_host  :=
CONFIGS_host  :=
SOURCES_host  := arch/arm/Makefile arch/arm/Kconfig.debug
USERLAND_host := host
INIT_host     := tools/guest/hostrun.c tools/guest/runtests.c
BUILDSTEP_host := sources copied
