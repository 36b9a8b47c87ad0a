#!/bin/sh
# podman's settings on the lab's build machines, into OUT: runc, cgroupfs (containers.conf
# beside this script), and the ulimits. The machines' sandbox refuses limits above its own.
# podman 4 sets none when told none; podman 5's build steps then set their own, so with it
# containers get this shell's hard limits of open files and processes.
#   podman-conf.sh OUT
set -eu
hard() { awk -v l="$1" 'index($0, l) == 1 { print $(NF - 1) }' /proc/self/limits |
	sed 's/unlimited/-1/'; }
limits=
[ "$(podman version --format '{{.Client.Version}}' | cut -d. -f1)" -lt 5 ] ||
	limits="\"nofile=$(hard 'Max open files'):$(hard 'Max open files')\", \
\"nproc=$(hard 'Max processes'):$(hard 'Max processes')\""
sed "s/^default_ulimits = .*/default_ulimits = [$limits]/" "$(dirname "$0")/containers.conf" > "$1"
