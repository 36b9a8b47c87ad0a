#!/bin/sh
# No line of the lab's own text files is over 100 columns, tabs counted as 8 (make test).
# Left out, as no writing of the lab's: patches/ (the kernel's commits as git format-patch
# writes them), tests/golden/, docs/labs/walks/ and docs/labs/pictures/ (written by the suite,
# make walks and make pictures), tests/host/fixtures/*.log (guest logs as a kernel writes them,
# for the grader's tests), tools/browser/package-lock.json (npm's) and the graders' schemas in
# tools/graders/ (theirs); links (their targets are checked). Markdown table rows too: a row
# cannot be broken across lines.
#   line-length.sh     (from the top of the checkout)
set -eu
long=$(git ls-files -- ':!patches/' ':!tests/golden/' ':!docs/labs/walks/' \
	':!docs/labs/pictures/' ':!tests/host/fixtures/*.log' ':!tools/browser/package-lock.json' \
	':!tools/graders/*.schema.json' ':!tools/graders/*.xsd' | while IFS= read -r f; do
	[ ! -L "$f" ] || continue       # a link: its target is checked
	grep -Iq . "$f" || continue     # empty or binary
	# Columns, not bytes: a UTF-8 character's continuation bytes are not counted.
	expand -t8 "$f" | LC_ALL=C awk -v f="$f" '{ n = length; n -= gsub(/[\200-\277]/, "") }
		n > 100 && !(f ~ /\.md$/ && /^\|/) { print f ":" NR ": " n " columns" }'
done)
[ -z "$long" ] || { printf '%s\n' "$long" >&2
	echo "lab: $(printf '%s\n' "$long" | wc -l) lines over 100 columns (tabs as 8)" >&2
	exit 1; }
echo "line length: no line of the lab's own files is over 100 columns"
