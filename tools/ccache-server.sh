#!/bin/bash
# A ccache remote storage for a class: Debian's Redis (redis-tools), in memory, behind a password.
#   ccache-server.sh DIR [HOST [PORT]]
# Listens on HOST (default 127.0.0.1: give an address of this machine that the learners reach)
# and PORT (default: the first free one from a port derived from DIR), keeps its config and
# password in DIR, prints the CCACHE_REMOTE_STORAGE line for the learners once the server
# answers, and serves in the foreground until stopped (log: DIR/redis.log). Past MAXMEM
# (default 2gb) the least recently used objects go: it is a cache, nothing in it needs keeping.
set -eu
dir=$1 host=${2:-127.0.0.1} port=${3:-}
mkdir -p "$dir" && chmod 700 "$dir"
if [ -z "$port" ]; then
	port=$(( 20000 + $(printf %s "$dir" | cksum | cut -d' ' -f1) % 20000 ))
	while (exec 3<>"/dev/tcp/$host/$port") 2>/dev/null; do port=$((port + 1)); done
fi
[ -s "$dir/password" ] ||
	(umask 077 && od -An -N16 -tx1 /dev/urandom | tr -d ' \n' > "$dir/password")
pass=$(cat "$dir/password")
(umask 077 && cat > "$dir/redis.conf") <<CONF
bind $host
port $port
requirepass $pass
save ""
appendonly no
maxmemory ${MAXMEM:-2gb}
maxmemory-policy allkeys-lru
dir $dir
logfile $dir/redis.log
CONF
# Debian's redis-server package is this link and a service unit that starts at every boot: the
# lab makes the link itself, and the server runs only while this script does.
ln -sf "$(command -v redis-check-rdb)" "$dir/redis-server"
"$dir/redis-server" "$dir/redis.conf" &
r=$!
trap 'kill $r 2>/dev/null' EXIT INT TERM
until redis-cli -h "$host" -p "$port" ping 2>/dev/null | grep -q NOAUTH; do
	kill -0 $r 2>/dev/null ||
		{ echo "lab: redis-server did not start: $(tail -1 "$dir/redis.log")" >&2; exit 1; }
	sleep 0.2
done
echo "CCACHE_REMOTE_STORAGE=redis://$pass@$host:$port"
echo "ccache-server: serving until Ctrl-C; to keep it up after you log out, start it in tmux" \
	"or as 'nohup make ccache-server CCACHE_HOST=$host CCACHE_PORT=$port &'" >&2
wait $r
