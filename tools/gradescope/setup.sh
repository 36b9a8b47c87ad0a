#!/bin/sh
# Gradescope's image build (as root, once per autograder version): the instructor's packages,
# then the kernels of the stages to grade (the file "stages" beside this script), so that each
# submission only compiles its tests and boots. The kernels come from kernels.tar.zst beside
# this script when the instructor put one there (make kernels-export), else they are built.
# Debian 12 or 13 (the release picks the kernel series, and so the kernels the archive must
# hold). On Gradescope, its image is built from the lab's Containerfile (docs/hosts.md says
# what of that is untested).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
lab=$here/lab
export DEBIAN_FRONTEND=noninteractive CI=true
make -C "$lab" -s deps ROLE=instructor
[ ! -f "$here/kernels.tar.zst" ] || make -C "$lab" -s kernels-import ARCHIVE="$here/kernels.tar.zst"
for s in $(cat "$here/stages"); do make -C "$lab" -s kernel K="$s" KMODE=exact; done
