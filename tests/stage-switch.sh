#!/bin/sh
# A learner's uncommitted edits survive stage switches: on a scratch clone of the work tree,
# a switch with edits is refused and leaves them in place; SAVE=1 keeps them on a branch;
# staying on the same stage keeps them in the tree.
set -eu
: "${TREE:?}" "${WORK:?}"
s=$WORK/switch-check; rm -rf "$s"
git clone -q --shared --no-checkout "$TREE" "$s"
git -C "$s" fetch -q --tags "$TREE"
git -C "$s" checkout -q --detach 00-baseline
echo 00-baseline > "$s/.git/lab-stage"
run() { TREE=$s tools/tree.sh "$@"; }
fail() { echo "stage-switch: $*" >&2; exit 1; }

echo "/* learner edit */" >> "$s/arch/arm/kernel/traps.c"
run checkout 00-baseline || fail "staying on the stage with edits was refused"
grep -q "learner edit" "$s/arch/arm/kernel/traps.c" || fail "edit lost when staying on the stage"
if run checkout 06-move-vector-stubs 2>"$s.err"; then
	fail "switch with uncommitted edits was not refused"; fi
[ "$(wc -l < "$s.err")" = 1 ] && grep -q "uncommitted edits" "$s.err" ||
	fail "refusal is not one clear line: $(cat "$s.err")"
grep -q "learner edit" "$s/arch/arm/kernel/traps.c" || fail "refused switch lost the edit"
SAVE=1 run checkout 06-move-vector-stubs >/dev/null || fail "SAVE=1 switch failed"
b=$(git -C "$s" branch --list 'saved/*' --format='%(refname:short)' | head -1)
[ -n "$b" ] && git -C "$s" show "$b:arch/arm/kernel/traps.c" | grep -q "learner edit" ||
	fail "SAVE=1 did not keep the edit on a branch"
[ "$(git -C "$s" rev-parse HEAD)" = "$(git -C "$s" rev-parse '06-move-vector-stubs^{commit}')" ] ||
	fail "not at 06 after the switch"
echo "stage-switch: refused with '$(cat "$s.err")'; SAVE=1 kept the edit on $b"

# A tree left on a stage that was renamed since (labs/renamed) follows it, edits and all.
git -C "$s" tag -f 12-tmpfile-mode HEAD >/dev/null &&
	echo 11-ext4-tmpfile-oops > "$s/.git/lab-stage"
echo "/* learner edit 2 */" >> "$s/arch/arm/kernel/traps.c"
msg=$(run prepare) || fail "prepare of a tree on a renamed stage failed"
[ "$(cat "$s/.git/lab-stage")" = 13-ext4-tmpfile-oops ] ||
	fail "the tree did not follow the renamed stage"
! git -C "$s" rev-parse -q --verify refs/tags/12-tmpfile-mode >/dev/null ||
	fail "the old tag 12-tmpfile-mode is still there"
grep -q "learner edit 2" "$s/arch/arm/kernel/traps.c" || fail "following a rename lost an edit"
echo "stage-switch: $msg"
rm -rf "$s" "$s.err"
