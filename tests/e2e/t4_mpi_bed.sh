#!/bin/sh
# Description: the four-host test bed (tools/scripts/softroce runN 4, two
# shared rail segments): mpirun (tests/e2e/mpi.sh) starts one rank on each
# guest, rank i on h(i+1), four distinct host names; on every guest rxe0
# and rxe1 are PORT_ACTIVE (ibv_devinfo) with the rail addresses the bed
# gave it. Then RDMA between two guests that are not back to back:
# ib_write_bw -d rxe1 -x 1 -D 1, server on h3 (started over ssh), client
# on h1; the bytes arrive: h1's rxe1 sent and h3's rxe1 received at least
# one packet per 4 KiB written (the largest RoCE MTU), by their port
# counters read before and after.
# Run by suite.sh in guest h1; "sh t4_mpi_bed.sh rank" is one rank's part.
. tests/e2e/lib.sh

# rank: this guest's line, "rank R HOST rxe0 STATE rxe1 STATE IP0 IP1".
if [ "${1:-}" = rank ]; then
	st0=$(ibv_devinfo -d rxe0 2>&1 | awk '$1 == "state:" { print $2 }')
	st1=$(ibv_devinfo -d rxe1 2>&1 | awk '$1 == "state:" { print $2 }')
	echo "rank $OMPI_COMM_WORLD_RANK $(hostname) rxe0 ${st0:-none} rxe1 ${st1:-none} $SOFTROCE_IP0 $SOFTROCE_IP1"
	exit 0
fi

. tests/e2e/mpi.sh
[ "$SOFTROCE_NHOSTS" = 4 ] || fail "SOFTROCE_NHOSTS is '$SOFTROCE_NHOSTS', want 4 (softroce runN 4)"

t0=$(date +%s)
# shellcheck disable=SC2086 # MPIRUN is a command line
timeout 120 $MPIRUN -np 4 sh tests/e2e/t4_mpi_bed.sh rank >"$TMP/ranks" 2>&1 ||
	{ cat "$TMP/ranks"; fail "mpirun -np 4 exited $?"; }
note "mpirun -np 4 over ssh: $(($(date +%s) - t0)) s"
[ "$(grep -c '^rank ' "$TMP/ranks")" = 4 ] || { cat "$TMP/ranks"; fail "want 4 rank lines"; }
grep -v '^rank ' "$TMP/ranks" | grep . && fail "mpirun printed more than the ranks' lines (above)"
[ "$(awk '/^rank / { print $3 }' "$TMP/ranks" | sort -u | wc -l)" = 4 ] ||
	{ cat "$TMP/ranks"; fail "want 4 distinct host names"; }
for r in 0 1 2 3; do
	i=$((r + 1))
	want="rank $r softroce-h$i rxe0 PORT_ACTIVE rxe1 PORT_ACTIVE 10.0.1.$i 10.0.2.$i"
	grep -qx "$want" "$TMP/ranks" || { cat "$TMP/ranks"; fail "no line '$want'"; }
done

# RDMA across the rail 1 segment, h1 -> h3.
H3=10.0.1.3
CNT=/sys/class/infiniband/rxe1/ports/1/hw_counters
PORT=18901
# one_run: server on h3, client here, the counters read around them.
# Returns 2 where perftest could not time the run: its CPU clock estimate
# (get_clock.c, a regression over 200 gettimeofday samples) fails its own
# r^2 >= 0.9 check when four TCG guests share two host cores, and it then
# prints "Can't produce a report" instead of a row (tests/compat/lib.sh).
one_run() {
	s0=$(cat $CNT/sent_pkts)
	r0=$($SOFTROCE_SSH $H3 cat $CNT/rcvd_pkts) || fail "ssh $H3: cannot read rxe1 rcvd_pkts"
	$SOFTROCE_SSH $H3 timeout 60 ib_write_bw -d rxe1 -x 1 -D 1 -p $PORT >"$TMP/srv" 2>&1 &
	spid=$!
	# ib_write_bw's client does not retry: try until the server listens.
	n=0
	until timeout 60 ib_write_bw -d rxe1 -x 1 -D 1 -p $PORT $H3 >"$TMP/cli" 2>&1; do
		grep -q "Can't produce a report" "$TMP/cli" && { wait_pid $spid 60; return 2; }
		grep -q "Couldn't connect" "$TMP/cli" || { cat "$TMP/cli"; fail "ib_write_bw client failed"; }
		n=$((n + 1))
		[ $n -lt 30 ] || fail "ib_write_bw server on h3 did not listen within 30 tries"
		sleep 1
	done
	wait_pid $spid 60 || {
		rc=$?
		grep -q "Can't produce a report" "$TMP/srv" && return 2
		cat "$TMP/srv"; fail "ib_write_bw server on h3 exited $rc"
	}
	s1=$(cat $CNT/sent_pkts)
	r1=$($SOFTROCE_SSH $H3 cat $CNT/rcvd_pkts) || fail "ssh $H3: cannot read rxe1 rcvd_pkts"
}
try=1
while ! one_run; do
	note "ib_write_bw could not time run $try (its CPU clock estimate), again"
	try=$((try + 1))
	[ $try -le 3 ] || fail "ib_write_bw could not time the run in 3 tries"
	PORT=$((PORT + 1))
done
row=$(rows "$TMP/cli")
# shellcheck disable=SC2086
set -- $row
[ "$1" = 5 ] || { cat "$TMP/cli"; fail "no result row from ib_write_bw"; }
bytes=$(($2 * $3))
min=$((bytes / 4096))
[ "$min" -gt 0 ] || { cat "$TMP/cli"; fail "ib_write_bw wrote no bytes"; }
note "ib_write_bw h1 -> h3 on rxe1: $2 B x $3 = $bytes B, $4 $5 $6; h1 sent $((s1 - s0)) packets, h3 received $((r1 - r0))"
[ $((s1 - s0)) -ge $min ] || fail "h1 rxe1 sent $((s1 - s0)) packets for $bytes B, want >= $min"
[ $((r1 - r0)) -ge $min ] || fail "h3 rxe1 received $((r1 - r0)) packets for $bytes B, want >= $min"
