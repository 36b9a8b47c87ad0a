#!/bin/sh
# The docs build fails when a stage page and its patches disagree, or a link to the kernel's
# sites has the wrong shape (tools/docs_hook.py): on a scratch copy of the docs, each way of
# breaking 06's page must fail `mkdocs build` with its own error, and the page as committed
# must build. Usage: tests/docs-drift.sh [SCRATCH DIR].
set -eu
s=${1:-${WORK:-/tmp}/docs-drift}; page=docs/labs/06-move-vector-stubs.md
fail() { echo "docs-drift: $*" >&2; exit 1; }
# try NAME EXPECTED-ERROR SED-SCRIPT: break the copy's page with sed, build, expect the error.
try() {
	rm -rf "$s" && mkdir -p "$s/labs" && cp -r docs patches tools mkdocs.yml "$s/" &&
		cp labs/renamed "$s/labs/"  # the redirect pages of renamed stages
	sed -i "$3" "$s/$page"
	if (cd "$s" && mkdocs build --strict -q -d "$s/site") >"$s.err" 2>&1; then
		[ -z "$2" ] || fail "$1: the build passed"
	else
		[ -n "$2" ] || fail "$1: the build failed: $(cat "$s.err")"
		grep -q -- "$2" "$s.err" || fail "$1: no '$2' in: $(cat "$s.err")"
	fi
	echo "docs-drift: $1: ${2:-builds}"
}
try "the page as committed" "" ""
try "a hunk left out" "hunk 3 of 0001-ARM-move-vector-stubs.patch .* is not shown" \
	'/^{{ hunk 0001 3 }}$/d'
try "a hunk that does not exist" "has 12 hunks" 's/^{{ hunk 0001 12 }}$/&\n\n{{ hunk 0001 13 }}/'
try "a hunk shown twice" "hunk shown twice" 's/^{{ hunk 0001 2 }}$/&\n\n{{ hunk 0001 3 }}/'
try "hunks out of order" "out of the series' order" \
	's/^{{ hunk 0001 4 }}$/{{ hunk 0001 5 }}/; t; s/^{{ hunk 0001 5 }}$/{{ hunk 0001 4 }}/'
try "a misspelt reference" "is not a hunk reference" 's/^{{ hunk 0001 9 }}$/{{ hunk 1 9 }}/'
# Links to elixir and git.kernel.org, hand-written ones included, have one shape and version.
try "a file link at another version" "file links go to https://elixir.bootlin.com/linux/v6.1" \
	's|^The help now says|[x](https://elixir.bootlin.com/linux/v6.1.1/source/fs/open.c) &|'
try "a commit link of another shape" "commit links go to https://git.kernel.org/" \
	's|^The help now says|[x](https://git.kernel.org/torvalds/c/19accfd37384) &|'
rm -rf "$s" "$s.err"
