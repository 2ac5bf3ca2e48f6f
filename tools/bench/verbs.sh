#!/bin/sh
# tools/bench/verbs.sh - the "verbs" part of "make bench", one rail: the
# other verbs of the perftest family beside perftest.
#   rbw    RDMA READ bandwidth (ib_read_bw, rail_read_bw), -s S -n N for S
#          in $BENCH_VERBS_SIZES, N = $BENCH_VERBS_N ("auto": 32 MiB / S
#          within 30 .. 5000, as the WRITE sweep), the tools alternating
#          size by size
#   sbw    SEND bandwidth (ib_send_bw, rail_send_bw), the same sizes
#   slat   SEND latency (ib_send_lat, rail_send_lat), -s S -n $BENCH_LAT_N
#          for S in $BENCH_VERBS_LAT_SIZES, $BENCH_LAT_REPS samples per size,
#          tool and run (named as the READ latency samples of single.sh)
#   irv    instructions per message of READ, SEND and FETCH_AND_ADD
#          (abw): -s 2 (8) -N -n N for N in $BENCH_IR_N, the bandwidth
#          client under valgrind --tool=callgrind (its instruction count)
#   ilv    instructions per iteration of the latency tools, READ, WRITE,
#          SEND and FETCH_AND_ADD (rlat, wlat, slat, alat), waits left out:
#          the client under callgrind with tools/bench/cgwait.c
#          (lib.sh irun_lat), its counts between sends FROM and TO of
#          $BENCH_ILAT (a latency client's whole count would follow the
#          wait, its busy-polling, not the work)
# Both tools get the same flags; perftest first in odd runs, railperf first
# in even ones. Runs in a "tools/scripts/softroce run" guest (server and
# client on $BENCH_DEV, rxe loopback) or, with BENCH_ROLE=hw, on the host
# driving two machines. Started by tools/bench/bench, which says what the
# variables mean.
cd "$(dirname "$0")/../.." || exit 1
BENCH_ROLE=${BENCH_ROLE:-${SOFTROCE_GUEST:-}}
BENCH_PART=verbs
. tools/bench/lib.sh

DEV=${BENCH_DEV:-rxe1}
SDEV=${BENCH_SERVER_DEV:-$DEV}
ADDR=${BENCH_ADDR:-${SOFTROCE_IP1:-10.0.2.1}}
RP=${BENCH_RP_DIR:-$PWD/build}
VN=${BENCH_VERBS_N:-auto}
SIZES=${BENCH_VERBS_SIZES-2 4096 65536}
LAT_SIZES=${BENCH_VERBS_LAT_SIZES-2 4096 65536}
LAT_N=${BENCH_LAT_N:-1000}
LAT_REPS=${BENCH_LAT_REPS:-3}
IR_N=${BENCH_IR_N-21000 1000}
ILAT=${BENCH_ILAT-300 1300}
CGWAIT=${BENCH_CGWAIT:-$RP/tools/bench/cgwait.so}
X=
[ -z "${BENCH_GID:-}" ] || X="-x $BENCH_GID"

prog() { # TOOL TEST
	case $1.$2 in
	pt.rbw) echo "ib_read_bw $PT_MEM" ;;
	pt.sbw) echo "ib_send_bw $PT_MEM" ;;
	pt.slat) echo "ib_send_lat $PT_MEM" ;;
	pt.abw) echo "ib_atomic_bw $PT_MEM" ;;
	pt.rlat) echo "ib_read_lat $PT_MEM" ;;
	pt.wlat) echo "ib_write_lat $PT_MEM" ;;
	pt.alat) echo "ib_atomic_lat $PT_MEM" ;;
	rp.rbw) echo "$RP/rail_read_bw $RP_MEM" ;;
	rp.sbw) echo "$RP/rail_send_bw $RP_MEM" ;;
	rp.slat) echo "$RP/rail_send_lat $RP_MEM" ;;
	rp.abw) echo "$RP/rail_atomic_bw $RP_MEM" ;;
	rp.rlat) echo "$RP/rail_read_lat $RP_MEM" ;;
	rp.wlat) echo "$RP/rail_write_lat $RP_MEM" ;;
	rp.alat) echo "$RP/rail_atomic_lat $RP_MEM" ;;
	esac
}

{
	echo "perftest=$(remote "${CLIENT:-}" ib_send_bw --version 2>&1 | sed -n 's/.*Version: *//p' | head -n 1)"
	echo "verbs_device=$DEV"
} >"$RAW/env-verbs.txt"

r=1
while [ $r -le "$RUNS" ]; do
	for test in rbw sbw; do
		[ -z "$SIZES" ] ||
			log "run $r of $RUNS: $test, -s S -n $VN, S in $SIZES"
		i=$r
		for sz in $SIZES; do
			for t in $(order $i); do
				one "$t" $test "$test.$t.r$r.s$sz" -s "$sz" \
					-n "$(n_auto "$VN" "$sz")"
			done
			i=$((i + 1))
		done
	done
	[ -z "$LAT_SIZES" ] ||
		log "run $r of $RUNS: SEND latency, -n $LAT_N, sizes $LAT_SIZES, $LAT_REPS samples"
	k=1
	while [ -n "$LAT_SIZES" ] && [ $k -le "$LAT_REPS" ]; do
		smp=$(( (r - 1) * LAT_REPS + k ))
		for sz in $LAT_SIZES; do
			for t in $(order $smp); do
				one "$t" slat "slat.$t.r$smp.s$sz" -s "$sz" -n "$LAT_N"
			done
		done
		k=$((k + 1))
	done
	[ -z "$IR_N" ] ||
		log "run $r of $RUNS: instructions per verb, 2 B, client under callgrind, -n $IR_N"
	for test in rbw sbw abw; do
		for n in $IR_N; do
			for t in $(order $r); do
				irun "$t" $test "irv.$t.r$r.$test.n$n" "$n"
			done
		done
	done
	[ -z "$ILAT" ] ||
		log "run $r of $RUNS: latency instructions per iteration, waits excluded, sends $ILAT"
	for test in rlat wlat slat alat; do
		[ -n "$ILAT" ] || break
		for t in $(order $r); do
			# shellcheck disable=SC2086 # FROM TO
			irun_lat "$t" $test "ilv.$t.r$r.$test" $ILAT
		done
	done
	r=$((r + 1))
done
echo "paused_verbs=$(paused)" >>"$RAW/env-verbs.txt"
log "done"
