#!/bin/sh
# The compiler flags that make an object the same whichever work dir compiles it, so that
# ccache can hand it to another checkout (a class's remote storage, another clone):
#   kflags.sh BUILD          (env: TREE, WORK, DEBUG_PREFIX)
# ccache runs with base_dir = WORK (see kbuild.sh): it rewrites the tree's absolute paths into
# paths relative to the build dir before it hashes and compiles. Then __FILE__ is made relative
# to the tree again, as kbuild's own -fmacro-prefix-map intends for BUG() messages, and the
# debug info names the sources under DEBUG_PREFIX, which gdb and decode_stacktrace.sh map back
# to this work dir.
set -eu
: "${TREE:?}" "${WORK:?}" "${DEBUG_PREFIX:?}"
rel=$(realpath -m --relative-to="$1" "$TREE") work=$(realpath -m "$WORK")
echo "-fmacro-prefix-map=$rel/= -fdebug-prefix-map=$rel/=$DEBUG_PREFIX/linux/" \
	"-fdebug-prefix-map=$work/=$DEBUG_PREFIX/"
