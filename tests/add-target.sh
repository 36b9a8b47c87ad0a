#!/bin/sh
# docs/engine.md's "Adding a target", followed on a clone of the lab: virt2, a copy of virt with
# config fragments of its own, named in the first stage's TARGETS, passes every check that
# builds no kernel, boots with virt's QEMU command, and gets its kernel built and booted in
# make test's plan; each step left out or done wrong is caught with a line that says what.
#   tests/add-target.sh SCRATCH   (emptied; the clone and its work dir go there)
set -u
name=add-target t=virt2 stage=$(LABS=labs tools/stages.sh list | head -n 1)
. tests/add-lib.sh
# tests/qemu-golden.sh's make, which gives it a work dir of its own
export LABMAKE="make -s --no-print-directory"

# 1. the target and its fragments (the first series', then each later one's)
sed "s/^\([A-Z]*\)_virt /\1_$t /; s/^\(CONFIGS_$t *:=\) virt$/\1 $t/" labs/targets/virt.mk \
	> "labs/targets/$t.mk"
for f in labs/targets/virt.config labs/targets/virt@*.config; do
	[ ! -e "$f" ] || cp "$f" "labs/targets/$t${f#labs/targets/virt}"; done
# 2. the stages that run on it
sed -i "s/^TARGETS *:=.*/& $t/" "labs/$stage/stage.mk"
# 3. its QEMU command's golden copy
out=$(UPDATE=1 tests/qemu-golden.sh 2>&1) ||
	{ printf '%s\n' "$out" >&2; fail "UPDATE=1 tests/qemu-golden.sh fails"; }
[ "$(git status --porcelain tests/golden)" = "?? tests/golden/$t.cmd" ] ||
	fail "UPDATE=1 qemu-golden.sh changed more than tests/golden/$t.cmd: $(git status --short)"
commit "$t"

passes check-manifests && echo "$name: make check-manifests: $(echo "$out" | grep "\[$t\]")"
passes run DRYRUN=1 STAGE="$stage" TARGET="$t"
# virt's golden command, for the kernel and run of virt2
want=$(sed "s|/virt/|/$t/|g; s|virt-run|$t-run|g" tests/golden/virt.cmd)
got=$(printf '%s\n' "$out" | tail -n 1 |
	sed "s|$scratch/work|\$WORK|g; s/lab\.time=[0-9]*/lab.time=T/")
[ "$got" = "$want" ] || fail "make run DRYRUN=1 TARGET=$t: not virt's command: $got"
[ ! -e "$scratch/work/out" ] && [ ! -e "$scratch/work/linux" ] ||
	fail "make run DRYRUN=1 built something"
echo "$name: make run DRYRUN=1 STAGE=$stage TARGET=$t: virt's QEMU command on its kernel;" \
	"nothing built"
passes test-plan
printf '%s\n' "$out" | grep -q "^$stage \[$t\]: kernel builds|" &&
	printf '%s\n' "$out" |
	grep -Eq "^$stage \[$t\]: (one boot: )?solution passes every check" ||
	fail "make test-plan builds or boots nothing on $t"
echo "$name: make test-plan: $(printf '%s\n' "$out" | grep -c "\[$t\]") steps of $stage on $t"
tests/qemu-golden.sh >/dev/null || fail "tests/qemu-golden.sh fails"
echo "$name: tests/qemu-golden.sh: $t's command is tests/golden/$t.cmd"

# Each step left out, or done wrong, in turn.
sed -i "s/^IMAGE_$t/IMAGEE_$t/" "labs/targets/$t.mk"
caught "a misspelled key" "^lab: labs/targets/$t.mk:[0-9]+: unknown key" lab run DRYRUN=1
sed -i "s/^CONSOLE_$t/CONSOLE_virt/" "labs/targets/$t.mk"
caught "a key left with virt's name" "^lab: labs/targets/$t.mk:[0-9]+: not a key of target $t" \
	lab check-manifests
sed -i "/^QEMU_$t/d" "labs/targets/$t.mk"
caught "no QEMU line" "^lab: labs/targets/$t.mk: required key QEMU_$t" \
	lab run DRYRUN=1 TARGET="$t"
rm "labs/targets/$t.config"
caught "no config fragment" "^lab: labs/targets/$t.mk:[0-9]+: no such config fragment" lab docs
sed -i "s/ $t$//" "labs/$stage/stage.mk"
caught "not in the stage's TARGETS" "^lab: stage $stage has no target '$t'" \
	lab run DRYRUN=1 STAGE="$stage" TARGET="$t"
rm "tests/golden/$t.cmd"
caught "no golden copy" "$t's QEMU command differs from tests/golden/$t.cmd" \
	tests/qemu-golden.sh
echo "$name: a target copied from virt passes each check above; each step left out fails one"
