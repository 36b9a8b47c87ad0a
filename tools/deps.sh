#!/bin/sh
# Install what the lab needs on Debian 12. Idempotent; quiet when everything is present.
# Env: CACHE (where armhf's busybox is unpacked).
set -eu
: "${CACHE:?}"
pkgs="linux-source-6.1 qemu-system-arm gcc-arm-linux-gnueabi libc6-dev-armel-cross
gcc-arm-linux-gnueabihf libc6-dev-armhf-cross
gdb-multiarch mkdocs mkdocs-material ccache bc bison flex libssl-dev libelf-dev
xz-utils zstd curl e2fsprogs jq device-tree-compiler python3-pymdownx git make gcc libc6-dev perl python3 busybox-static:armel
chromium redis-server"
bbhf=$CACHE/busybox-armhf
# One dpkg-query for all: every make run starts here.
# One dpkg-query for all (every make run starts here): "name:arch" of each installed package;
# a name given without an architecture may have any.
installed=$(dpkg-query -W -f='${db:Status-Abbrev}${Package}:${Architecture}\n' $pkgs 2>/dev/null | sed -n 's/^ii *//p')
missing=""
for p in $pkgs; do
	case $p in *:*) q=$p ;; *) q="$p:.*" ;; esac
	printf '%s\n' "$installed" | grep -qx "$q" || missing="$missing $p"
done
# The docs' browser check: Debian's nodejs and npm, unless a node with its own npm is there
# (another vendor's nodejs package ships npm and conflicts with Debian's).
command -v node >/dev/null && command -v npm >/dev/null || missing="$missing nodejs npm"
[ -z "$missing" ] && [ -x "$bbhf/bin/busybox" ] && exit 0
sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
# apt-get update only when it is needed: it takes most of a minute, and a fresh clone on a
# machine with every package installed only downloads armhf's busybox (below).
updated=""
update() { [ -n "$updated" ] || $sudo apt-get update -q; updated=yes; }
for a in armel armhf; do
	dpkg --print-foreign-architectures | grep -qx $a || { $sudo dpkg --add-architecture $a; update; }
done
if [ -n "$missing" ]; then
	update
	echo "deps: installing$missing"
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends $missing
fi
# armel's and armhf's busybox-static both own /bin/busybox: armhf's is unpacked, not installed.
if [ ! -x "$bbhf/bin/busybox" ]; then
	tmp=$(mktemp -d)
	get() { ( cd "$tmp" && apt-get download -q -o APT::Sandbox::User=root busybox-static:armhf ); }
	{ get || { update; get; }; } && dpkg-deb -x "$tmp"/busybox-static_*.deb "$tmp/x"
	mkdir -p "$bbhf/bin" && cp "$tmp/x/bin/busybox" "$bbhf/bin/busybox"
	rm -rf "$tmp"
	echo "deps: busybox-static:armhf unpacked in $bbhf"
fi
