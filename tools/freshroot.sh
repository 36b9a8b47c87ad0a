#!/bin/sh
# A fresh Debian root, as a new learner's machine is: debootstrap's minimal system plus git and
# make, with the archive's usual sources (main, updates, security). Made once per release and
# kept as a tarball; every use unpacks a new copy.
#   freshroot.sh make RELEASE            the tarball $ROOTS/RELEASE.tar (bookworm, trixie)
#   freshroot.sh run RELEASE DIR CMD...  unpack a new copy into DIR and run CMD in it as root,
#                                        in a mount namespace of its own (nothing stays mounted)
# Env: ROOTS (where the tarballs and the downloaded .debs are kept), BIND ("host:guest ..."
# paths bound into the root). Downloaded packages are kept in ROOTS/debs-RELEASE, so that only
# the first run of a release pays for them.
set -eu
die() { echo "lab: $*" >&2; exit 2; }
: "${ROOTS:?}"
mirror=http://deb.debian.org/debian
make_root() {
	[ -s "$ROOTS/$1.tar" ] && return 0
	command -v debootstrap >/dev/null ||
		die "debootstrap is missing (apt-get install debootstrap)"
	d=$ROOTS/$1.new; rm -rf "$d"
	tools/space.sh "$ROOTS" 800 "a fresh Debian $1 root"
	mkdir -p "$d"
	debootstrap --variant=minbase --include=git,make,ca-certificates "$1" "$d" "$mirror" \
		>"$ROOTS/$1.log" 2>&1 ||
		{ tail -3 "$ROOTS/$1.log" >&2; die "debootstrap $1 failed"; }
	printf 'deb %s %s main\ndeb %s %s-updates main\ndeb %s-security %s-security main\n' \
		"$mirror" "$1" "$mirror" "$1" "$mirror" "$1" > "$d/etc/apt/sources.list"
	rm -rf "$d"/var/cache/apt/archives/*.deb "$d"/var/lib/apt/lists/*_Packages
	tar -C "$d" -cf "$ROOTS/$1.tar.new" . && mv "$ROOTS/$1.tar.new" "$ROOTS/$1.tar" &&
		rm -rf "$d"
}
case ${1:-} in
make) make_root "$2" ;;
run)
	rel=$2 dir=$3; shift 3
	make_root "$rel"
	rm -rf "$dir"; mkdir -p "$dir" "$ROOTS/debs-$rel" && tar -C "$dir" -xf "$ROOTS/$rel.tar"
	# This machine's network: its resolver, and the certificate authorities it adds to Debian's
	# (a proxy's, for npm's registry), which update-ca-certificates keeps in the root's bundle.
	cp /etc/resolv.conf "$dir/etc/resolv.conf"
	if [ -d /usr/local/share/ca-certificates ]; then
		mkdir -p "$dir/usr/local/share/ca-certificates" "$dir/etc/ssl/certs"
		cp -r /usr/local/share/ca-certificates/. "$dir/usr/local/share/ca-certificates/"
		[ ! -f /etc/ssl/certs/ca-certificates.crt ] ||
			cp /etc/ssl/certs/ca-certificates.crt "$dir/etc/ssl/certs/"
	fi
	binds="$ROOTS/debs-$rel:/var/cache/apt/archives ${BIND:-}"
	# The mounts live in the namespace of unshare: they go when CMD ends, however it ends. The
	# root is a mount point, as a machine's / is (podman's storage remounts it), and has the
	# host's cgroups (podman's runc needs them).
	exec unshare --mount --propagation private --pid --fork sh -eu -c '
		d=$1; b=$2; shift 2
		mount --bind "$d" "$d"; mount -t proc proc "$d/proc"; mount --rbind /dev "$d/dev"
		mount -t sysfs sys "$d/sys"
		[ ! -d /sys/fs/cgroup ] || mount --rbind /sys/fs/cgroup "$d/sys/fs/cgroup"
		for m in $b; do mkdir -p "$d${m#*:}"; mount --bind "${m%%:*}" "$d${m#*:}"; done
		exec chroot "$d" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root CI=true \
			LANG=C.UTF-8 "$@"' sh "$dir" "$binds" "$@" ;;
*) die "usage: freshroot.sh make RELEASE | run RELEASE DIR CMD..." ;;
esac
