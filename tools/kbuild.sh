#!/bin/sh
# Build the kernel of one stage for one target, out of tree, and keep its artefacts.
#   kbuild.sh STAGE TARGET exact|learner|id
# exact: the stage's tag as it is (make test); learner: the work tree as the learner left it;
# id: print the kernel's identity and stop.
# A kernel built from a stage's tag is stamped with its identity: the tarball and the patches
# up to the stage (tools/tree.sh ident), and the config. It is the same on every clone, so a
# kernel built elsewhere (make kernels-import) is used as it is, with no tree here at all. A
# tree with the learner's edits or commits is stamped with its HEAD and state instead.
# Skips the build when the artefacts already match. Each build it runs gets a line in the work
# dir's builds.tsv (make builds prints them): full or incremental, and why.
# Env: TARGET_CONFIGS (the target's fragments), STAGE_CONFIG (the stage's); IMAGE (the boot
# image, default zImage) and DTB (a device tree blob to keep beside it); SOURCES (the
# host target: no build, these files of the tree are the artefacts); OBJECTS (build outputs
# kept with the artefacts, for a stage's host tests); MODKIT=yes: keep beside the kernel what
# out-of-tree modules need to build against it (the stage has MODULES); with MODULES (file
# names in MODSRC), also build those modules against this kernel, into MODOUT.
set -eu
stage=$1 target=$2 mode=$3
: "${TREE:?}" "${WORK:?}" "${LAB:?}" "${SERIES:?}" "${CROSS:?}" "${JOBS:?}"
: "${TARGET_CONFIGS:=}" "${SOURCES:=}" "${OBJECTS:=}"
: "${IMAGE:=zImage}" "${DTB:=}"
build=$WORK/build/$target out=$WORK/out/$target/$stage
# A target's fragment, then that fragment's additions for the kernel series (<name>@<series>).
frags="$(for c in $TARGET_CONFIGS; do for f in "$c" "$c@$SERIES"; do
	[ ! -f "$LAB/labs/targets/$f.config" ] || printf '%s ' "$LAB/labs/targets/$f.config"
	done; done)${STAGE_CONFIG:-}"
cfg=$( { [ -z "$SOURCES$OBJECTS" ] || echo "$SOURCES" "$OBJECTS"
	[ -z "${frags% }" ] || cat $frags; } | sha1sum | cut -c1-12)
id="$(tools/tree.sh ident "$stage")-$cfg"
[ "$mode" != id ] || { echo "$id"; exit 0; }
kit=$out/modkit
tree_git() { git -C "$TREE" "$@"; }
# One work tree for all targets: a second build in this checkout waits its turn (taken once
# something is to be built; a kernel that is up to date needs neither lock nor build dir).
locked=
lock() { [ -z "$locked" ] || return 0; locked=yes; mkdir -p "$WORK/build"; exec 9>"$WORK/build/lock"
	flock -w 3600 9 ||
		{ echo "kbuild: the work tree is busy with another build for an hour" >&2
		  exit 1; }; }

# Objects that do not depend on the work dir's path (tools/kflags.sh), so that ccache shares
# them with other checkouts: locally, or through CCACHE_REMOTE_STORAGE when it is set. ccache
# also hashes the locale (LANG, LC_*) unless told not to: learners' locales differ.
flags=$(tools/kflags.sh "$build")
kmake() { CCACHE_BASEDIR=$(realpath "$WORK") CCACHE_SLOPPINESS=locale \
	make -s ARCH=arm CROSS_COMPILE="$CROSS" CC="ccache ${CROSS}gcc" HOSTCC="ccache gcc" \
	KCFLAGS="$flags" KAFLAGS="$flags" KBUILD_BUILD_USER=lab KBUILD_BUILD_HOST=lab "$@"; }
kmake_out() { kmake -C "$TREE" O="$build" "$@"; }
# Built: the artefacts match, and for modules the kernel has its module kit or the build dir
# holds it.
built() { [ "$(cat "$out/stamp" 2>/dev/null)" = "$1" ] &&
	{ [ -z "${MODULES:-}" ] || [ -d "$kit" ] ||
		[ "$(cat "$build/lab-stamp" 2>/dev/null)" = "$1" ]; }; }

# A module already built from the same sources against the same kernel artefacts is reused:
# no switch of the build dir, no make.
modkey() { echo "$1-$( (cd "$MODSRC" && cat $MODULES; cat "$MODSRC"/*.h 2>/dev/null) |
	sha1sum | cut -c1-12)"; }
reusable() { [ -n "${MODULES:-}" ] && [ "$(cat "$out/stamp" 2>/dev/null)" = "$1" ] &&
	[ "$(cat "$MODOUT/stamp" 2>/dev/null)" = "$(modkey "$1")" ]; }
uptodate() { echo "kbuild: $stage for $target is up to date ($([ -f "$out/imported" ] &&
	echo "imported from $(cat "$out/imported")" || echo "$out"))"; }
modules_uptodate() { echo "kbuild: modules $MODULES for $stage on $target are up to date"; exit 0; }

modules() {
	src=$WORK/modbuild/$target
	rm -rf "$src" "$MODOUT"; mkdir -p "$src" "$MODOUT"
	for m in $MODULES; do
		cp "$MODSRC/$m" "$src/"; echo "obj-m += ${m%.c}.o" >> "$src/Kbuild"; done
	cp "$MODSRC"/*.h "$src/" 2>/dev/null || true
	t0=$(date +%s)
	if [ -d "$kit" ]; then kmake -C "$kit" M="$src" modules; else kmake_out M="$src" modules
	fi >"$src/build.log" 2>&1 ||
		{ tail -20 "$src/build.log" >&2
		  echo "kbuild: modules failed to build" >&2; exit 1; }
	cp "$src"/*.ko "$MODOUT/"
	echo "kbuild: modules $MODULES built against $stage for $target" \
		"($(( $(date +%s) - t0 )) s, log: $src/build.log)"
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
		share=""
		if [ "$total" -gt 0 ]; then share=" of about $total ($((100 * n / total))%)"; fi
		echo "kbuild: $stage for $target: $n objects compiled$share," \
			"$(( $(date +%s) - t0 )) s"
	done
}

# Why a build: what differs from the build dir's last one (lab-last: its series, stage and
# tree commit; lab-frags: its fragments; lab-config-last: its .config).
fragsums() { for f in $frags; do echo "$(sha1sum < "$f" | cut -c1-12) ${f#"$LAB"/}"; done; }
reason() {
	if [ ! -f "$build/lab-last" ]; then
		[ -e "$build/vmlinux" ] && echo "last build here not recorded" ||
			echo "new build dir"
		return; fi
	read -r s0 st0 h0 < "$build/lab-last"; r=""
	[ "$s0" = "$SERIES" ] || r="tree switched from linux $s0; "
	n=$(diff "$build/lab-config-last" "$build/.config" 2>/dev/null |
		sed -n 's/^[<>] \(# \)\{0,1\}\(CONFIG_[A-Za-z0-9_]*\).*/\2/p' | sort -u | wc -l)
	f=$(fragsums | diff "$build/lab-frags" - 2>/dev/null | awk '$1 == ">" { new[$3]; print $3 }
		$1 == "<" { old[$3] } END { for (o in old) if (!(o in new)) print "without " o }' |
		xargs)
	[ "$n" = 0 ] ||
		r="$r.config: $n option$([ "$n" = 1 ] || echo s) (${f:-the tree's Kconfig}); "
	[ "$n" != 0 ] || [ -z "$f" ] || r="${r}fragments changed, .config the same ($f); "
	# The files that differ from the tree last built here, and the headers among them by
	# name: one header can reach most objects.
	if ! tree_git cat-file -e "$h0^{commit}" 2>/dev/null; then r="${r}from $st0 (commit gone)"
	elif files=$(tree_git diff --name-only "$h0" --) && [ -n "$files" ]; then
		h=$(printf '%s\n' "$files" | sed -n 's|^arch/arm/include/||;s|^include/||;/\.h$/p')
		k=$(echo $h | wc -w)
		nf=$(printf '%s\n' "$files" | wc -l)
		r="${r}from $st0: $nf file$([ "$nf" = 1 ] || echo s)$([ "$k" = 0 ] ||
			echo ", headers $(echo $h | cut -d' ' -f1-3 | sed 's/ /, /g')$(
			[ "$k" -le 3 ] || echo " and $((k - 3)) more")")"
	elif [ "$st0" != "$stage" ]; then r="${r}from $st0: the same files"; fi
	echo "${r:-same tree and config}" | sed 's/; $//'
}
# One line per build in the work dir's log (tools/builds.sh prints it): when, target, stage,
# full or incremental, the objects it wrote and those the build dir holds, ccache's hits and
# misses (compiled), seconds, built or failed, and why. Full: it wrote at least half the build
# dir's objects (every one on a first build; after a change of .config or of a header most
# objects include).
logbuild() {
	n=$(find "$build" -name '*.o' -newer "$build/lab-start" | wc -l)
	all=$(find "$build" -name '*.o' | wc -l)
	hits=$(grep -Ec '^(direct|preprocessed)_cache_hit$' "$build/ccache.log" 2>/dev/null) || :
	miss=$(grep -c '^cache_miss$' "$build/ccache.log" 2>/dev/null) || :
	kind=incremental; [ "$n" = 0 ] || [ $((2 * n)) -lt "$all" ] || kind=full
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$when" "$target" "$stage" \
		"$kind" "$n" "$all" "${hits:-0}" "${miss:-0}" $(( $(date +%s) - t0 )) "$1" "$why" \
		>> "$WORK/builds.tsv"
}

# What an out-of-tree module build reads, as the kernel's scripts/package/builddeb lists it for
# a linux-headers package: the tree's makefiles, include/, scripts/ and arch includes, then the
# build dir's generated headers, host tools, Module.symvers and .config.
modkit() {
	rm -rf "$kit"; mkdir -p "$kit"
	(cd "$TREE" && { find . arch/arm -maxdepth 1 -name 'Makefile*'
		find include scripts -type f -o -type l
		find arch/arm -name Kbuild.platforms -o -name Platform
		find $(find arch/arm -name include -o -name scripts -type d) -type f; } |
		tar -cf - -T -) | tar -C "$kit" -xf -
	(cd "$build" && { find arch/arm/include Module.symvers include scripts -type f
		echo .config; } | tar -cf - -T -) | tar -C "$kit" -xf -
	# Most of a kit is the tree's headers, the same in every kit of the work dir: one copy of
	# each such file on disk (util-linux's hardlink). Module builds only read a kit.
	hardlink -q -t "$WORK"/out/*/*/modkit
}

# The stage's tag, built here or imported: no tree needed, unless its modules must be built in
# the build dir (no kit), which reads the tree as checked out.
if [ "$mode" = exact ] || [ ! -d "$TREE/.git" ]; then
	# Modules built already need no lock: a boot beside another target's build goes on.
	if reusable "$id"; then modules_uptodate; fi
	[ -z "${MODULES:-}" ] || lock
	if reusable "$id"; then modules_uptodate; fi
	if built "$id" && { [ -z "${MODULES:-}" ] || [ -d "$kit" ]; }; then
		uptodate
		# With no tree, the work dir remembers the learner's stage (tree.sh keeps it in the
		# tree).
		[ "$mode" = exact ] || [ -d "$TREE/.git" ] ||
			{ mkdir -p "$WORK/kernels"; echo "$stage" > "$WORK/kernels/stage"; }
		[ -z "${MODULES:-}" ] || modules
		exit 0
	fi
fi
lock
tools/tree.sh "$([ "$mode" = exact ] && echo exact || echo checkout)" "$stage"
# What the tree holds: the stage's tag as it is (its id), or the learner's edits of it.
if [ -z "$(tree_git status --porcelain)" ] &&
	[ "$(tree_git rev-parse HEAD)" = "$(tree_git rev-parse "$stage^{commit}")" ]; then have=$id
else have="$(tree_git rev-parse HEAD)-$( (tree_git diff HEAD; tree_git status --porcelain) |
	sha1sum | cut -c1-12)-$cfg"; fi
if reusable "$have"; then modules_uptodate; fi
if built "$have"; then
	uptodate
elif [ -n "$SOURCES" ]; then
	rm -rf "$out" && mkdir -p "$out"
	(cd "$TREE" && cp --parents $SOURCES "$out/")
	echo "$have" > "$out/stamp"
	echo "kbuild: $stage sources for $target copied ($out)"
else
	# A first build in a build dir (measured for virt: 305 MB as it links, 201 MB kept), or a
	# rebuild, and the kernel.
	tools/space.sh "$WORK" "$([ -d "$build" ] && echo 200 || echo 500)" \
		"building $stage for $target"
	mkdir -p "$build" "$out"
	t0=$(date +%s) when=$(date +%Y-%m-%dT%H:%M:%S)
	[ ! -f "$build/.config" ] || cp "$build/.config" "$build/lab-config-last"
	# Merged for every build: a stage's Kconfig may lack an option another stage has (the
	# FIQ prompt), and make's syncconfig would have dropped it from the last .config. Every
	# option asked for must be in the .config; Debian's pristine tree lacks the prompts the
	# baseline adds, and its kernel (the flip of the baseline) is built without them.
	[ "$(cat "$build/lab-config" 2>/dev/null)" = "$cfg" ] ||
		echo "kbuild: configuring $target ($frags)"
	DROPPED=$([ "$stage" != pristine ] || echo note) tools/kconfig.sh "$build" $frags
	echo "$cfg" > "$build/lab-config"
	why=$(reason)
	fragsums > "$build/lab-frags"
	echo "$SERIES $stage $(tree_git rev-parse HEAD)" > "$build/lab-last"
	echo "kbuild: building $stage for $target (log: $build/build.log)"
	# cold: nothing built here yet (kconfig's own tools aside).
	cold=$([ -e "$build/vmlinux" ] || echo yes)
	touch "$build/lab-start"
	rm -f "$build/ccache.log"; export CCACHE_STATSLOG="$build/ccache.log"
	grep -q '^CONFIG_MODULES=y' "$build/.config" && mods=modules || mods=
	# The device tree by its name: 6.1 keeps ARM's sources in arch/arm/boot/dts/, later series
	# in a folder per vendor (arm/versatile-pb.dts).
	dtb=${DTB:+$(cd "$TREE/arch/arm/boot/dts" && find . -name "${DTB%.dtb}.dts" |
		sed 's|^\./||;s|s$|b|')}
	progress &
	prog=$!
	kmake_out -j"$JOBS" "$IMAGE" $dtb $mods scripts_gdb >"$build/build.log" 2>&1 || {
		kill $prog 2>/dev/null; logbuild failed; tail -30 "$build/build.log" >&2
		echo "kbuild: $stage failed to build" >&2; exit 1; }
	kill $prog 2>/dev/null || true
	unset CCACHE_STATSLOG; logbuild built
	[ -z "$cold" ] || find "$build" -name '*.o' | wc -l > "$objects"
	rm -rf "$out/imported" "$kit" "$out/scripts"
	for f in arch/arm/boot/$IMAGE ${dtb:+arch/arm/boot/dts/$dtb} System.map .config \
		vmlinux-gdb.py; do cp -L "$build/$f" "$out/"; done
	# The kept vmlinux with its debug sections compressed: half the size, 0.4 s, and gdb and
	# addr2line read it as fast (docs/notes.md, "what a run leaves on disk").
	"${CROSS}objcopy" --compress-debug-sections=zstd "$build/vmlinux" "$out/vmlinux"
	# What only the link reads, and any build that changes an object makes again: the
	# relocatable vmlinux.o (93 MB for virt) and kallsyms' passes.
	rm -f "$build/vmlinux.o" "$build"/.tmp_vmlinux*
	mkdir -p "$out/scripts"; cp -rL "$build/scripts/gdb" "$out/scripts/"
	[ -z "$OBJECTS" ] || (cd "$build" && cp --parents $OBJECTS "$out/")
	[ -z "${MODKIT:-}" ] || [ -z "$mods" ] || modkit
	echo "$have" > "$out/stamp"
	echo "$have" > "$build/lab-stamp"
	echo "kbuild: $stage for $target built in $(( $(date +%s) - t0 )) s"
fi
[ -z "${MODULES:-}" ] || modules
