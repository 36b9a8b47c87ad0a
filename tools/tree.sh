#!/bin/sh
# The kernel work tree: prepare it from Debian's tarball, build stage tags with git am,
# switch stages without losing a learner's edits.
#   tree.sh prepare            unpack + pristine commit (idempotent)
#   tree.sh tags STAGE         make the stage tags up to STAGE (git am on the stage below)
#   tree.sh checkout STAGE     make tags up to STAGE, check it out (refuses on a dirty tree)
#   tree.sh exact STAGE        same, but also when HEAD is already STAGE with edits on top
#   tree.sh ident STAGE        the stage's identity, the same on every clone: the kernel series,
#                              the tarball's hash and patches_id (no tree needed)
# Env: TREE (work tree), TARBALL, SERIES (labs/series), LABS, PATCHES (patches dir), SAVE=1.
set -eu
die() { echo "tree: $*" >&2; exit 2; }
: "${TREE:?}" "${TARBALL:?}" "${SERIES:?}" "${LABS:?}" "${PATCHES:?}"
tree_git() { git -C "$TREE" -c user.name=lab -c user.email=lab@localhost \
	-c advice.detachedHead=false "$@"; }

prepare() {
	[ -d "$TREE/.git" ] && return 0
	[ -r "$TARBALL" ] || die "$TARBALL not found: install linux-source-$SERIES (make deps)"
	tmp="$TREE.unpack"; rm -rf "$tmp"
	# The tree, its git objects and room for the first build (measured: 2.0 GB for 6.1).
	tools/space.sh "$(dirname "$TREE")" 2600 "the kernel tree ($TREE)"
	mkdir -p "$tmp"
	trap 'rm -rf "$tmp"' EXIT	# a failed unpack leaves nothing behind
	echo "tree: unpacking $TARBALL into $TREE"
	t0=$(date +%s)
	err=$(tar -C "$tmp" --strip-components=1 -xf "$TARBALL" 2>&1 >/dev/null) ||
		die "unpacking $TARBALL failed: $(printf '%s\n' "$err" | tail -n 1)"
	v=$(make -s -C "$tmp" kernelversion 2>/dev/null) ||
		die "cannot read the kernel version in $TARBALL"
	case "$v" in "$SERIES".*) ;;
	*) die "$TARBALL holds kernel $v, not $SERIES.x (SERIES=$SERIES)" ;; esac
	# Debian's top-level "/*" rule would hide every new file from git status.
	sed -i '/^# Debian packaging/,$d' "$tmp/.gitignore"
	git -C "$tmp" init -q
	# No automatic gc: it would repack the whole kernel in the background, holding the locks
	# the next git command needs.
	git -C "$tmp" config gc.auto 0 && git -C "$tmp" config maintenance.auto false
	# Each blob straight into one pack, as git does with files over core.bigFileThreshold, at
	# zlib's fastest level: 6.1's objects take 297 MB in 21.5 s, not 503 MB loose in 26.6 s.
	git -C "$tmp" -c core.bigFileThreshold=1 -c core.compression=1 add -f .
	note="Debian's top-level '/*' ignore rule dropped so new files show up."
	TREE=$tmp tree_git commit -q -m "pristine: Debian linux-source-$SERIES ($v)" \
		-m "Unpacked from $TARBALL; $note"
	TREE=$tmp tree_git tag pristine
	mv "$tmp" "$TREE"
	echo "tree: unpacked and committed as pristine ($(( $(date +%s) - t0 )) s)"
	trap - EXIT
}

stages() { tools/stages.sh list; }
prev_of() { tools/stages.sh below "$1" ||
	die "unknown stage '$1' (stages: $(stages | tr '\n' ' '))"; }
# The folder of a stage's patches for this series (labs/series says the rule).
patch_dir() { tools/series.sh patches "$1"; }
# Each stage's identity up to STAGE, "stage id" a line: its patches and those of every stage
# below it, chained from pristine. Made once per command, up to its stage (ids).
chain() {
	id=pristine
	stages | sed "/^$1\$/q" | { set --; while read -r s; do set -- "$@" "$s"; done
		tools/series.sh patches "$@" | while read -r d; do
			id=$( { echo "$id"; cat "$d"/*.patch 2>/dev/null; } | sha1sum)
			id=${id%"${id#????????????????}"}
			echo "$1 $id"; shift
		done; }
}
patches_id() { [ "$1" = pristine ] && { echo pristine; return; }
	printf '%s\n' "$ids" | awk -v s="$1" '$1 == s { print $2; f = 1 } END { exit !f }' ||
		die "unknown stage '$1'"; }

# The tarball's hash, kept in the work dir while its size and time stay the same.
tarball_id() {
	key="$(stat -Lc '%s %Y' "$TARBALL" 2>/dev/null)" ||
		die "$TARBALL not found: install linux-source-$SERIES (make deps)"
	f=${WORK:-$TREE/..}/tarball-id
	if [ "$(sed -n 1p "$f" 2>/dev/null)" != "$key" ]; then
		mkdir -p "${f%/*}"
		{ echo "$key"; sha1sum < "$TARBALL" | cut -c1-12; } > "$f.$$" && mv "$f.$$" "$f"
	fi
	sed -n 2p "$f"
}

dirty() { [ -n "$(tree_git status --porcelain)" ]; }
guard() {
	dirty || return 0
	[ "${SAVE:-0}" = 1 ] || die "uncommitted edits in $TREE ($(tree_git status --porcelain |
		wc -l) files): commit them, or rerun with SAVE=1 to keep them on a branch"
	b="saved/$(date +%Y%m%d-%H%M%S)"
	tree_git checkout -q -b "$b"; tree_git add -A
	tree_git commit -q -m "lab: edits saved before a stage switch"
	echo "tree: your edits are saved on branch $b (git -C $TREE log $b)"
}

ensure_tag() {
	[ "$1" = pristine ] && return 0
	local prev want
	prev=$(prev_of "$1"); ensure_tag "$prev"
	want=$(patches_id "$1") dir=$(patch_dir "$1")
	[ "$(tree_git tag -l --format='%(contents:subject)' "$1")" = "$want" ] && return 0
	ls "$dir"/*.patch >/dev/null 2>&1 || die "no patches in $dir"
	t0=$(date +%s)
	guard
	tree_git checkout -q --detach "$prev"
	tree_git am -q "$dir"/*.patch ||
		{ tree_git am --abort; die "${dir#"$PATCHES"/} do not apply on $prev"; }
	# git am skips a patch whose change is already there: a stage must add commits.
	[ "$(tree_git rev-list --count "$prev..HEAD")" = "$(ls "$dir"/*.patch | wc -l)" ] ||
		die "${dir#"$PATCHES"/} made fewer commits than it has patches on $prev" \
			"(already applied?)"
	tree_git tag -f -a "$1" -m "$want" >/dev/null
	echo "tree: $1 applied on $prev ($(( $(date +%s) - t0 )) s)"
	echo "$1" > "$TREE/.git/lab-stage"
}

checkout() {
	ensure_tag "$1"
	at=$(tree_git rev-parse HEAD)
	if [ "$at" = "$(tree_git rev-parse "$1^{commit}")" ] && ! dirty; then :
	elif [ "${2:-}" != exact ] && [ "$(cat "$TREE/.git/lab-stage" 2>/dev/null)" = "$1" ]; then :
	else guard; tree_git checkout -q --detach "$1"
	fi
	echo "$1" > "$TREE/.git/lab-stage"
}

# A renamed stage (labs/renamed): its old tag goes, and a tree left on it follows the new id.
migrate() {
	tools/stages.sh renames | while read -r old new; do
		if [ "$(cat "$TREE/.git/lab-stage" 2>/dev/null)" = "$old" ]; then
			echo "$new" > "$TREE/.git/lab-stage"
			echo "tree: stage $old is now called $new: this tree follows it"
		fi
		[ -d "$LABS/$old" ] ||
			! tree_git rev-parse -q --verify "refs/tags/$old" >/dev/null ||
			tree_git tag -d "$old" >/dev/null
	done
}

[ -z "${2:-}" ] || [ "$2" = pristine ] || ids=$(chain "$2")
case "${1:-}" in
	prepare) prepare; migrate ;;
	tags) prepare; migrate; ensure_tag "${2:?stage}" ;;
	checkout) prepare; migrate; checkout "${2:?stage}" ;;
	exact) prepare; migrate; checkout "${2:?stage}" exact ;;
	ident) [ "${2:?stage}" = pristine ] || prev_of "$2" >/dev/null
		echo "$SERIES-$(tarball_id)-$(patches_id "$2")" ;;
	*) die "usage: tree.sh prepare|tags STAGE|checkout STAGE|exact STAGE|ident STAGE" ;;
esac
