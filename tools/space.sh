#!/bin/sh
# Enough free space for a step, checked before it starts: a full disk is one line, not a
# thousand errors halfway through, and the step leaves nothing half-made.
#   space.sh DIR MEGABYTES WHAT     (DIR, or the nearest folder above it that exists)
set -eu
dir=$1 need=$2 what=$3
while [ ! -d "$dir" ]; do dir=$(dirname "$dir"); done
free=$(df -Pk "$dir" | awk 'NR == 2 { print int($4 / 1024) }')
[ "$free" -ge "$need" ] ||
	{ echo "lab: $what needs about $need MB in $dir, which has $free MB free" >&2; exit 2; }
