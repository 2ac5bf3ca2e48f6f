#!/usr/bin/env bash
# Description: rail_info --sysfs reads only regular files and sane values.
# On a copy of the spark fixture tree: a FIFO in place of ports/1/state
# (it used to block rail_info forever), a directory in place of
# ports/1/rate, a local_cpulist of 0-2000000000 (247 MB in hwloc before)
# and a port directory 4294967297 (a second "port 1" before) each make
# rail_info exit 1 within 5 s with one line naming the path and what is
# wrong; the untouched copy exits 0 with nothing on stderr. TAP on stdout.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
B=${B:-build}
. tests/host/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dev=devices/pci0000:00/0000:00:00.0/0000:01:00.0
port=$dev/infiniband/rocep1s0f0/ports

# case_ NAME RC WANT_STDERR: rail_info --sysfs on the copy in $tmp/t
# exits RC within 5 s with exactly WANT_STDERR.
case_() {
	exits_with "$1" "$2" "$3" /dev/null 5 -- "$B/rail_info" --sysfs "$tmp/t"
}

fresh() {
	rm -rf "$tmp/t"
	cp -a tests/fixtures/sysfs/hosts/spark "$tmp/t"
}

fresh
case_ "the fixture as it is" 0 ""

fresh
rm "$tmp/t/$port/1/state"
mkfifo "$tmp/t/$port/1/state"
case_ "a FIFO in place of a port's state" 1 \
	"rail_info: $tmp/t/class/infiniband/rocep1s0f0/ports/1/state: not a regular file (a FIFO)"

fresh
rm "$tmp/t/$port/1/rate"
mkdir "$tmp/t/$port/1/rate"
case_ "a directory in place of a port's rate" 1 \
	"rail_info: $tmp/t/class/infiniband/rocep1s0f0/ports/1/rate: not a regular file (a directory)"

fresh
echo 0-2000000000 >"$tmp/t/$dev/local_cpulist"
case_ "a CPU list past the largest NR_CPUS" 1 \
	"rail_info: $tmp/t/class/infiniband/rocep1s0f0/device/local_cpulist: a CPU number past 8191 (the kernel's largest NR_CPUS)"

fresh
cp -a "$tmp/t/$port/1" "$tmp/t/$port/4294967297"
case_ "a port number past 255" 1 \
	"rail_info: $tmp/t/class/infiniband/rocep1s0f0/ports/4294967297: not a port number (valid: 1 .. 255)"
tap_end
