#!/bin/sh
# Runs inside a Soft-RoCE guest (make demo): rail_write_bw server and client
# on rxe1, then ib_write_bw with the same flags, to show them side by side.
cd "$(dirname "$0")/../.." || exit 1
B=${B:-build}
run() { # name binary args...
	name=$1 bin=$2; shift 2
	$bin -d rxe1 "$@" >/tmp/demo-server.out 2>&1 &
	srv=$!
	sleep 0.3
	echo "===== $name client: $bin -d rxe1 $* 10.0.2.1"
	timeout 300 $bin -d rxe1 "$@" 10.0.2.1
	rc=$?
	wait $srv
	return $rc
}
run railperf "$B/rail_write_bw" -x 1 --validate || exit 1
run perftest ib_write_bw -x 1 || echo "(ib_write_bw failed)"
