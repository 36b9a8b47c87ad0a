# Stage manifest: data only, read by tools/engine.mk and tools/host/grade.
TITLE    := ARM: document DEBUG_UNCOMPRESS Kconfig option
UPSTREAM := b6992fa9a74862c5addb62cde1657c7479615d86
AUTHOR   := Russell King
# The commit changes Kconfig text only: its checks read the stage's Kconfig.debug on the host.
# The PL011 check boots the stage's zImage with DEBUG_LL and without (KERNELS), then the
# learner's code bare metal, under QEMU from the host test.
TARGETS  := host
KERNELS  := virt-debugll virt
CODE     := kconfig.c pl011.c
TESTS    := test_kconfig.c test_pl011.c
CHECKS   := reads_a_kconfig_entry:2 debug_uncompress_is_hidden:1 debug_uncompress_documented:2 \
	debug_uncompress_needs_multiplatform:2 putc_waits_while_tx_fifo_full:2 \
	flush_waits_until_idle:1 bare_metal_prints_like_the_decompressor:3
FLIPS    := debug_uncompress_documented debug_uncompress_needs_multiplatform
