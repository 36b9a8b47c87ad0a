#!/bin/bash
# A free TCP port on 127.0.0.1 for a gdb stub (or make docs-serve): the first free one from a
# port derived from the work dir ($1), so that two checkouts do not pick the same one.
port=$(( 20000 + $(printf %s "$1" | cksum | cut -d' ' -f1) % 20000 ))
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
echo "$port"
