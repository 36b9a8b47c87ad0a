#!/bin/sh
# Build the kernel of one stage for one target, out of tree, and keep its artefacts.
#   kbuild.sh STAGE TARGET exact|learner
# exact: the stage's tag as it is (make test); learner: the work tree as the learner left it.
# Skips the build when the artefacts already match the tree state and the config.
# Env: TARGET_CONFIGS (the target's fragments), STAGE_CONFIG (the stage's); IMAGE (the boot
# image, default zImage) and DTB (a device tree blob to keep beside it); SOURCES (the
# host target: no build, these files of the tree are the artefacts); with MODULES
# (file names in MODSRC), also build those out-of-tree modules against this kernel's build
# dir, into MODOUT.
set -eu
stage=$1 target=$2 mode=$3
: "${TREE:?}" "${WORK:?}" "${LAB:?}" "${CROSS:?}" "${JOBS:?}" "${TARGET_CONFIGS:=}" "${SOURCES:=}"
: "${IMAGE:=zImage}" "${DTB:=}"
build=$WORK/build/$target out=$WORK/out/$target/$stage
frags="$(for c in $TARGET_CONFIGS; do printf '%s ' "$LAB/labs/targets/$c.config"; done)${STAGE_CONFIG:-}"
cfg=$( { [ -z "$SOURCES" ] || echo "$SOURCES"; [ -z "${frags% }" ] || cat $frags; } | sha1sum | cut -c1-12)
g() { git -C "$TREE" "$@"; }
# One work tree for all targets: a second build in this checkout waits its turn.
mkdir -p "$WORK/build"
exec 9>"$WORK/build/lock"
flock -w 3600 9 || { echo "kbuild: the work tree is busy with another build for an hour" >&2; exit 1; }

# Objects that do not depend on the work dir's path (tools/kflags.sh), so that ccache shares
# them with other checkouts: locally, or through CCACHE_REMOTE_STORAGE when it is set. ccache
# also hashes the locale (LANG, LC_*) unless told not to: learners' locales differ.
flags=$(tools/kflags.sh "$build")
k() { CCACHE_BASEDIR=$(realpath "$WORK") CCACHE_SLOPPINESS=locale make -s -C "$TREE" O="$build" \
	ARCH=arm CROSS_COMPILE="$CROSS" CC="ccache ${CROSS}gcc" HOSTCC="ccache gcc" \
	KCFLAGS="$flags" KAFLAGS="$flags" KBUILD_BUILD_USER=lab KBUILD_BUILD_HOST=lab "$@"; }
# Built: the artefacts match, and for modules the build dir holds this kernel too.
built() { [ "$(cat "$out/stamp" 2>/dev/null)" = "$1" ] &&
	{ [ -z "${MODULES:-}" ] || [ "$(cat "$build/lab-stamp" 2>/dev/null)" = "$1" ]; }; }

# A module already built from the same sources against the same kernel artefacts is reused:
# no switch of the build dir, no make.
modkey() { echo "$1-$( (cd "$MODSRC" && cat $MODULES; cat "$MODSRC"/*.h 2>/dev/null) | sha1sum | cut -c1-12)"; }
reusable() { [ -n "${MODULES:-}" ] && [ "$(cat "$out/stamp" 2>/dev/null)" = "$1" ] &&
	[ "$(cat "$MODOUT/stamp" 2>/dev/null)" = "$(modkey "$1")" ]; }
modules_uptodate() { echo "kbuild: modules $MODULES for $stage on $target are up to date"; exit 0; }

modules() {
	src=$WORK/modbuild/$target
	rm -rf "$src" "$MODOUT"; mkdir -p "$src" "$MODOUT"
	for m in $MODULES; do cp "$MODSRC/$m" "$src/"; echo "obj-m += ${m%.c}.o" >> "$src/Kbuild"; done
	cp "$MODSRC"/*.h "$src/" 2>/dev/null || true
	echo "kbuild: modules $MODULES against $stage for $target"
	k M="$src" modules >"$src/build.log" 2>&1 || { tail -20 "$src/build.log" >&2; echo "kbuild: modules failed to build" >&2; exit 1; }
	cp "$src"/*.ko "$MODOUT/"
	modkey "$(cat "$out/stamp")" > "$MODOUT/stamp"
}

# Every 30 s of a build: the objects compiled so far and, for a first build in a build dir,
# their share of what the last such build of this target made (kept beside the ccache).
objects=${CCACHE_DIR:-$WORK}/../objects-$target
progress() {
	t0=$(date +%s); total=$( [ -n "$cold" ] && cat "$objects" 2>/dev/null || echo 0) s=
	trap 'kill $s 2>/dev/null; exit 0' TERM	# and its sleep with it: nothing keeps a pipe open
	while :; do
		sleep 30 & s=$!; wait $s
		n=$(find "$build" -name '*.o' -newer "$build/lab-start" | wc -l)
		share=""; if [ "$total" -gt 0 ]; then share=" of about $total ($((100 * n / total))%)"; fi
		echo "kbuild: $stage for $target: $n objects compiled$share, $(( $(date +%s) - t0 )) s"
	done
}

tools/tree.sh tags "$stage"
want="$(g rev-parse "$stage^{commit}")-clean-$cfg"
if [ "$mode" = exact ] && reusable "$want"; then modules_uptodate; fi
if [ "$mode" = exact ] && [ -z "${MODULES:-}" ] && built "$want"; then
	echo "kbuild: $stage for $target is up to date ($out)"; exit 0
fi
tools/tree.sh "$([ "$mode" = exact ] && echo exact || echo checkout)" "$stage"
[ -z "$(g status --porcelain)" ] && state=clean || state=$( (g diff HEAD; g status --porcelain) | sha1sum | cut -c1-12)
have="$(g rev-parse HEAD)-$state-$cfg"
if reusable "$have"; then modules_uptodate; fi
if built "$have"; then
	echo "kbuild: $stage for $target is up to date ($out)"
elif [ -n "$SOURCES" ]; then
	rm -rf "$out" && mkdir -p "$out"
	(cd "$TREE" && cp --parents $SOURCES "$out/")
	echo "$have" > "$out/stamp"
	echo "kbuild: $stage sources for $target copied ($out)"
else
	mkdir -p "$build" "$out"
	# Merged for every build: a stage's Kconfig may lack an option another stage has (the
	# FIQ prompt), and make's syncconfig would have dropped it from the last .config.
	[ "$(cat "$build/lab-config" 2>/dev/null)" = "$cfg" ] || echo "kbuild: configuring $target ($frags)"
	( cd "$TREE" && ARCH=arm CROSS_COMPILE="$CROSS" scripts/kconfig/merge_config.sh -n -O "$build" $frags >"$build/merge.log" ) ||
		{ tail "$build/merge.log" >&2; exit 1; }
	echo "$cfg" > "$build/lab-config"
	echo "kbuild: building $stage for $target (log: $build/build.log)"
	cold=$([ -e "$build/vmlinux" ] || echo yes)	# nothing built here yet (kconfig's own tools aside)
	touch "$build/lab-start"
	grep -q '^CONFIG_MODULES=y' "$build/.config" && mods=modules || mods=
	progress &
	prog=$!
	k -j"$JOBS" "$IMAGE" $DTB $mods scripts_gdb >"$build/build.log" 2>&1 || { kill $prog 2>/dev/null; tail -30 "$build/build.log" >&2; echo "kbuild: $stage failed to build" >&2; exit 1; }
	kill $prog 2>/dev/null || true
	[ -z "$cold" ] || find "$build" -name '*.o' | wc -l > "$objects"
	for f in arch/arm/boot/$IMAGE ${DTB:+arch/arm/boot/dts/$DTB} vmlinux System.map .config vmlinux-gdb.py; do cp -L "$build/$f" "$out/"; done
	rm -rf "$out/scripts"; mkdir -p "$out/scripts"; cp -rL "$build/scripts/gdb" "$out/scripts/"
	echo "$have" > "$out/stamp"
	echo "$have" > "$build/lab-stamp"
fi
[ -z "${MODULES:-}" ] || modules
