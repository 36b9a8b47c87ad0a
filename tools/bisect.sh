#!/bin/sh
# git bisect run over the lab's stages: a repository of one empty commit per stage, from GOOD
# to BAD in labs/order, each tagged with its stage id; each step checks the stage whose tag
# HEAD carries with STEP (make repro-on: the status it prints decides good, bad or skip).
#   bisect.sh DIR GOOD BAD     Env: STAGES (in order), STEP (a command; K=<stage> is appended)
set -eu
dir=$1 good=$2 bad=$3
: "${STAGES:?}" "${STEP:?}"
die() { echo "lab: $*" >&2; exit 2; }
case " $STAGES " in *" $good "*) ;; *) die "GOOD=$good is no stage";; esac
case " $STAGES " in *" $bad "*) ;; *) die "BAD=$bad is no stage";; esac
rm -rf "$dir" && mkdir -p "$dir"
g() { git -C "$dir" -c user.name=lab -c user.email=lab@localhost \
	-c advice.detachedHead=false "$@"; }
g init -q
on=""
for s in $STAGES; do
	[ "$s" = "$good" ] && on=yes
	[ -n "$on" ] || continue
	g commit -q --allow-empty -m "$s" && g tag "$s"
	[ "$s" = "$bad" ] && break
done
[ -n "$on" ] && g rev-parse -q --verify "refs/tags/$bad" >/dev/null ||
	die "BAD=$bad does not come after GOOD=$good"
# A step: STEP on the stage HEAD names, which prints "repro: on K: exit S"; S 0 is good, "-" (no
# kernel to judge) is git bisect run's skip (125), any other status bad (1), an oops (125 from
# the command's run) and a hang (124) included.
cat > "$dir/.git/step" <<EOF2
#!/bin/sh
out=\$($STEP K="\$(git log -1 --format=%s)" 2>&1)
printf '%s\n' "\$out"
case \$(printf '%s\n' "\$out" | sed -n 's/^repro: on [^ ]*: exit \([^ ]*\).*/\1/p' | tail -n 1) in
0) exit 0 ;;
-|"") exit 125 ;;
*) exit 1 ;;
esac
EOF2
chmod +x "$dir/.git/step"
# git bisect takes GOOD as good and BAD as bad without running them: a reproducer that does not
# tell the two apart would still "find" a stage. Both ends are run first.
step() { (cd "$dir" && g checkout -q "$1" && .git/step) >> "$dir/.git/run.log" 2>&1; }
: > "$dir/.git/run.log"
if step "$bad"; then echo "bisect: the reproducer passes on BAD=$bad: it does not show the" \
	"bug there, so there is nothing to look for"; exit 1; fi
step "$good" || { echo "bisect: the reproducer fails on GOOD=$good already: no first bad" \
	"stage after it"; exit 1; }
g checkout -q "$bad"
g bisect start "$bad" "$good" >/dev/null
g bisect run .git/step >> "$dir/.git/run.log" 2>&1 || true
grep -E '^repro: ' "$dir/.git/run.log" || true
first=$(g bisect log | sed -n 's/^# first bad commit: \[[0-9a-f]*\] //p')
g bisect reset -q >/dev/null 2>&1 || true
if [ -n "$first" ]; then echo "bisect: first bad stage: $first"
else echo "bisect: no first bad stage between $good and $bad (see $dir/.git/run.log)"; exit 1; fi
