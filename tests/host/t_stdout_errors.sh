#!/usr/bin/env bash
# Description: results that cannot be written count. Every program of the
# tree (make programs; one built only with MPI where it is built), from $B,
# run on its cheap paths (--version, --help, rail_info --sysfs on a
# fixture tree, --json) with stdout on /dev/full (ENOSPC), exits 1 with
# exactly one stderr line "PROG: writing standard output: No space left on
# device"; rail_info with SIGPIPE ignored and the pipe's reader gone
# (EPIPE) exits 1 with the "Broken pipe" line. The same runs to /dev/null
# exit 0 with nothing on stderr. TAP on stdout.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
B=${B:-build}
. tests/host/lib.sh
tree=tests/fixtures/sysfs/hosts/spark

# expect NAME RC WANT_STDERR -- CMD...: CMD, stdout to /dev/full, exits RC
# with exactly WANT_STDERR on stderr.
expect() {
	local name=$1 rc=$2 want=$3
	shift 4
	exits_with "$name" "$rc" "$want" /dev/full -- "$@"
}

# fine NAME -- CMD...: CMD, stdout to /dev/null, exits 0, stderr empty.
fine() {
	local name=$1
	shift 2
	exits_with "$name" 0 "" /dev/null -- "$@"
}

full="writing standard output: No space left on device"
all=$(programs) || { echo "$all"; exit 1; }
mpi=$(programs mpi) || { echo "$mpi"; exit 1; }
for b in $all; do
	if [ ! -x "$B/$b" ]; then
		[[ " $mpi " == *" $b "* ]] && continue # built only with MPI
		tap 0 "$b: not built in $B"
		continue
	fi
	expect "$b --version to /dev/full" 1 "$b: $full" -- "$B/$b" --version
	expect "$b --help to /dev/full" 1 "$b: $full" -- "$B/$b" --help
	fine "$b --version to /dev/null" -- "$B/$b" --version
done
expect "rail_info --sysfs to /dev/full" 1 "rail_info: $full" -- \
	"$B/rail_info" --sysfs "$tree"
expect "rail_info --sysfs --json to /dev/full" 1 "rail_info: $full" -- \
	"$B/rail_info" --sysfs "$tree" --json
fine "rail_info --sysfs to /dev/null" -- "$B/rail_info" --sysfs "$tree"

# EPIPE: SIGPIPE ignored (inherited), the reader closed before the write.
err=$(python3 - "$B/rail_info" "$tree" <<'PY'
import os, signal, subprocess, sys
signal.signal(signal.SIGPIPE, signal.SIG_IGN)
r, w = os.pipe()
os.close(r)
p = subprocess.run([sys.argv[1], "--sysfs", sys.argv[2]], stdout=w,
                   stderr=subprocess.PIPE, restore_signals=False, timeout=20)
sys.stdout.write("%d %s" % (p.returncode, p.stderr.decode()))
PY
)
[ "$err" = "1 rail_info: writing standard output: Broken pipe" ]
tap $((! $?)) "rail_info to a closed pipe, SIGPIPE ignored" "got '$err'"
tap_end
