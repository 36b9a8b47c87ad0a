#!/bin/sh
# The grading image as the graders run it (make grading-image, tools/container/Containerfile.grade):
# built with one stage's kernels alone, then run by podman with no network, half a CPU, 768 MB
# and uid 1000, once per grader's format on each of two hand-ins, the stage's solution (full
# marks) and its skeleton (0). Gradescope's and PrairieLearn's runs take their graders' paths
# (/autograder/run_autograder; lab311-grade-prairielearn, the upload a tarball in /grade/student);
# Autolab's grades a tarball, and its output must end with the autoresult. The container must
# have had the limits asked; each file must pass its format's check (tests/graders.sh check),
# carry the score and be written by uid 1000; no run may build a kernel or take over 60 s. The
# seconds per learner-stage are each run's, from podman run to its exit.
#   grading-image.sh ARCHIVE STAGE    Env: WORK, LAB, ROOTS (tools/freshroot.sh's roots),
#                                     LABMAKE (make as the suite runs it)
set -eu
: "${WORK:?}" "${LAB:?}" "${ROOTS:?}" "${LABMAKE:?}"
archive=$1 stage=$2
d=$WORK/grading-image-test
fail() { echo "grading-image: $*" >&2; exit 1; }
command -v podman >/dev/null || fail "podman is missing"
rm -rf "$d" && mkdir -p "$d"
"$LAB/tests/container/podman-conf.sh" "$d/containers.conf"
export CONTAINERS_CONF=$d/containers.conf
# No image registry is reachable from the lab's build machines: the fresh Debian root of the
# kernel series' release stands in for the public image of that name.
rel=$(tools/series.sh codename)
tools/freshroot.sh make "$rel"
podman image exists "docker.io/library/debian:$rel" ||
	podman import -q "$ROOTS/$rel.tar" "docker.io/library/debian:$rel" >/dev/null

# The image, under a tag of the suite's own; the one it replaces goes, with the layers only it
# used (the packages' layer stays, shared).
tag=lab311-grade:suite
old=$(podman image inspect --format '{{.Id}}' "$tag" 2>/dev/null) || old=
$LABMAKE grading-image ARCHIVE="$archive" STAGE="$stage" GRADING_TAG="$tag" ENGINE=podman \
	DEBS="$ROOTS/debs-$rel" > "$d/build.log" 2>&1 ||
	fail "the build failed: $(tail -5 "$d/build.log")"
grep '^grading image:' "$d/build.log"
new=$(podman image inspect --format '{{.Id}}' "$tag")
[ -z "$old" ] || [ "$old" = "$new" ] || podman rmi "$old" >/dev/null 2>&1 || true

# The hand-ins: the solution as a folder of exercises/, the skeleton as a clone's top folder,
# each also as a tarball (Autolab's handin).
mkdir -p "$d/solution/exercises" "$d/skeleton/lab/exercises"
cp -R "solutions/$stage" "$d/solution/exercises/"
cp -R "exercises/$stage" "$d/skeleton/lab/exercises/"
for h in solution skeleton; do tar -C "$d/$h" -czf "$d/$h.tar.gz" .; done

# grade HAND-IN FORMAT: one run of the image in that grader's way; prints its seconds.
runs=0 total=0 worst=0
grade() {
	h=$1 f=$2 o=$d/$1-$2
	mkdir -p "$o/results"
	file=$(case $f in prairielearn|gradescope) echo results.json ;; autolab) echo autolab.txt ;;
		classroom50) echo classroom50.json ;; junit) echo junit.xml ;; esac)
	set -- lab311-grade
	case $f in
	gradescope) mounts="-v $d/$h:/autograder/submission:ro -v $o/results:/autograder/results"
		set -- /autograder/run_autograder ;;
	prairielearn) mkdir "$o/student" && cp "$d/$h.tar.gz" "$o/student/exercises.tar.gz"
		mounts="-v $o:/grade"
		set -- lab311-grade-prairielearn ;;
	autolab) mounts="-v $d/$h.tar.gz:/handin.tar.gz:ro -v $o/results:/results"
		set -- lab311-grade /handin.tar.gz ;;
	*) mounts="-v $d/$h:/submission:ro -v $o/results:/results" ;;
	esac
	chown -R 1000:1000 "$o"
	t0=$(date +%s%N)
	# shellcheck disable=SC2086
	podman run --rm --network=none --cpus=0.5 --memory=768m --user 1000:1000 $mounts \
		-e FORMATS="$f" -e LEARNER="$h" "$tag" sh -c '"$@"; rc=$?
		# What the run had (cgroup v2, else v1), and its peak memory.
		g=/sys/fs/cgroup
		v() { x=$(cat "$@" 2>/dev/null | head -1); [ -n "$x" ] && echo "$x"; }
		cpu=$(v $g/cpu.max ||
			echo "$(v $g/cpu/cpu.cfs_quota_us) $(v $g/cpu/cpu.cfs_period_us)")
		mem=$(v $g/memory.max || v $g/memory/memory.limit_in_bytes)
		net=$(ls /sys/class/net | xargs)
		echo "limits: cpu $cpu, memory $mem, uid $(id -u), net $net" >&2
		p=$(v $g/memory.peak || v $g/memory/memory.max_usage_in_bytes)
		echo "peak memory: $(( ${p:-0} / 1048576 )) MB" >&2
		exit $rc' sh "$@" > "$o/run.out" 2> "$o/run.log" ||
		fail "$h in $f: the run failed: $(tail -5 "$o/run.out" "$o/run.log")"
	ms=$(( ($(date +%s%N) - t0) / 1000000 ))
	r=$o/results
	grep -qx 'limits: cpu 50000 100000, memory 805306368, uid 1000, net lo' "$o/run.log" ||
		fail "$h in $f: the container had other limits: $(grep '^limits:' "$o/run.log")"
	[ "$(stat -c %u "$r/$file")" = 1000 ] || fail "$h in $f: $file was not written by uid 1000"
	! grep -Eq '^(kbuild: .* built|tree: unpacking)' "$r/grade.log" ||
		fail "$h in $f: the run built a kernel: $(grep -E '^(kbuild|tree):' "$r/grade.log")"
	OUT=$d/check tests/graders.sh check "$f" "$r/$file" ||
		fail "$h in $f: $r/$file is not valid"
	[ "$f" != autolab ] || [ "$(tail -1 "$o/run.out")" = "$(tail -1 "$r/$file")" ] ||
		fail "$h in $f: the output ends with another line: $(tail -1 "$o/run.out")"
	# The score each format carries: all of the points, or none.
	case $f in
	gradescope) s=$(jq '.score == .extra_data.max_score' "$r/$file") ;;
	prairielearn) s=$(jq '.score == 1' "$r/$file") ;;
	autolab) s=$(tail -1 "$r/$file" | jq --slurpfile g "$r/results.json" \
		'.scoreboard[0] == $g[0].extra_data.max_score') ;;
	classroom50) s=$(jq '.score == ."max-score"' "$r/$file") ;;
	junit) s=$([ "$(xmllint --xpath 'string(/testsuites/@failures)' "$r/$file")" = 0 ] &&
		echo true || echo false) ;;
	esac
	z=$(case $f in
		prairielearn) jq '.score == 0' "$r/$file" ;;
		*) jq '.score == 0 and .extra_data.max_score > 0' "$r/results.json" ;; esac)
	case $h:$s:$z in solution:true:false|skeleton:false:true) ;;
	*) fail "$h in $f: the score is wrong: $(grep -m1 "^$h " "$r/grade.log")" ;;
	esac
	runs=$((runs + 1)) total=$((total + ms))
	[ "$ms" -le "$worst" ] || worst=$ms
	[ "$ms" -le 60000 ] ||
		fail "$h in $f: $((ms / 1000)) s for one learner-stage (the goal: 60 s at most)"
	echo "$h in $f: $file valid, $([ "$h" = solution ] && echo "full marks" || echo 0)," \
		"$(awk -v m="$ms" 'BEGIN { printf "%.1f", m / 1000 }') s," \
		"$(sed -n 's/^peak memory: //p' "$o/run.log") at most"
}
for f in gradescope prairielearn autolab classroom50 junit; do
	grade solution "$f"
	grade skeleton "$f"
done
s1=$(awk -v t="$total" -v n="$runs" 'BEGIN { printf "%.1f", t / n / 1000 }')
echo "grading image: $runs runs on $stage, no network, uid 1000, half a CPU, 768 MB:" \
	"$s1 s per learner-stage on average," \
	"$(awk -v w="$worst" 'BEGIN { printf "%.1f", w / 1000 }') s at most"
