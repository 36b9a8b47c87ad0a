#!/bin/sh
# Install what the lab needs on Debian 12 or 13, for ROLE (tools/packages.sh says which lists of
# tools/packages it takes) and SERIES (labs/series). Idempotent; quiet when all is present.
# Env: CACHE (where armhf's busybox is unpacked), ROLE, SERIES.
set -eu
: "${CACHE:?}" "${ROLE:=learner}"
die() { echo "lab: $*" >&2; exit 2; }
. tools/packages.sh
bbhf=$CACHE/busybox-armhf
# One dpkg-query for all (every make run starts here): "name:arch" of each installed package;
# a name given without an architecture may have any.
installed=$(dpkg-query -W -f='${db:Status-Abbrev}${Package}:${Architecture}\n' $pkgs 2>/dev/null |
	sed -n 's/^ii *//p') || true
missing=$(printf '%s\n' "$installed" | awk -v want="$pkgs" '
	{ have[$0]; sub(/:.*/, ""); have[$0] }
	END { n = split(want, w)
	      for (i = 1; i <= n; i++) if (!(w[i] in have)) printf " %s", w[i] }')
# The browser check: Debian's nodejs and npm, unless a node with its own npm is there (another
# vendor's nodejs package ships npm and conflicts with Debian's).
command -v node >/dev/null && command -v npm >/dev/null &&
	missing=$(echo "$missing" | sed 's/ nodejs\b\| npm\b//g')
[ -z "$missing" ] && [ -x "$bbhf/bin/busybox" ] && exit 0

container="run the lab in its container instead: make container (docs/hosts.md)"
command -v apt-get >/dev/null || die "no apt-get here: the lab runs on Debian 12 or 13; $container"
sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
# A mirror caught mid-sync fails an index or two: apt keeps the lists it has, and an install that
# needs a list it lacks fails below with apt's own words.
update() { $sudo apt-get update -q -o Acquire::Retries=3 >"$CACHE/apt-update.log" 2>&1 ||
	echo "deps: apt-get update: $(grep -m1 '^E:' "$CACHE/apt-update.log") (going on)" >&2; }
mkdir -p "$CACHE"
# Names are matched exactly: apt-get reads an unknown name as a pattern, and linux-source-6.1
# would match linux-source-6.12. Nothing is changed on the host until every name is known.
known() { apt-cache pkgnames > "$CACHE/apt-names"; for p in $missing; do
	grep -Fqx "${p%:*}" "$CACHE/apt-names" || return 1; done; }
known || { update; known; } || {
	src=$(grep -x 'linux-source-[0-9.]*' "$CACHE/apt-names" | sort -V | tail -1)
	grep -Fqx "linux-source-$SERIES" "$CACHE/apt-names" ||
		die "this system's kernel source is ${src:-none}, not linux-source-$SERIES" \
			"(SERIES=$SERIES, labs/series): the lab's series are" \
			"$(LABS=labs tools/series.sh list | xargs); $container"
	die "apt knows no package named $(for p in $missing; do
		grep -Fqx "${p%:*}" "$CACHE/apt-names" || echo "$p"; done | xargs)" \
		"(is this Debian 12 or 13?)"; }
for a in armel armhf; do
	dpkg --print-foreign-architectures | grep -qx $a ||
		{ $sudo dpkg --add-architecture $a; update; }
done
if [ -n "$missing" ]; then
	echo "deps: installing for the $ROLE:$missing"
	names() { dpkg-query -W -f='${db:Status-Abbrev}${Package}\n' | sed -n 's/^ii *//p' | sort; }
	names > "$CACHE/packages-before"
	apt_install() { DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q \
		--no-install-recommends $missing; }
	apt_install || { update; apt_install; } || die "apt-get install failed (above)"
	# Nothing the lab installs starts at boot (Debian enables a package's services, podman's
	# among them): the units of every package just installed are disabled, and stopped.
	units=$(names | comm -13 "$CACHE/packages-before" - | xargs -r dpkg -L |
		sed -nE 's,^(/usr)?/lib/systemd/system/([^/@]*\.(service|socket|timer))$,\2,p')
	for u in $units; do
		ls /etc/systemd/system/*.wants/"$u" >/dev/null 2>&1 || continue
		# Without systemd running (a chroot, a container), systemctl edits the links
		# offline; without systemd at all, only the links are there.
		if [ -d /run/systemd/system ]; then $sudo systemctl disable -q --now "$u"
		elif command -v systemctl >/dev/null; then $sudo systemctl --root=/ disable -q "$u"
		else $sudo rm -f /etc/systemd/system/*.wants/"$u"; fi
		echo "deps: $u disabled: the lab starts nothing at boot"
	done
fi
# armel's and armhf's busybox-static both own /bin/busybox: armhf's is unpacked, not installed.
if [ ! -x "$bbhf/bin/busybox" ]; then
	tmp=$(mktemp -d)
	get() { ( cd "$tmp" &&
		apt-get download -q -o APT::Sandbox::User=root busybox-static:armhf ); }
	{ get || { update; get; }; } && dpkg-deb -x "$tmp"/busybox-static_*.deb "$tmp/x" ||
		{ rm -rf "$tmp"; die "cannot download busybox-static:armhf"; }
	# Debian 12 ships it in /bin, Debian 13 in /usr/bin.
	mkdir -p "$bbhf/bin" && cp "$(ls "$tmp"/x/bin/busybox "$tmp"/x/usr/bin/busybox 2>/dev/null |
		head -1)" "$bbhf/bin/busybox"
	rm -rf "$tmp"
	echo "deps: busybox-static:armhf unpacked in $bbhf"
fi
