#!/bin/sh
# make bench: time the lab's main operations in a scratch work dir with an empty ccache,
# then a warm 'make test' in the real work dir. Prints one line per measurement.
# COLD=1: instead, a fresh clone of the committed HEAD with an empty cache (its own
# XDG_CACHE_HOME: no ccache, no tree, no kernel): 'make run', then 'make test' and where its
# time went. Packages must already be installed: their download is not timed.
set -eu
: "${WORK:?}"
bw=$WORK-bench
rm -rf "$bw"; mkdir -p "$bw"
m() { make -s --no-print-directory WORK="$bw" CCACHE_DIR="$bw/ccache" "$@"; }
t() { label=$1; shift; s=$(date +%s); "$@" >"$WORK/bench.log" 2>&1 || { tail "$WORK/bench.log"; echo "bench: $label failed" >&2; exit 1; }
	printf '%-44s %5d s\n' "$label" $(( $(date +%s) - s )); }
if [ "${COLD:-0}" = 1 ]; then	# the README's two commands as a new user meets them
	d=$(mktemp -d "${TMPDIR:-/tmp}/lab311-cold.XXXXXX")
	git clone -q "$LAB" "$d/lab"
	# A clean environment: nothing of this checkout's make (WORK, TREE, CCACHE_DIR...) leaks in.
	c() { (cd "$d/lab" && env -i PATH="$PATH" HOME="$HOME" XDG_CACHE_HOME="$d/cache" CI=true \
		make -s --no-print-directory "$@" </dev/null); }
	t "fresh clone, empty cache: make run" c run
	t "fresh clone, empty cache: make test" c test
	grep '^# ' "$WORK/bench.log"
	rm -rf "$d"
	exit 0
fi
t "setup (unpack, git, host tools)" m prepare host
t "cold build 00-baseline (empty ccache)" m kernel K=00-baseline KMODE=exact
t "stage switch + build 06-move-vector-stubs" m kernel K=06-move-vector-stubs KMODE=exact
t "switch to pristine + build (ccache warm)" m kernel K=pristine KMODE=exact
t "boot to verdict (06, solution)" m boot K=06-move-vector-stubs T=06-move-vector-stubs EXPECT=all
rm -rf "$bw"
t "make test, warm (real work dir)" make -s --no-print-directory test
grep '^# ' "$WORK/bench.log"
