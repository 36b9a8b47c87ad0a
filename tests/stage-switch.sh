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
if run checkout 06-move-vector-stubs 2>"$s.err"; then fail "switch with uncommitted edits was not refused"; fi
[ "$(wc -l < "$s.err")" = 1 ] && grep -q "uncommitted edits" "$s.err" || fail "refusal is not one clear line: $(cat "$s.err")"
grep -q "learner edit" "$s/arch/arm/kernel/traps.c" || fail "refused switch lost the edit"
SAVE=1 run checkout 06-move-vector-stubs >/dev/null || fail "SAVE=1 switch failed"
b=$(git -C "$s" branch --list 'saved/*' --format='%(refname:short)' | head -1)
[ -n "$b" ] && git -C "$s" show "$b:arch/arm/kernel/traps.c" | grep -q "learner edit" || fail "SAVE=1 did not keep the edit on a branch"
[ "$(git -C "$s" rev-parse HEAD)" = "$(git -C "$s" rev-parse '06-move-vector-stubs^{commit}')" ] || fail "not at 06 after the switch"
echo "stage-switch: refused with '$(cat "$s.err")'; SAVE=1 kept the edit on $b"
rm -rf "$s" "$s.err"
