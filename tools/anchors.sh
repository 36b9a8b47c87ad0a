#!/bin/sh
# mkdocs 1.4 checks that linked pages exist, not the #anchor after them: check those against the
# built site. Usage: tools/anchors.sh SITE (from the repository's top, after mkdocs build).
set -eu
site=${1:?site dir}; bad=0 n=0
for md in $(find docs -name '*.md'); do
	dir=$(dirname "$md")
	for link in $(grep -oE '\]\([^) ]*#[^) ]+\)' "$md" | sed 's/^](//; s/)$//'); do
		page=${link%%#*} id=${link#*#}; n=$((n + 1))
		target=$(realpath -m --relative-to=docs "$dir/${page:-$(basename "$md")}")
		html=$site/${target%.md}.html  # use_directory_urls: false, in mkdocs.yml
		grep -q "id=\"$id\"" "$html" 2>/dev/null ||
			{ echo "$md: no #$id in $target" >&2; bad=1; }
	done
done
[ $bad = 0 ] && echo "anchors: $n links with #anchors, all found"
exit $bad
