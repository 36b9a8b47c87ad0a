#!/bin/sh
# The config step alone (tools/kconfig.sh, no kernel build), in a scratch build dir: a
# target's fragment passes; with a fragment asking for options Kconfig cannot set on this
# target (CONFIG_X86 has no symbol on ARM; the kuser helpers need an MMU, mps2 has none) it
# exits 1 with one "lab:" line for each, naming the option and that fragment; DROPPED=note
# names them and goes on (the pristine kernel's build).
# Env: TREE, WORK, LAB, CROSS (the engine's), and the tree's (tools/tree.sh prepare).
set -eu
: "${TREE:?}" "${WORK:?}" "${LAB:?}" "${CROSS:?}"
tools/tree.sh prepare
d=$WORK/kconfig-check
rm -rf "$d"; mkdir -p "$d"
base=$LAB/labs/targets/mps2.config bad=$d/impossible.config
printf '%s\n' '# Options no mps2 kernel can have.' CONFIG_X86=y CONFIG_KUSER_HELPERS=y > "$bad"
fail() { echo "kconfig-check: $*" >&2; exit 1; }
# The tree is read while no build of this work dir switches it (kbuild.sh's lock).
mkdir -p "$WORK/build"; exec 9>"$WORK/build/lock"; flock -w 3600 9 || fail "the tree stays busy"
tools/kconfig.sh "$d/build" "$base" > "$d/out" 2>&1 || { cat "$d/out"; fail "mps2.config refused"; }
[ ! -s "$d/out" ] || { cat "$d/out"; fail "mps2.config alone should say nothing"; }
echo "mps2.config alone: configured, every option kept"
! tools/kconfig.sh "$d/build" "$base" "$bad" > "$d/out" 2> "$d/err" ||
	fail "an option Kconfig cannot set was not refused"
[ ! -s "$d/out" ] && [ "$(grep -c . "$d/err")" = 2 ] &&
	grep -q "^lab: $bad asks for CONFIG_X86=y, .* leaves it off" "$d/err" &&
	grep -q "^lab: $bad asks for CONFIG_KUSER_HELPERS=y, .* leaves it off" "$d/err" ||
	{ cat "$d/out" "$d/err"; fail "expected a lab: line for CONFIG_X86 and one for" \
		"CONFIG_KUSER_HELPERS, naming $bad"; }
sed 's/^/with a fragment asking for the impossible: /' "$d/err"
DROPPED=note tools/kconfig.sh "$d/build" "$base" "$bad" > "$d/out" 2>&1 &&
	[ "$(grep -c '^kbuild: .* Kconfig cannot set it in this tree$' "$d/out")" = 2 ] ||
	{ cat "$d/out"; fail "DROPPED=note should name both options and go on"; }
echo "DROPPED=note: both named, exit 0"
rm -rf "$d"
