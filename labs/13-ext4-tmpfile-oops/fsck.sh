#!/bin/sh
# The O_TMPFILE stages (13, and 14 through a link) judge a run's ext4 image on the host, after
# the guest is gone: e2fsck -fn, and debugfs on the file the tests published (/published).
# Writes the host checks as KTAP for the grader and prints e2fsck's verdict (tools/run.sh).
#   fsck.sh IMAGE OUT.ktap
set -u
img=$1 out=$2
e2fsck -fn "$img" >"$out.e2fsck" 2>&1; rc=$?
type=$(debugfs -R "stat /published" "$img" 2>/dev/null |
	sed -n 's/.*Type: \([a-z ]*[a-z]\).*/\1/p' | head -1)
# What e2fsck found, bad modes first, without its banners and blank lines.
found=$(grep -vE '^(e2fsck [0-9]|Pass [0-9]|lab: [0-9]+/[0-9]+ files|$)' "$out.e2fsck")
problems=$(printf '%s\n' "$found" | grep 'invalid mode'
	printf '%s\n' "$found" | grep -v 'invalid mode')
if [ "$rc" = 0 ]; then echo "fsck: e2fsck -fn: clean (/published: ${type:-absent})"
else echo "fsck: e2fsck -fn exit $rc (/published: ${type:-absent}):"
	printf '%s\n' "$problems" | head -8 | sed 's/^/fsck:   /'; fi
clean=0 bad=0
[ "$rc" = 0 ] && [ "$type" = regular ] && clean=1
grep -q '(/published) has invalid mode' "$out.e2fsck" && bad=1
ok() { [ "$1" = 1 ] && echo "    ok $2" || echo "    not ok $2"; }
# Laid out as the kselftest harness would (plan, results, Totals): the grader wants that shape.
{
	echo "    1..2"
	[ -n "$problems" ] && printf '%s\n' "$problems" | head -8 | sed 's/^/    # e2fsck: /'
	echo "    # debugfs: /published is ${type:-absent}"
	ok $clean "1 host.e2fsck_clean_after_linkat"
	echo "    # e2fsck exit status $rc"
	ok $bad "2 host.e2fsck_finds_bad_inode"
	echo "    # Totals: pass:$((clean + bad)) fail:$((2 - clean - bad))" \
		"xfail:0 xpass:0 skip:0 error:0"
	[ $((clean + bad)) = 2 ] && echo "ok 1 host" || echo "not ok 1 host # exit status 1"
} > "$out"
