#!/bin/sh
# A full disk says so in one line: make run with its work dir on a 300 MB tmpfs stops before
# unpacking the tree, with one 'lab:' line naming the dir, the space needed and the space
# free, and leaves nothing half-made behind. Env: LABMAKE (the engine's make), SCRATCH.
set -u
: "${LABMAKE:?}" "${SCRATCH:?}"
m=$SCRATCH/disk-full
fail() { umount "$m" 2>/dev/null; echo "disk-full: $*" >&2; exit 1; }
mkdir -p "$m" && mount -t tmpfs -o size=300m lab-disk-full "$m" || fail "cannot mount a tmpfs"
$LABMAKE run STAGE="${STAGE:-06-move-vector-stubs}" WORK="$m/w" > "$m.out" 2> "$m.err"
rc=$?
said=$(grep -Ev '^make(\[[0-9]+\])?: \*\*\*' "$m.err")
left=$(ls -d "$m"/w/linux* 2>/dev/null)
umount "$m"
[ "$rc" != 0 ] || fail "make run passed on 300 MB"
[ "$(printf '%s\n' "$said" | grep -c .)" = 1 ] || fail "not one line: $said"
printf '%s\n' "$said" |
	grep -Eq "^lab: .* needs about [0-9]+ MB in $m/w, which has [0-9]+ MB free" ||
	fail "said: $said"
[ -z "$left" ] || fail "left behind: $left"
echo "disk-full: exit $rc: $said"
rm -f "$m.out" "$m.err"
