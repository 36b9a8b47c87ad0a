#!/bin/sh
# How many cores the lab may keep busy (JOBS by default): nproc, or fewer under a CPU quota
# (a container's --cpus=, which nproc does not see), rounded up. The quota: cgroup v2's
# cpu.max ("max" or "QUOTA PERIOD"), else cgroup v1's cpu.cfs_quota_us (-1: none).
n=$(nproc) q=max p=1
c=/sys/fs/cgroup
if [ -r $c/cpu.max ]; then read -r q p < $c/cpu.max
elif [ -r $c/cpu/cpu.cfs_quota_us ]; then
	read -r q < $c/cpu/cpu.cfs_quota_us; read -r p < $c/cpu/cpu.cfs_period_us; fi
case $q in max|-1|'') ;; *) q=$(( (q + p - 1) / p )); [ "$q" -ge "$n" ] || n=$q ;; esac
echo "$n"
