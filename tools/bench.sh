#!/bin/sh
# make bench: time the lab's main operations in a scratch work dir with an empty ccache,
# then a warm 'make test' in the real work dir. Prints one line per measurement, and after
# the builds and each 'make run' or 'make test' the kernel builds they ran (make builds).
# COLD=1: instead, a fresh clone of the committed HEAD with an empty cache (its own
# XDG_CACHE_HOME: no ccache, no tree, no kernel): 'make run', then 'make test' and where its
# time went. Packages must already be installed: their download is not timed.
# Both end with a class's first run on shared kernels: the kernels built by 'make test'
# exported, then a fresh clone with an empty cache, clone to verdict of 'make run KERNELS_FROM='.
# SHARED=1: instead, a class sharing its objects through ccache's remote storage (a server of
# its own on the loopback, tools/ccache-server.sh): the cold build of the first stage that fills
# it, a warm rebuild in the same work dir, then the build in a fresh clone with its own work
# dir and an empty local cache, which has only the remote storage to draw on.
# The default run ends with grade-all's rate; GRADEALL=1: that alone. The class is
# tests/submissions and the solution as a folder and as a tarball, copied COPIES times (default
# 6), graded on FIRST (built already) with TIMEOUT=30: on one core (JOBS=1, pinned there with
# taskset), then on all of them (JOBS=nproc), in learner-stages per second.
# Env: WORK, FIRST (the first stage), LAST (the last stage built for the first one's target).
set -eu
: "${WORK:?}" "${FIRST:?}" "${LAST:?}"
bw=$WORK-bench
# grade-all's rate, and its goal: all cores grade at least 0.9 x cores x the one-core rate.
gradeall() {
	d=$WORK-bench-class cores=$(nproc) r1=""
	rm -rf "$d"; mkdir -p "$d/in/sol/exercises"
	cp -r "solutions/$FIRST" "$d/in/sol/exercises/"
	for k in $(seq 1 "${COPIES:-6}"); do
		for s in tests/submissions/*/; do cp -r "$s" "$d/in/c$k-$(basename "$s")"; done
		cp -r "$d/in/sol" "$d/in/c$k-solutions"
		tar -czf "$d/in/c$k-solutions-tarball.tar.gz" -C "$d/in/sol" exercises
	done
	rm -rf "$d/in/sol"
	n=$(ls "$d/in" | wc -l)
	echo "grade-all: $n learners on $FIRST; load average $(cut -d' ' -f1-3 /proc/loadavg)"
	# cpu FILE: the CPU seconds (user and system) of this shell's children that times wrote.
	cpu() { awk 'NR == 2 { for (i = 1; i <= 2; i++) { split($i, t, "m"); s += t[1] * 60 + t[2] }
		print s }' "$1"; }
	for j in 1 "$cores"; do
		pin=""; [ "$j" != 1 ] || pin="taskset -c 0"
		s=$(date +%s%N); times > "$d/t0"
		$pin make -s --no-print-directory grade-all SUBMISSIONS="$d/in" CLASS="$d/j$j" \
			STAGE="$FIRST" TIMEOUT=30 JOBS="$j" > "$d/j$j.out" 2>&1 ||
			{ tail "$d/j$j.out"; echo "bench: grade-all JOBS=$j failed" >&2; exit 1; }
		ms=$(( ($(date +%s%N) - s) / 1000000 )); times > "$d/t1"
		r=$(awk -v n="$n" -v ms="$ms" 'BEGIN { printf "%.3f", n / ms * 1000 }')
		each=$(awk -v a="$(cpu "$d/t0")" -v b="$(cpu "$d/t1")" -v n="$n" \
			'BEGIN { printf "%.2f", (b - a) / n }')
		printf '%-44s %5s /s (%d in %d s, %s CPU-s each)\n' \
			"grade-all, JOBS=$j${pin:+ on one core}:" "$r" "$n" $((ms / 1000)) "$each"
		r1=${r1:-$r}
	done
	echo "grade-all: load average $(cut -d' ' -f1-3 /proc/loadavg) at the end"
	cmp "$d/j1/summary.csv" "$d/j$cores/summary.csv" || exit 1
	awk -v a="$r" -v b="$r1" -v c="$cores" 'BEGIN { printf "%-44s %5.2f x: %s\n",
		"  goal: at least " 0.9 * c " x the one-core rate", a / b,
		(a >= 0.9 * c * b ? "met" : "not met") }'
	rm -rf "$d"
}
[ "${GRADEALL:-0}" != 1 ] || { gradeall; exit 0; }
rm -rf "$bw"; mkdir -p "$bw"
m() { make -s --no-print-directory WORK="$bw" CCACHE_DIR="$bw/ccache" "$@"; }
t() { label=$1; shift; s=$(date +%s)
	"$@" >"$WORK/bench.log" 2>&1 ||
		{ tail "$WORK/bench.log"; echo "bench: $label failed" >&2; exit 1; }
	last=$(( $(date +%s) - s )); printf '%-44s %5d s\n' "$label" $last; }
# builds TITLE SINCE MAKE...: the kernel builds that MAKE's work dir logged since then, full or
# incremental and why (make builds).
now() { date +%Y-%m-%dT%H:%M:%S; }
builds() { echo "$1:"; since=$2; shift 2; "$@" builds SINCE="$since" | sed 's/^/  /'; }
# goal SECONDS: whether the last measurement met the lab's goal for it (on 2 cores, make test
# within 30 minutes cold and 8 warm).
goal() { [ "$last" -le "$1" ] && r=met || r="not met"
	printf '%-44s %5d s: %s\n' "  goal" "$1" "$r"; }
# A fresh clone of HEAD in $1/lab, with its own cache in $1/cache; f DIR make-args runs make there
# in a clean environment: nothing of this checkout's make (WORK, TREE, CCACHE_DIR...) leaks in.
clone() { git clone -q "$LAB" "$1/lab"; }
f() { (c=$1; shift; cd "$c/lab" &&
	env -i PATH="$PATH" HOME="$HOME" XDG_CACHE_HOME="$c/cache" CI=true \
	${CCACHE_REMOTE_STORAGE:+CCACHE_REMOTE_STORAGE="$CCACHE_REMOTE_STORAGE"} \
	make -s --no-print-directory "$@" </dev/null); }
shared() { clone "$1" && f "$1" run KERNELS_FROM="$2"; }
if [ "${SHARED:-0}" = 1 ]; then
	tools/ccache-server.sh "$bw/server" 127.0.0.1 >"$bw/server.out" 2>&1 &
	srv=$!
	trap 'kill $srv 2>/dev/null || true' EXIT
	until grep -qs '^CCACHE_REMOTE_STORAGE=' "$bw/server.out"; do
		kill -0 $srv 2>/dev/null || { cat "$bw/server.out"; exit 1; }; sleep 0.2; done
	export CCACHE_REMOTE_STORAGE="$(sed -n 's/^CCACHE_REMOTE_STORAGE=//p' "$bw/server.out")"
	t "setup (unpack, git, host tools)" m prepare host
	t "cold build $FIRST, filling the server" m kernel K=$FIRST KMODE=exact
	rm -rf "$bw/build" "$bw/out"
	t "warm rebuild $FIRST (same work dir)" m kernel K=$FIRST KMODE=exact
	warm=$last
	d=$(mktemp -d "${TMPDIR:-/tmp}/lab311-shared.XXXXXX")
	clone "$d"
	t "fresh clone: setup" f "$d" prepare host
	t "fresh clone, remote storage only: $FIRST" f "$d" kernel K=$FIRST KMODE=exact
	CCACHE_DIR=$d/cache/lab311/ccache ccache --print-stats > "$bw/stats"
	n() { sed -n "s/^$1\t//p" "$bw/stats"; }
	ratio=$(awk "BEGIN { printf \"%.2f\", $last / ($warm > 0 ? $warm : 1) }")
	echo "fresh clone: $(n remote_storage_hit) remote hits, $(n cache_miss) compiled;" \
		"${ratio}x the warm rebuild (goal: at most 1.5x)"
	rm -rf "$d" "$bw"
	exit 0
fi
if [ "${COLD:-0}" = 1 ]; then	# the README's two commands as a new user meets them
	unset CCACHE_REMOTE_STORAGE	# an empty cache: no class's storage either
	d=$(mktemp -d "${TMPDIR:-/tmp}/lab311-cold.XXXXXX")
	clone "$d"
	s0=$(now)
	t "fresh clone, empty cache: make run" f "$d" run
	builds "kernel builds of make run" "$s0" f "$d"
	s0=$(now)
	t "fresh clone, empty cache: make test" f "$d" test
	goal 1800
	grep '^# ' "$WORK/bench.log"
	builds "kernel builds of make test" "$s0" f "$d"
	t "export the kernels make test built" f "$d" kernels-export ARCHIVE="$d/kernels.tar.zst"
	mkdir "$d/class"
	t "fresh clone, shared kernels: make run" shared "$d/class" "$d/kernels.tar.zst"
	rm -rf "$d"
	exit 0
fi
# A learner's first run on a fresh Debian 12 root (debootstrap: tests/fresh-root.sh), its kernel
# built cold; the packages come from the roots' own download cache after the first time.
t "fresh Debian 12 root: git clone to verdict" tests/fresh-root.sh learner bookworm
sed -n 's/^fresh bookworm root: //p' "$WORK/bench.log"
t "setup (unpack, git, host tools)" m prepare host
s0=$(now)
t "cold build $FIRST (empty ccache)" m kernel K=$FIRST KMODE=exact
t "stage switch + build $LAST" m kernel K=$LAST KMODE=exact
rm -rf "$bw"/out/*/"$FIRST"	# its objects are still in the cache: a step back costs a relink
t "back to $FIRST + build (ccache warm)" m kernel K=$FIRST KMODE=exact
builds "kernel builds of these three" "$s0" m
t "boot to verdict ($LAST, solution)" m boot K=$LAST T=$LAST EXPECT=all
rm -rf "$bw"
s0=$(now)
t "make test, warm (real work dir)" make -s --no-print-directory test
goal 480
grep '^# ' "$WORK/bench.log"
builds "kernel builds of make test (warm: none should be full)" "$s0" \
	make -s --no-print-directory
d=$(mktemp -d "${TMPDIR:-/tmp}/lab311-shared.XXXXXX")
t "export the kernels make test built" \
	make -s --no-print-directory kernels-export ARCHIVE="$d/kernels.tar.zst"
t "fresh clone, shared kernels: make run" shared "$d" "$d/kernels.tar.zst"
rm -rf "$d"
gradeall
