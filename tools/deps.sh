#!/bin/sh
# Install what the lab needs on Debian 12. Idempotent; quiet when everything is present.
# Env: CACHE (where armhf's busybox is unpacked).
set -eu
: "${CACHE:?}"
pkgs="linux-source-6.1 qemu-system-arm gcc-arm-linux-gnueabi libc6-dev-armel-cross
gcc-arm-linux-gnueabihf libc6-dev-armhf-cross
gdb-multiarch mkdocs mkdocs-material ccache bc bison flex libssl-dev libelf-dev
xz-utils e2fsprogs device-tree-compiler python3-pymdownx git make gcc libc6-dev perl python3 busybox-static:armel
redis-server"
bbhf=$CACHE/busybox-armhf
missing=""
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing="$missing $p"
done
[ -z "$missing" ] && [ -x "$bbhf/bin/busybox" ] && exit 0
sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
for a in armel armhf; do
	dpkg --print-foreign-architectures | grep -qx $a || $sudo dpkg --add-architecture $a
done
$sudo apt-get update -q
if [ -n "$missing" ]; then
	echo "deps: installing$missing"
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends $missing
fi
# armel's and armhf's busybox-static both own /bin/busybox: armhf's is unpacked, not installed.
if [ ! -x "$bbhf/bin/busybox" ]; then
	tmp=$(mktemp -d)
	( cd "$tmp" && apt-get download -q -o APT::Sandbox::User=root busybox-static:armhf ) && dpkg-deb -x "$tmp"/busybox-static_*.deb "$tmp/x"
	mkdir -p "$bbhf/bin" && cp "$tmp/x/bin/busybox" "$bbhf/bin/busybox"
	rm -rf "$tmp"
	echo "deps: busybox-static:armhf unpacked in $bbhf"
fi
