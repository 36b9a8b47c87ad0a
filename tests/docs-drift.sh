#!/bin/sh
# The docs build fails when a stage page and its patches disagree, or a link to the kernel's
# sites has the wrong shape, or a page's notes on a later kernel series' port (6.12: ...) do
# not fit it, or a stage page leaves the learner's template, or a learner's page shows an engine
# command (tools/docs_hook.py): on a scratch copy of the docs, each way of breaking a page
# (06's unless named) must fail `mkdocs build` with its own error, and the pages as committed
# must build. Usage: tests/docs-drift.sh [SCRATCH DIR].
set -eu
s=${1:-${WORK:-/tmp}/docs-drift}; page=docs/labs/06-move-vector-stubs.md
fail() { echo "docs-drift: $*" >&2; exit 1; }
# try NAME EXPECTED-ERROR SED-SCRIPT [PAGE]: break the copy's page with sed, build, expect the
# error.
try() {
	rm -rf "$s" && mkdir -p "$s/labs" && cp -r docs patches tools mkdocs.yml "$s/" &&
		cp labs/renamed labs/series labs/order "$s/labs/"  # renames; the series; the stages
	sed -i "$3" "$s/${4:-$page}"
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
link='s|^## What the commit is for$|&\n\n[x]'
try "a file link at another version" "file links go to https://elixir.bootlin.com/linux/v6.1" \
	"$link(https://elixir.bootlin.com/linux/v6.1.1/source/fs/open.c)|"
try "a commit link of another shape" "commit links go to https://git.kernel.org/" \
	"$link(https://git.kernel.org/torvalds/c/19accfd37384)|"
# A hunk whose 6.12 port differs needs its note; a note where nothing differs is stale.
try "a 6.12 note left out" "hunk 1 of 0001-ARM-Fix-sorting.* differs in the 6.12 port" \
	'/^6.12: this hunk/,/^$/d' docs/labs/04-machine-sort.md
try "a stale 6.12 note" "stale: hunk 2 of 6.12/0001-ARM-move-vector-stubs.patch makes the same" \
	's/^{{ hunk 0001 2 }}$/&\n\n6.12: nothing differs./'
try "a 6.12 note on a stage without a port" "stale: the patches of this stage apply to 6.12" \
	's/^{{ hunk 0001 1 }}$/&\n\n6.12: nothing differs./' docs/labs/02-vivt-switch-mm.md
try "a hunk of the 6.12 port not shown" "hunk 1 of 6.12/0013-.* is the port's own and not shown" \
	'/^{{ hunk 6.12 0013 1 }}$/d' docs/labs/00-baseline-patches.md
# A stage page keeps the learner's template; a learner's page names no engine command.
try "a card without its Goal" "the card has no '\*\*Goal:\*\*' paragraph" \
	's/^    \*\*Goal:\*\*/    Goal:/'
try "Your turn without make grade" "'## Your turn' does not give 'make grade STAGE=06" \
	's/make grade STAGE=06-move-vector-stubs/make run/'
try "no Done when" "no section '## Done when'" 's/^## Done when$/## Finished/'
try "a second Sources and ports box" "2 boxes ??? info" \
	'/^## Done when$/i ??? info "Sources and ports"\n    x\n'
try "an engine command in open text" "'make test' is not a learner's command" \
	's/^## See it$/&\n\nRun `make test` first./'
try "an engine command on the index" "index.md:.*'make kernel' is not a learner's command" \
	's/^## The stages/Run `make kernel K=00-baseline`.\n\n&/' docs/index.md
# The stage list is labs/order's: the index's list (with each card's time) and the nav.
try "an index time that is not the card's" "06-move-vector-stubs says 'easy · about 50 min" \
	's/\(06-move-vector-stubs.md): easy · about\) 45/\1 50/' docs/index.md
try "the nav out of labs/order" "nav's stage pages are not in labs/order's order" \
	'/^      - 06-move-vector-stubs:/d' mkdocs.yml
rm -rf "$s" "$s.err"
