#!/bin/sh
# Stage kernels built once and shared: an instructor exports them, a class imports them and
# runs, grades and debugs with no kernel build and no kernel tree.
#   kernels.sh export ARCHIVE     stdin: "target stage id" of each kernel built in WORK/out
#   kernels.sh import SRC [once]  SRC: an archive or its URL; once: not again from the same SRC
# An archive (.tar.zst or .tar.xz) holds lab311-kernels/kernels.list ("target stage id"), each
# kernel's out/<target>/<stage>/ (with the module kit of a stage with MODULES), and src/: the
# files of the tree the lab itself reads (KSRC_FILES). A kernel's id (tools/kbuild.sh) is the
# kernel series, the tarball's hash, the patches' hash and the config's hash: an import checks
# every id against this checkout and refuses the archive if one differs.
# Env: WORK TREE, KSRC_FILES, MAKE (to ask make kernel-ids, tools/mk/kernels.mk, for this
# checkout's ids).
set -eu
: "${WORK:?}" "${TREE:?}"
die() { echo "lab: $*" >&2; exit 2; }
top=lab311-kernels

export_() {
	a=$1 st=$WORK/kernels-export.tmp ids=$(cat)
	case "$a" in *.tar.zst) z=--zstd ;; *.tar.xz) z=--xz ;;
	*) die "ARCHIVE=$a: name it .tar.zst or .tar.xz" ;; esac
	rm -rf "$st"; mkdir -p "$st/$top/src"
	trap 'rm -rf "$st" "$a.tmp"' EXIT
	n=0 skipped=""
	while read -r t s id; do
		# Only a kernel built from the stage's tag as this checkout has it: not a learner's
		# edits.
		[ -n "$t" ] || continue
		if [ "$(cat "$WORK/out/$t/$s/stamp" 2>/dev/null)" = "$id" ]; then
			mkdir -p "$st/$top/out/$t"; cp -al "$WORK/out/$t/$s" "$st/$top/out/$t/"
			rm -f "$st/$top/out/$t/$s/imported"
			echo "$t $s $id" >> "$st/$top/kernels.list"; n=$((n + 1))
		else skipped="$skipped $s($t)"; fi
	done <<EOF
$ids
EOF
	[ "$n" -gt 0 ] || die "no kernel in $WORK/out is built from this checkout's stage tags:" \
		"build them first (make test, or make run STAGE=...)"
	# The tree's own files, as Debian ships them (stages do not change them), or those imported.
	if [ -d "$TREE/.git" ]; then
		git -C "$TREE" archive pristine -- $KSRC_FILES | tar -C "$st/$top/src" -xf -
	else (cd "$WORK/kernels/src" && cp --parents $KSRC_FILES "$st/$top/src/"); fi
	# All cores, as the kernels are large. The list comes first: an import reads it, and may
	# refuse the archive, before it unpacks the rest.
	XZ_OPT=${XZ_OPT:--T0} ZSTD_NBTHREADS=${ZSTD_NBTHREADS:-0} tar -C "$st" "$z" -cf "$a.tmp" \
		"$top/kernels.list" "$top/src" "$top/out" && mv "$a.tmp" "$a"
	left=${skipped:+"; not from the tags, left out:$skipped"}
	echo "kernels: $n exported to $a ($(du -h "$a" | cut -f1))$left"
}

import() {
	src=$1 t0=$(date +%s)
	[ -n "$src" ] ||
		die "name the archive: make kernels-import ARCHIVE=file" \
			"(or KERNELS_FROM=file-or-URL)"
	if [ "${2:-}" = once ] && [ "$(cat "$WORK/kernels/from" 2>/dev/null)" = "$src" ]; then
		return 0; fi
	mkdir -p "$WORK/kernels"
	a=$src
	case "$src" in *://*)
		a=$WORK/kernels/download
		echo "kernels: fetching $src"
		curl -fsSL --retry 2 -o "$a" "$src" 2>"$a.err" ||
			die "cannot fetch $src: $(tail -1 "$a.err")" ;;
	esac
	[ -f "$a" ] || die "$a: no such archive"
	st=$WORK/kernels/import.tmp
	rm -rf "$st"; mkdir -p "$st"
	trap 'rm -rf "$st" "$st.err"' EXIT
	l=$st/$top/kernels.list
	untar() { tar -C "$st" -xf "$a" "$@" 2>"$st.err" ||
		die "$src is damaged or not a lab kernels archive: $(grep -v \
			'^tar: \(Child\|Error is not\|Exiting\)' "$st.err" | head -1)"; }
	untar --occurrence=1 "$top/kernels.list"
	[ -s "$l" ] || die "$src is not a lab kernels archive (no $top/kernels.list)"
	"${MAKE:-make}" -s --no-print-directory kernel-ids \
		PAIRS="$(awk '{printf "%s/%s ", $1, $2}' "$l")" > "$st/here"
	# Every kernel must be what this checkout would build: same tarball, patches and config.
	paste -d' ' "$l" "$st/here" | while read -r t s id t2 s2 mine; do
		[ "$t $s" = "$t2 $s2" ] || die "$src: kernels.list is damaged"
		[ "$mine" != unknown ] ||
			die "$src has a kernel of $s for $t, which this checkout does not have"
		[ "$id" = "$mine" ] && continue
		what="other config fragments"
		[ "${id%-*}" = "${mine%-*}" ] || what="other patches"
		[ "${id%-*-*}" = "${mine%-*-*}" ] || what="another linux-source-${mine%%-*} tarball"
		[ "${id%%-*}" = "${mine%%-*}" ] || what="kernel series ${id%%-*} (here ${mine%%-*})"
		die "$src does not match this checkout: its $s for $t was built from $what" \
			"(kernel id ${id}, here ${mine})"
	done || exit 2
	untar --exclude="$top/kernels.list"
	while read -r t s id; do
		stamp=$st/$top/out/$t/$s/stamp
		[ -f "$stamp" ] && [ "$(cat "$stamp")" = "$id" ] ||
			die "$src: the kernel of $s for $t is missing or damaged"
	done < "$l"
	while read -r t s id; do
		rm -rf "$WORK/out/$t/$s"; mkdir -p "$WORK/out/$t"
		mv "$st/$top/out/$t/$s" "$WORK/out/$t/"
		echo "${src##*/}" > "$WORK/out/$t/$s/imported"
	done < "$l"
	rm -rf "$WORK/kernels/src"; mv "$st/$top/src" "$WORK/kernels/src"
	echo "$src" > "$WORK/kernels/from"
	rm -f "$WORK/kernels/download"
	echo "kernels: $(wc -l < "$l") imported from $src ($(( $(date +%s) - t0 )) s):" \
		"runs of their stages build no kernel"
}

case "${1:-}" in
	export) export_ "${2:?archive}" ;;
	import) import "${2:-}" "${3:-}" ;;
	*) echo "usage: kernels.sh export ARCHIVE | import ARCHIVE-or-URL [once]" >&2; exit 2 ;;
esac
