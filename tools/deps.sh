#!/bin/sh
# Install what the lab needs on Debian 12. Idempotent; quiet when everything is present.
set -eu
pkgs="linux-source-6.1 qemu-system-arm gcc-arm-linux-gnueabi libc6-dev-armel-cross
gdb-multiarch mkdocs mkdocs-material ccache bc bison flex libssl-dev libelf-dev
xz-utils e2fsprogs python3-pymdownx git make gcc libc6-dev perl python3 busybox-static:armel"
missing=""
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
echo "deps: installing$missing"
dpkg --print-foreign-architectures | grep -qx armel || $sudo dpkg --add-architecture armel
$sudo apt-get update -q
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends $missing
