#!/bin/sh
# tools/bench/multi.sh - part 3 of "make bench": two rails at once.
#   pt  the manual method: two ib_write_bw pairs, one per rail, started at
#       once (each -D $BENCH_MULTI_D, its own window); their BWs are summed
#   rp  one rail_multi_bw over both rails, -D $BENCH_MULTI_D: the aggregate
#       over one common window and each rail's own BW
# Same flags for both. Runs in both guests of "tools/scripts/softroce run2"
# (a: the servers, b: the clients; the DGX Spark topology) or, with
# BENCH_ROLE=hw, on the host driving two machines. Started by
# tools/bench/bench.
cd "$(dirname "$0")/../.." || exit 1
BENCH_ROLE=${BENCH_ROLE:-${SOFTROCE_GUEST:-}}
BENCH_PART=multi
. tools/bench/lib.sh

DEVS=${BENCH_DEVS:-rxe0,rxe1}
SDEVS=${BENCH_SERVER_DEVS:-$DEVS}
C0=${DEVS%%,*} C1=${DEVS#*,}
S0=${SDEVS%%,*} S1=${SDEVS#*,}
ADDR0=${BENCH_ADDR0:-${SOFTROCE_PEER_IP0:-10.0.1.1}}
ADDR1=${BENCH_ADDR1:-${SOFTROCE_PEER_IP1:-10.0.2.1}}
RP=${BENCH_RP_DIR:-$PWD/build}
D=${BENCH_MULTI_D:-6}
X=
[ -z "${BENCH_GID:-}" ] || X="-x $BENCH_GID"

case $C1 in *,*) log "BENCH_DEVS: exactly two rails, got $DEVS"; exit 2 ;; esac
[ "$C0" != "$C1" ] || { log "BENCH_DEVS: two different devices, got $DEVS"; exit 2; }

[ "$ROLE" = a ] || {
	echo "role=$ROLE"
	echo "devices=$DEVS"
	echo "cpus=$(remote "${CLIENT:-}" nproc)"
} >"$RAW/env-multi.txt"

r=1
while [ $r -le "$RUNS" ]; do
	log "run $r of $RUNS: two rails at once, -D $D"
	for t in $(order $r); do
		if [ "$t" = pt ]; then
			pair 1 "ib_write_bw $PT_MEM -d $S0 $X -D $D" \
				"ib_write_bw $PT_MEM -d $C0 $X -D $D" "$ADDR0"
			pair 2 "ib_write_bw $PT_MEM -d $S1 $X -D $D" \
				"ib_write_bw $PT_MEM -d $C1 $X -D $D" "$ADDR1"
			item multi.pt.r$r 2 || true
		else
			pair 1 "$RP/rail_multi_bw $RP_MEM -d $SDEVS $X -D $D" \
				"$RP/rail_multi_bw $RP_MEM -d $DEVS $X -D $D" "$ADDR0"
			item multi.rp.r$r 1 || true
		fi
	done
	r=$((r + 1))
done
[ "$ROLE" = a ] || echo "paused_multi=$(paused)" >>"$RAW/env-multi.txt"
log "done"
