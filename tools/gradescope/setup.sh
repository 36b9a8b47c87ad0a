#!/bin/sh
# Gradescope's image build (as root, once per autograder version): the lab's packages, then
# the kernels of the stages to grade (the file "stages" beside this script), so that each
# submission only compiles its tests and boots. Gradescope's base images are Ubuntu: what
# only Debian 12 has (linux-source-6.1, armel's busybox-static) comes from Debian's own
# archive through apt, pinned below Ubuntu's packages.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
lab=$here/lab
export DEBIAN_FRONTEND=noninteractive CI=true
. /etc/os-release
if [ "$ID" != debian ] && [ ! -f /etc/apt/sources.list.d/lab-bookworm.list ]; then
	apt-get update -q
	apt-get install -y -q --no-install-recommends debian-archive-keyring ca-certificates make
	# Ubuntu's mirrors serve amd64 only; armel and armhf come from Debian's.
	sed -i '/^deb /{/\[arch=/!s/^deb /deb [arch=amd64] /}' /etc/apt/sources.list
	echo "deb [arch=amd64,armel,armhf signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian bookworm main" \
		> /etc/apt/sources.list.d/lab-bookworm.list
	printf 'Package: *\nPin: release n=bookworm\nPin-Priority: 100\n' > /etc/apt/preferences.d/lab-bookworm
fi
make -C "$lab" -s deps
for s in $(cat "$here/stages"); do make -C "$lab" -s kernel K="$s" KMODE=exact; done
