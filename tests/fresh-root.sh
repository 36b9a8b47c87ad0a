#!/bin/sh
# The README's first command on a fresh machine: a new Debian root (tools/freshroot.sh) clones
# this checkout's HEAD and runs 'make run' on kernels exported from this work dir, with no
# terminal, as a new learner would. Prints what was installed and how long it took.
#   fresh-root.sh learner RELEASE [ARCHIVE]   a verdict on the first try, only the learner's
#                                             packages, no service enabled (with no ARCHIVE,
#                                             the root builds its kernel: its compiler cache
#                                             is kept in ROOTS/cache-RELEASE, as a learner's is)
#   fresh-root.sh suite RELEASE [MAKEVARS]    as learner (with no ARCHIVE), then make test
#                                             PART=stages MAKEVARS in the same root, its work
#                                             dir and compiler cache kept in ROOTS/cache-RELEASE
#                                             (the release's own kernel series and compilers)
#   fresh-root.sh gradescope RELEASE ARCHIVE ZIP   setup.sh, then run_autograder on a solution
#   fresh-root.sh release RELEASE ARCHIVE     LAB a learner's release (make release): make run
#                                             and make grade verdicts with no solutions/
# Env: WORK, ROOTS (tools/freshroot.sh), LAB.
set -eu
: "${WORK:?}" "${ROOTS:?}" "${LAB:?}"
what=$1 rel=$2 archive=${3:-} vars=
# suite's third argument is make's variables; its learner's run builds its kernel.
[ "$what" != suite ] || { vars=$archive archive=; }
d=$WORK/fresh-$rel-$what
fail() { echo "fresh $rel root ($what): $*" >&2; exit 1; }
mkdir -p "$d" && rm -rf "$d/io" && mkdir -p "$d/io"
[ "$what" = suite ] || [ -z "$archive" ] || ln "$archive" "$d/io/kernels.tar.zst" 2>/dev/null ||
	cp "$archive" "$d/io/"
# What the root has before and after the run, compared on the host: installed packages (and
# which were asked for), foreign architectures, and services enabled to start at boot.
state() { echo "dpkg-query -W -f='\${Package}:\${Architecture}\n' | sort > /io/$1.pkgs
	apt-mark showmanual | sort > /io/$1.manual
	dpkg --print-foreign-architectures > /io/$1.archs
	find /etc/systemd/system /etc/rc[2-5].d -name '*.service' -o -name 'S*' 2>/dev/null |
		sort > /io/$1.units"; }
keep=$ROOTS/cache-$rel
mkdir -p "$keep/ccache"
inroot() { BIND="$LAB:/lab.git $d/io:/io ${2:-}" tools/freshroot.sh run "$rel" "$d/root" \
	sh -c "$1"; }
clone_run="git clone -q /lab.git /root/lab && cd /root/lab && s=\$(date +%s)"
# The learner's make run (first try, learner's packages only), and what it installed.
learner_run="$(state before); git clone -q /lab.git \$HOME/first && cd \$HOME/first &&
	s=\$(date +%s); make run ${archive:+KERNELS_FROM=/io/kernels.tar.zst} </dev/null \
	>/io/run.log 2>&1; echo \$? \$((\$(date +%s) - s)) > /io/rc; $(state after);
	ROLE=learner sh -c '. tools/packages.sh; echo \$pkgs > /io/learner
		echo \$others > /io/others'; cd /"
learner_verdict() {
	read -r rc secs < "$d/io/rc"
	grep -E '^(deps|kernels|kbuild|reference|you):' "$d/io/run.log" | cut -c1-160
	[ "$rc" = 0 ] && grep -q '^reference: .*: PASS' "$d/io/run.log" ||
		fail "make run exited $rc, no reference PASS: $(tail -3 "$d/io/run.log")"
	asked=$(comm -13 "$d/io/before.manual" "$d/io/after.manual" | sed 's/:amd64$//' | xargs)
	# The learner's list as the root's release has it, less what the root had already (git,
	# make, perl...).
	want=$(tr ' ' '\n' < "$d/io/learner" |
		while read -r p; do case $p in *:*) q=$p ;; *) q=$p: ;; esac
			grep -q "^$q" "$d/io/before.pkgs" || echo "$p"; done | sort | xargs)
	[ "$asked" = "$want" ] || fail "asked apt for '$asked', the learner's list is '$want'"
	for p in $(cat "$d/io/others"); do
		grep -q "^${p%:*}:" "$d/io/after.pkgs" &&
			fail "$p is installed: not a learner's package"; done
	new=$(comm -13 "$d/io/before.units" "$d/io/after.units" | xargs)
	[ -z "$new" ] || fail "services enabled at boot: $new"
	echo "fresh $rel root: verdict PASS on the first try, $secs s from git clone to verdict" \
		"($([ -n "$archive" ] && echo "kernel imported" ||
			echo "kernel built, with the release's compiler cache"); packages" \
		"installed: $(comm -13 "$d/io/before.pkgs" "$d/io/after.pkgs" | wc -l)," \
		"asked for: $(echo "$want" | wc -w), services enabled: none)"
}
case $what in
learner)
	inroot "$learner_run" \
		"$([ -n "$archive" ] || echo "$keep/ccache:/root/.cache/lab311/ccache")" ||
		fail "the root did not run"
	learner_verdict ;;
release)
	# A learner's release: no solutions/ in the clone; make run, then make grade of the stage.
	inroot "$clone_run; test ! -e solutions && make run KERNELS_FROM=/io/kernels.tar.zst \
		</dev/null >/io/run.log 2>&1; make grade STAGE=\$(make -s where |
		sed -n 's/^stage: *\([^ ]*\).*/\1/p') </dev/null >/io/grade.log 2>&1;
		echo \$? \$((\$(date +%s) - s)) > /io/rc" || fail "the root did not run"
	read -r rc secs < "$d/io/rc"
	grep -E '^(reference|you|next):' "$d/io/run.log" | cut -c1-160
	grep -q '^reference: none in this copy' "$d/io/run.log" &&
		grep -Eq '^you: exercises/[^ ]+ scores 0/[1-9]' "$d/io/run.log" ||
		fail "make run gave no score of the learner's own: $(tail -3 "$d/io/run.log")"
	grep -E '^(  score |verdict: )' "$d/io/grade.log" | head -2
	grep -q '^verdict: FAIL: [0-9]* of [0-9]* checks fail' "$d/io/grade.log" ||
		fail "make grade gave no verdict on the skeleton: $(tail -3 "$d/io/grade.log")"
	echo "fresh $rel root, a learner's release: make run and make grade verdicts with no" \
		"solutions/, $secs s from git clone" ;;
suite)
	# First the learner's make run (its work dir apart, in the root: XDG_CACHE_HOME; the
	# compiler cache kept), then the suite's stages with the work dir kept.
	inroot "export XDG_CACHE_HOME=\$HOME/first-cache CCACHE_DIR=/root/.cache/lab311/ccache
		$learner_run; unset XDG_CACHE_HOME CCACHE_DIR; $clone_run;
		make test PART=stages ROLE=learner $vars </dev/null >/io/suite.log 2>&1;
		echo \$? \$((\$(date +%s) - s)) > /io/suite.rc" "$keep:/root/.cache/lab311" ||
		fail "the root did not run"
	learner_verdict
	read -r rc secs < "$d/io/suite.rc"
	grep -E '^(not ok|#   )' "$d/io/suite.log" | cut -c1-160
	last=$(tail -1 "$d/io/suite.log")
	echo "$rel root: make test PART=stages $vars:" \
		"$(grep -c '^ok ' "$d/io/suite.log") steps ok; $last; $secs s from git clone"
	[ "$rc" = 0 ] && echo "$last" | grep -q ' passed, 0 failed$' || fail "$last" ;;
gradescope)
	zip=$4; rm -rf "$d/io/ag" && mkdir -p "$d/io/ag/source" "$d/io/ag/submission/exercises"
	unzip -q "$zip" -d "$d/io/ag/source"	# as Gradescope does, modes kept
	s=$(head -1 "$d/io/ag/source/stages")
	cp -r "$LAB/solutions/$s" "$d/io/ag/submission/exercises/"
	cp "$d/io/kernels.tar.zst" "$d/io/ag/source/"
	inroot "cd /io/ag/source && sh setup.sh >/io/setup.log 2>&1 && \
		AUTOGRADER=/io/ag sh ./run_autograder >/io/grade.log 2>&1; echo \$? > /io/rc" ||
		fail "the root did not run"
	[ "$(cat "$d/io/rc")" = 0 ] || fail "setup.sh or run_autograder failed:" \
		"$(cat "$d/io/setup.log" "$d/io/grade.log" 2>/dev/null | tail -n 3)"
	r=$d/io/ag/results/results.json
	score=$(jq .score "$r") max=$(jq .extra_data.max_score "$r")
	echo "gradescope in a fresh $rel root: the solution of $s scores $score of $max"
	[ "$score" = "$max" ] && [ "$max" != 0 ] ||
		fail "the solution scored $score of $max: $(jq -r .output "$r")" ;;
*) fail "unknown check" ;;
esac
# Only the logs stay: a root is about 1.5 GB once the learner's packages are in.
rm -rf "$d/root"
