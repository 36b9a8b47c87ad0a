#!/bin/sh
# stock 6.1's Kconfig cannot build the 2013 !kuser break (why 11 needs a lab patch)
# The 2013 !kuser link failure needs a CPU without ARMv6K and an MMU kernel without kuser
# helpers. Ask 6.1's Kconfig for both kinds of CPU (kconfig-*.config): ARMv6 must come out
# with CPU_32v6K, ARMv5 with KUSER_HELPERS forced on, which is why this stage needs the
# baseline's LAB_ARMV6_NO_V6K (lab instrumentation) to show that break.
# Env (make check-claim, tools/mk/docs.mk): SCRATCH, CROSS, TREE (the work tree, prepared).
set -eu
for c in armv6 armv5; do
	o=$SCRATCH/kconfig-$c; rm -rf "$o"; mkdir -p "$o"
	KCONFIG_ALLCONFIG=$PWD/labs/11-fix-nokuser-build/kconfig-$c-nokuser.config \
		make -s -C "$TREE" ARCH=arm CROSS_COMPILE="$CROSS" O="$o" allnoconfig \
		>"$o.log" 2>&1 ||
		{ cat "$o.log" >&2; exit 1; }
	opts='CPU_V6|CPU_V6K|CPU_32v6K|CPU_32v5|NEED_KUSER_HELPERS|KUSER_HELPERS'
	echo "$c: $(grep -E "^(# )?CONFIG_($opts)[ =]" "$o/.config" | tr '\n' ' ')"
done
grep -qx CONFIG_CPU_32v6K=y "$SCRATCH/kconfig-armv6/.config" &&
	grep -qx CONFIG_KUSER_HELPERS=y "$SCRATCH/kconfig-armv5/.config" || {
	echo "6.1's Kconfig now allows a kernel without ARMv6K and without kuser helpers:" \
		"docs/labs/11-fix-nokuser-build.md is out of date" >&2; exit 1; }
