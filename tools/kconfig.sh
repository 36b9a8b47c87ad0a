#!/bin/sh
# Configure a kernel build dir from config fragments, then check that every option they ask
# for is in its .config with the value asked for, as kunit checks its .kunitconfig. Kconfig
# drops without a word an option it cannot set: no such symbol on ARM, a dependency not met,
# no prompt. The last fragment to name an option has the say; "# CONFIG_X is not set" asks for
# it off, which an option left out of the .config is too.
#   kconfig.sh BUILD FRAGMENT...
# Each option dropped gets one "lab:" line naming it and its fragment; the exit is then 1.
# Env: TREE, CROSS; LAB (fragments are named relative to it); DROPPED=note: name them in
# "kbuild:" lines and go on (Debian's tree before the lab's baseline lacks the baseline's
# prompts).
set -eu
: "${TREE:?}" "${CROSS:?}" "${LAB:=}"
build=$1; shift
mkdir -p "$build"
# allnoconfig with the fragments merged (an option none of them names is off), then
# olddefconfig, as the build's own syncconfig would.
( cd "$TREE" && ARCH=arm CROSS_COMPILE="$CROSS" scripts/kconfig/merge_config.sh -n -O "$build" \
	"$@" && make -s ARCH=arm CROSS_COMPILE="$CROSS" O="$build" olddefconfig ) \
	>"$build/merge.log" 2>&1 || { tail "$build/merge.log" >&2; exit 1; }
awk -v lab="${LAB:+$LAB/}" -v conf="$build/.config" -v note="${DROPPED:-}" '
	function opt(line) {	# the option a fragment or .config line sets, with its value in v
		if (match(line, /^CONFIG_[A-Za-z0-9_]+=/)) {
			v = substr(line, RLENGTH + 1); return substr(line, 1, RLENGTH - 1) }
		if (line ~ /^# CONFIG_[A-Za-z0-9_]+ is not set$/) { v = "n"; return $2 }
		return "" }
	FILENAME != conf { o = opt($0); if (o == "") next
		if (!(o in want)) order[++n] = o
		want[o] = v; from[o] = FILENAME
		if (lab != "" && index(FILENAME, lab) == 1)
			from[o] = substr(FILENAME, length(lab) + 1)
		next }
	{ o = opt($0); if (o != "") have[o] = v }
	END { for (i = 1; i <= n; i++) { o = order[i]; h = (o in have) ? have[o] : "n"
		if (h == "n" && want[o] == "n" || h == want[o]) continue
		printf "%s: %s asks for %s, but olddefconfig leaves it %s: Kconfig cannot " \
			"set it%s\n", note ? "kbuild" : "lab", from[o],
			want[o] == "n" ? o " off" : o "=" want[o], h == "n" ? "off" : "at " h,
			note ? " in this tree" : "" > (note ? "/dev/stdout" : "/dev/stderr")
		bad = 1 }
	      exit bad && !note }' "$@" "$build/.config"
