#!/bin/sh
# Build the grading image (tools/container/Containerfile.grade) from HEAD and a kernels archive:
#   grading-image.sh ARCHIVE TAG [STAGE...]     (from the top of the checkout; make grading-image)
# STAGE...: the stages the image grades by default (none: every stage it holds a kernel of).
# The image holds HEAD without solutions/' code, reproducers, bisect answers and reviews: of
# solutions/<id>/ only what grade-all reads as templates stays, each stage's questions
# (answers.md, which asks and never answers) and the header of its written review (review.txt,
# as exercises/ has it). Env: WORK (the build context goes to WORK/grading-image), ENGINE (podman
# or docker; default whichever the host has, podman first), BASE (the Debian image of the kernel
# series: tools/series.sh codename), DEBS (podman only: a folder of .debs that apt takes instead
# of downloading them, and keeps what it downloads in).
set -eu
die() { echo "lab: $*" >&2; exit 2; }
: "${WORK:?}"
archive=$1 tag=$2
shift 2
engine=${ENGINE:-$(command -v podman || command -v docker || true)}
[ -n "$engine" ] || die "no podman or docker on this host: install one (docs/hosts.md)"
git cat-file -e HEAD:solutions 2>/dev/null ||
	die "the grading image is built from the instructor's checkout (this one has no solutions/)"
[ -s "$archive" ] || die "ARCHIVE=$archive: no such kernels archive (make kernels-export)"
base=${BASE:-docker.io/library/debian:$(tools/series.sh codename)}
ctx=$WORK/grading-image
rm -rf "$ctx" && mkdir -p "$ctx/setup" "$ctx/lab"
git archive HEAD tools/packages tools/packages.sh tools/deps.sh tools/series.sh labs/series |
	tar -C "$ctx/setup" -xf -
git archive HEAD Makefile labs patches tools exercises | tar -C "$ctx/lab" -xf -
for s in $(git ls-tree --name-only HEAD solutions/ | sed 's|^solutions/||'); do
	mkdir -p "$ctx/lab/solutions/$s"
	for f in answers.md review.txt; do
		git cat-file -e "HEAD:solutions/$s/$f" 2>/dev/null || continue
		cp "$ctx/lab/exercises/$s/$f" "$ctx/lab/solutions/$s/$f"
	done
done
ln "$archive" "$ctx/kernels.tar.zst" 2>/dev/null || cp "$archive" "$ctx/kernels.tar.zst"
vol=
[ -z "${DEBS:-}" ] || [ "${engine##*/}" != podman ] || vol="-v $DEBS:/var/cache/apt/archives"
echo "grading image: building $tag with ${engine##*/} (HEAD $(git rev-parse --short HEAD)," \
	"kernels from $archive)"
t0=$(date +%s)
# shellcheck disable=SC2086
"$engine" build -t "$tag" -f tools/container/Containerfile.grade --build-arg BASE="$base" \
	--build-arg STAGES="$*" $vol "$ctx" > "$ctx.log" 2>&1 ||
	{ tail -25 "$ctx.log" >&2; die "$engine build of the grading image failed ($ctx.log)"; }
rm -rf "$ctx"
grep '^grading image:' "$ctx.log" || true
size=$("$engine" image inspect --format '{{.Size}}' "$tag" | awk '{ printf "%d", $1 / 1e6 }')
echo "grading image: $tag built in $(( $(date +%s) - t0 )) s, $size MB"
