#!/bin/sh
# Free what a later run makes again: each target's build dir (objects: the next build of
# another stage compiles again, from the compiler cache), the runs' logs and guests, a class's
# reports, gdb's symbol index (the next gdb start on each kernel reads its DWARF again, 5 s).
# The kernels built (out/), the tree, the compiler cache and the fresh roots stay (a root's
# cache holds another series' kernels: hours of building).
#   cleancache.sh WORK GDB_INDEX
set -eu
total=0
for d in "$1"/build/* "$1"/runs "$1"/class "$1"/class-code "$2"; do
	[ -e "$d" ] || continue
	mb=$(du -sm "$d" | cut -f1)
	rm -rf "$d"
	echo "clean-cache: $d: $mb MB"
	total=$((total + mb))
done
echo "clean-cache: $total MB freed; kept: the kernels ($1/out), the tree, the compiler cache"
