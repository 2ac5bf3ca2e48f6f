#!/bin/sh
# Runs inside a Soft-RoCE guest (make demo): rail_write_bw server and client
# on rxe1, then ib_write_bw with the same flags, to show them side by side.
# Neither is given -x: railperf chooses the GID itself (RoCE v2,
# IPv4-mapped, not link-local, in the server's subnet), and the demo prints
# that choice and its reason; perftest takes GID index 0 unless told.
cd "$(dirname "$0")/../.." || exit 1
B=${B:-build}
run() { # name binary args...
	name=$1 bin=$2; shift 2
	$bin -d rxe1 "$@" >/tmp/demo-server.out 2>&1 &
	srv=$!
	sleep 0.3
	echo "===== $name client: $bin -d rxe1 $* 10.0.2.1"
	timeout 300 $bin -d rxe1 "$@" 10.0.2.1 >/tmp/demo-$name.out 2>&1
	rc=$?
	cat /tmp/demo-$name.out
	wait $srv
	return $rc
}
run railperf "$B/rail_write_bw" --validate || exit 1
echo "===== railperf's choice, without -x (rail_info -d rxe1 shows the same):"
grep ' railperf: rail rxe1 ' /tmp/demo-railperf.out
"$B/rail_info" -d rxe1 | grep '^  GID index ' | sed 's/^  /  rail_info: /'
echo "  reason: the rules, in order: empty and link-local entries dropped,"
echo "  RoCE v2 before v1, IPv4-mapped before IPv6, the entry in the server's"
echo "  subnet, then the lowest index"
run perftest ib_write_bw || echo "(ib_write_bw failed)"
echo "===== perftest's choice, without -x: its GID index 0 (see 'GID index'"
echo "      in its header); railperf's rules are in rail_info(1)."
