#!/bin/sh
# Make the guest's initramfs with the kernel's own usr/gen_init_cpio.
#   initramfs.sh OUT.cpio.gz SYSTEM_MAP TESTDIR [FILES_DIR] [CMD] [MODULES_DIR] [THEN_DIR]
# THEN_DIR: a second code set's tests, run after TESTDIR's in the same guest (/lab/then); none
# when it is missing (that code did not build).
# Env: GEN_INIT_CPIO, LABINIT, BUSYBOX (none for a userland without one).
set -eu
out=$1 map=$2 tests=$3 files=${4:-} cmd=${5:-} mods=${6:-} then=${7:-}
list=$out.list
{
	for d in /dev /bin /sbin /proc /sys /tmp /root /mnt /lab /lab/tests /lab/files \
		/lab/modules; do echo "dir $d 755 0 0"; done
	echo "nod /dev/console 600 0 0 c 5 1"
	echo "file /init $LABINIT 755 0 0"
	[ -z "$BUSYBOX" ] || echo "file /bin/busybox $BUSYBOX 755 0 0"
	echo "file /lab/System.map $map 644 0 0"
	for t in "$tests"/*; do [ -f "$t" ] && echo "file /lab/tests/${t##*/} $t 755 0 0"; done
	[ ! -d "$then" ] || { echo "dir /lab/then 755 0 0"
		for t in "$then"/*; do [ -f "$t" ] && echo "file /lab/then/${t##*/} $t 755 0 0"
		done; }
	[ -z "$mods" ] || for m in "$mods"/*.ko; do
		echo "file /lab/modules/${m##*/} $m 644 0 0"; done
	if [ -n "$files" ]; then
		[ -d "$files" ] ||
			{ echo "initramfs: FILES=$files is not a directory" >&2; exit 2; }
		( cd "$files" && find . -mindepth 1 -name '* *' | grep -q . ) &&
			{ echo "initramfs: names with spaces in FILES=$files cannot go into the" \
				"initramfs" >&2; exit 2; }
		( cd "$files" && find . -mindepth 1 ) | sort | while read -r p; do
			src="$files/${p#./}" dst="/lab/files/${p#./}"
			if [ -d "$src" ]; then echo "dir $dst 755 0 0"
			elif [ -f "$src" ]; then echo "file $dst $src $(stat -c %a "$src") 0 0"; fi
		done
	fi
	if [ -n "$cmd" ]; then
		printf '%s\n' "$cmd" > "$out.cmd"; echo "file /lab/cmd $out.cmd 644 0 0"; fi
} > "$list"
"$GEN_INIT_CPIO" "$list" | gzip -1 > "$out"
