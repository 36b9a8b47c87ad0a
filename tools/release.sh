#!/bin/sh
# A learner's copy of the lab: HEAD as a git repository of its own, without solutions/ and
# without the reference answers on the pages ("Compare your review answer" boxes); each stage's
# questions stay, as labs/<id>/questions.md (solutions/<id>/answers.md asks and never answers).
# The kernel ids are this checkout's: a class's kernels archive imports into it.
#   release.sh DIR      (from the top of the instructor's checkout)
set -eu
dir=$1
rm -rf "$dir" && mkdir -p "$dir"
git archive HEAD | tar -C "$dir" -xf -
for d in solutions/*/; do cp "$d/answers.md" "$dir/labs/$(basename "$d")/questions.md"; done
rm -rf "$dir/solutions"
# A "Compare your review answer" box: its title line and the indented lines under it.
for f in "$dir"/docs/labs/*.md; do
	awk '/^\?\?\? question "Compare your review answer/ { skip = 1; next }
		skip && (/^    / || /^$/) { next } { skip = 0; print }' "$f" > "$f.new" &&
		mv "$f.new" "$f"
done
g() { git -C "$dir" -c user.name=lab -c user.email=lab@localhost "$@"; }
g init -q && g add -A &&
	g commit -q -m "The 3.11 review lab: a learner's release of $(git rev-parse --short HEAD)"
echo "release: $dir, a git repository without solutions/ or reference answers" \
	"(from $(git rev-parse --short HEAD)); a learner clones it"
