#!/bin/sh
# Two work dirs share compiled objects through ccache's remote storage, as a class would: a
# Redis server of the test's own on the loopback (tools/ccache-server.sh); a small C file in a
# tree laid out like the kernel's, compiled as tools/kbuild.sh compiles (its base_dir, the
# flags of tools/kflags.sh, its locale sloppiness) in work dir a with an empty local cache and
# one locale, then in work dir b with another cache and another locale. b must get it from the
# server, byte for byte, with __FILE__ relative to the tree,
# and gdb must list the source from b's tree (a's is gone by then).
set -eu
: "${WORK:?}" "${CROSS:?}" "${DEBUG_PREFIX:?}"
d=$WORK/ccache-remote; rm -rf "$d"; mkdir -p "$d"
fail() { echo "ccache-remote: $*" >&2; exit 1; }
tools/ccache-server.sh "$d/server" 127.0.0.1 >"$d/server.out" 2>&1 &
srv=$!
trap 'kill $srv 2>/dev/null || true' EXIT
until url=$(sed -n 's/^CCACHE_REMOTE_STORAGE=//p' "$d/server.out" 2>/dev/null) && [ -n "$url" ]; do
	kill -0 $srv 2>/dev/null || fail "the server did not start: $(cat "$d/server.out")"
	sleep 0.2
done

compile() {	# compile WORKDIR LOCALE: the same file in another tree, with an empty local cache
	w=$d/$1 tree=$d/$1/linux build=$d/$1/build/virt
	mkdir -p "$tree/lib" "$tree/include" "$build/lib"
	printf 'static inline int twice(int x)\n{\n\treturn 2 * x;\n}\n' > "$tree/include/share.h"
	printf '#include <share.h>\nconst char *where = __FILE__;\nint share(int x)\n%b\n' \
		'{\n\treturn twice(x) + 1;\n}' > "$tree/lib/share.c"
	flags=$(WORK=$w TREE=$tree tools/kflags.sh "$build")
	(cd "$build" && LANG=$2 CCACHE_DIR=$w/ccache CCACHE_BASEDIR=$(realpath "$w") \
		CCACHE_SLOPPINESS=locale CCACHE_REMOTE_STORAGE=$url \
		ccache "${CROSS}gcc" -g -O2 $flags -I"$tree/include" -c -o lib/share.o \
		"$tree/lib/share.c")
	CCACHE_DIR=$w/ccache ccache --print-stats > "$w/stats"
}
stat() { sed -n "s/^$1\t//p" "$d/$2/stats"; }
compile a C
[ "$(stat remote_storage_miss a)" = 1 ] ||
	fail "work dir a did not ask the server ($(stat remote_storage_miss a) misses)"
rm -rf "$d/a/linux"
compile b C.UTF-8
echo "work dir b: $(stat remote_storage_hit b) remote hit, $(stat cache_miss b) compiled," \
	"from $(realpath "$d/b")"
[ "$(stat remote_storage_hit b)" = 1 ] && [ "$(stat cache_miss b)" = 0 ] ||
	fail "work dir b compiled instead of using a's object"
cmp "$d/a/build/virt/lib/share.o" "$d/b/build/virt/lib/share.o" || fail "the two objects differ"
strings "$d/b/build/virt/lib/share.o" | grep -qx lib/share.c || fail "__FILE__ is not lib/share.c"
src=$(gdb-multiarch -batch -nx -iex "set substitute-path $DEBUG_PREFIX $d/b" \
	-ex "list share.c:1,6" "$d/b/build/virt/lib/share.o" 2>&1)
printf '%s\n' "$src" | grep -q 'return twice(x) + 1;' || fail "gdb did not list b's source: $src"
echo "gdb lists it from b's tree: $(printf '%s\n' "$src" | grep 'return twice')"
rm -rf "$d"
