#!/bin/sh
# The kernel series (labs/series) of this machine, and a stage's patch folder in it:
#   series.sh list             the series, in order
#   series.sh pick             SERIES if set (and known), else this Debian release's, else the
#                              one whose tarball is installed, else the first
#   series.sh patches ID...    the folder of each ID's patches for SERIES, one a line
#   series.sh codename [S]     the codename of the Debian release of S (default: SERIES)
#   series.sh release [S]      that release's number
# Env: LABS, PATCHES, SERIES.
set -eu
: "${LABS:?}"
die() { echo "lab: $*" >&2; exit 2; }
list() { sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$LABS/series" | awk '{ print $1 }'; }
case ${1:-} in
list) list ;;
pick)
	if [ -n "${SERIES:-}" ]; then
		list | grep -Fqx "$SERIES" ||
			die "unknown SERIES '$SERIES' (series: $(list | xargs))"
		echo "$SERIES"; exit 0
	fi
	rel=$(. /etc/os-release 2>/dev/null && echo "${VERSION_ID:-}") || rel=
	s=$(sed 's/#.*//' "$LABS/series" | awk -v r="$rel" '$2 == r { print $1 }')
	[ -n "$s" ] || for t in $(list); do
		[ -r "/usr/src/linux-source-$t.tar.xz" ] && { s=$t; break; }; done
	echo "${s:-$(list | head -1)}" ;;
patches)
	: "${PATCHES:?}" "${SERIES:?}"
	shift
	for id in "$@"; do
		if [ -d "$PATCHES/$id/$SERIES" ]; then echo "$PATCHES/$id/$SERIES"
		else echo "$PATCHES/$id"; fi
	done ;;
codename|release)
	s=${2:-${SERIES:?}} col=$([ "$1" = codename ] && echo 4 || echo 2)
	c=$(sed 's/#.*//' "$LABS/series" | awk -v s="$s" -v n="$col" '$1 == s { print $n }')
	[ -n "$c" ] || die "labs/series names no Debian release for series '$s'"
	echo "$c" ;;
*) die "usage: series.sh list|pick|patches ID...|codename|release [SERIES]" ;;
esac
