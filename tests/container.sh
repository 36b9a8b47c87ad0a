#!/bin/sh
# The lab's container as a learner on another host meets it (tools/container/run.sh, podman):
# the image built, make run's verdict on kernels exported from this work dir (no kernel build
# in the container), then make debug in the container and this host's gdb-multiarch attached
# to the published port with the .gdbinit and launch.json it wrote (tests/gdb-attach.sh).
#   container.sh [ARCHIVE]   Env: WORK, LAB, ROOTS (tools/freshroot.sh's Debian 12 tarball)
# With no ARCHIVE (a machine that runs another kernel series), the container builds its kernel,
# its work dir and compiler cache kept in ROOTS/cache-bookworm, as a Debian 12 root's are.
set -eu
: "${WORK:?}" "${LAB:?}" "${ROOTS:?}"
c=$WORK/container; rm -rf "$c"; mkdir -p "$c/cache"
fail() { echo "container: $*" >&2; exit 1; }
command -v podman >/dev/null || fail "podman is missing"
"$LAB/tests/container/podman-conf.sh" "$c/containers.conf"
export ENGINE=podman CONTAINERS_CONF=$c/containers.conf CI=true
cache=$c/cache; [ $# -gt 0 ] || cache=$ROOTS/cache-bookworm
export LAB_CONTAINER_CACHE=$cache
# No image registry is reachable from the lab's build machines: the public debian:bookworm is
# stood in for by the fresh Debian 12 root (debootstrap), imported under its name.
podman image exists docker.io/library/debian:bookworm ||
	podman import -q "$ROOTS/bookworm.tar" docker.io/library/debian:bookworm >/dev/null
mkdir -p "$cache" && [ $# = 0 ] || cp "$1" "$cache/kernels.tar.zst"
s=$(date +%s)
tools/container/run.sh run ${1:+KERNELS_FROM=/root/.cache/lab311/kernels.tar.zst} </dev/null \
	>"$c/run.log" 2>&1 || fail "make run failed: $(tail -3 "$c/run.log")"
grep -E '^(container|kernels|reference|you):' "$c/run.log"
grep -q '^reference: .*: PASS' "$c/run.log" || fail "no PASS verdict: $(tail -3 "$c/run.log")"
echo "container: verdict in $(( $(date +%s) - s )) s (image built or reused," \
	"$([ $# -gt 0 ] && echo "kernels imported" || echo "kernel built, compiler cache kept"))"
id=$(printf %s "$LAB" | cksum | cut -d' ' -f1)
kdir=$(ls -d "$cache"/lab-*/out/*/*/vmlinux | head -1)
LABMAKE=tools/container/run.sh KDIR=${kdir%/vmlinux} STOP="podman stop -t 1 lab311-$id" \
	tests/gdb-attach.sh
