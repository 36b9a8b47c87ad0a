#!/bin/sh
# The lab in its container (tools/container/Containerfile), for a host that is not Debian 12:
#   run.sh GOAL [VAR=value...]     make GOAL in the container, e.g. run STAGE=<id>
# With podman or docker, whichever the host has (ENGINE= to choose). The image is built once
# per version of what it is built from. The checkout is mounted at /lab; the lab's cache (the
# work dir: kernel tree, builds, ccache) is kept on the host in LAB_CONTAINER_CACHE, one per
# checkout; the gdb stub's port, one per checkout too, is published on the host's 127.0.0.1.
# 'gdb' goes into the container that 'run' or 'debug' of this checkout started.
set -eu
die() { echo "lab: $*" >&2; exit 2; }
engine=${ENGINE:-$(command -v podman || command -v docker || true)}
[ -n "$engine" ] || die "no podman or docker on this host: install one (docs/hosts.md)"
[ $# -gt 0 ] || die "name a goal: make container GOAL='run STAGE=<id>'"
tag=lab311:$(cd tools && cat container/Containerfile packages packages.sh deps.sh | cksum |
	cut -d" " -f1)
if ! "$engine" image inspect "$tag" >/dev/null 2>&1; then
	echo "container: building $tag with $engine (once)"
	"$engine" build -q -t "$tag" -f tools/container/Containerfile tools >/dev/null ||
		die "$engine build of tools/container/Containerfile failed (above)"
fi
id=$(printf %s "$PWD" | cksum | cut -d" " -f1)
port=$(( 20000 + $(printf %s "$PWD" | cksum | cut -d' ' -f1) % 20000 ))
cache=${LAB_CONTAINER_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/lab311-container/$id}
mkdir -p "$cache"
tty=-i; [ -t 0 ] && [ -t 1 ] && tty=-it
if [ "$1" = gdb ]; then exec "$engine" exec $tty "lab311-$id" make "$@"; fi
echo "container: $tag, work dir $cache, gdb port 127.0.0.1:$port"
exec "$engine" run --rm $tty --name "lab311-$id" -v "$PWD:/lab" -v "$cache:/root/.cache/lab311" \
	-p "127.0.0.1:$port:$port" -e GDB_PORT=$port -e GDB_HOST=0.0.0.0 -e CI="${CI:-}" \
	-e LAB_HOST_CACHE="$cache" -e LAB_HOST_CHECKOUT="$PWD" \
	"$tag" make "$@"
