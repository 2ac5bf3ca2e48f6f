#!/usr/bin/env bash
# Description: rail_cluster_bw's start-up check on the host (no RDMA
# device needed: the check runs before any rail is looked for). Two local
# Open MPI ranks started with different -s (an MPMD command line) end
# with exit 1 and exactly one line from railperf, rank 0's, naming the
# rank, its host and both values; --cross, --verb=read or --verb=send on
# one rank only likewise. Bad command lines on four ranks (-s 0, --expect
# 0, a host argument, a --pairs file naming an unknown host, an unknown
# --verb) end every rank with exit 1 and exactly one line, rank 0's.
# Skipped without the binary (built without MPI) or mpirun. TAP on stdout.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
B=${B:-build}
. tests/host/lib.sh
mpi_start

# one_line NAME RC WANT: the TAP line of a run whose output is $tmp/out:
# it exited 1 (RC) and WANT is the only line from railperf.
one_line() {
	local name=$1 rc=$2 want=$3 got lines
	got=$(grep '^rail_cluster_bw: ' "$tmp/out")
	lines=$(grep -c '^rail_cluster_bw: ' "$tmp/out")
	n=$((n + 1))
	if [ "$rc" = 1 ] && [ "$lines" = 1 ] &&
		[ "$got" = "rail_cluster_bw: $want" ]; then
		echo "ok $n - $name"
	else
		echo "not ok $n - $name"
		echo "# exit $rc, $lines lines; want: $want"
		sed 's/^/# /' "$tmp/out"
		bad=1
	fi
}

# mix NAME WANT ARGS0 -- ARGS1: rank 0 with ARGS0, rank 1 with ARGS1
mix() {
	local name=$1 want=$2 a0=() rc host
	shift 2
	while [ "$1" != -- ]; do a0+=("$1"); shift; done
	shift
	mpi_local -np 1 "$BIN" "${a0[@]}" : -np 1 "$BIN" "$@" >"$tmp/out" 2>&1
	rc=$?
	# the host names: vm/0 and vm/1 when both ranks share one host
	host=$(sed -n 's/^rail_cluster_bw: rank 1 (\([^)]*\)).*/\1/p' \
		"$tmp/out")
	want=${want//H1/$host}
	want=${want//H0/${host%/1}/0}
	one_line "$name" "$rc" "$want"
}

mix "-s differs" "rank 1 (H1) has -s 4096, rank 0 (H0) has -s 65536: give every rank the same options" \
	-d rxe0 -D 1 --timeout 3 -- -d rxe0 -D 1 --timeout 3 -s 4096
mix "--cross on one rank" "rank 1 (H1) has --cross 1, rank 0 (H0) has --cross 0: give every rank the same options" \
	-d rxe0 -D 1 --timeout 3 -- -d rxe0 -D 1 --timeout 3 --cross
mix "--verb=read on one rank" "rank 1 (H1) has --verb read, rank 0 (H0) has --verb write: give every rank the same options" \
	-d rxe0 -D 1 --timeout 3 -- -d rxe0 -D 1 --timeout 3 --verb=read
mix "--verb=send on one rank" "rank 1 (H1) has --verb send, rank 0 (H0) has --verb write: give every rank the same options" \
	-d rxe0 -D 1 --timeout 3 -- -d rxe0 -D 1 --timeout 3 --verb=send
# refused NAME WANT ARGS...: four ranks with ARGS: exit 1, and WANT is
# the only line from railperf
refused() {
	local name=$1 want=$2
	shift 2
	mpi_local -np 4 "$BIN" "$@" >"$tmp/out" 2>&1
	one_line "$name" $? "$want"
}

refused "-s 0" "invalid -s value '0': valid sizes are 1 .. 2147483648 bytes, K/M/G suffixes allowed" \
	-d rxe0 -s 0
refused "--expect 0" "invalid --expect value '0': valid values are 1 .. 100" \
	-d rxe0 --expect 0
refused "host" "unexpected argument 'node1': rail_cluster_bw takes no host (the MPI launcher starts one rank per host)" \
	-d rxe0 node1
printf '0 1\n# comment\n2 nosuchhost\n' >"$tmp/pairs.txt"
refused "--pairs" "$tmp/pairs.txt:3: unknown host 'nosuchhost' (give a host name of the job or a rank 0 .. 3)" \
	-d rxe0 --pairs "$tmp/pairs.txt"
refused "--verb=atomic" "invalid --verb value 'atomic': valid verbs are write, read, send" \
	-d rxe0 --verb=atomic
echo "1..$n"
exit $bad
