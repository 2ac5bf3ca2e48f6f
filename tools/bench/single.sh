#!/bin/sh
# tools/bench/single.sh - parts 1, 2 and 4 of "make bench", one rail:
#   write  RDMA WRITE bandwidth, 2 B .. 8 MiB, -n $BENCH_WRITE_N ("auto":
#          32 MiB / S, within 30 .. 5000, per size S): with
#          BENCH_SWEEP=pairs (the default) one -s S run per size, the
#          tools alternating size by size (the tool that goes first too);
#          with BENCH_SWEEP=a one -a run per tool
#   wlong  RDMA WRITE bandwidth, long runs: -s S -n N for S:N in
#          $BENCH_WRITE_LONG (the sweep times a single burst per size)
#   lat    RDMA READ latency, -s S -n $BENCH_LAT_N for S in $BENCH_LAT_SIZES,
#          $BENCH_LAT_REPS samples per size, tool and run (named as runs
#          (R-1)*REPS+1 .. R*REPS, the tool that goes first alternating)
#   wlat   RDMA WRITE latency, as lat (ib_write_lat, rail_write_lat)
#   cpu    RDMA WRITE of 2 B, -n N for N in $BENCH_CPU_N (client CPU time)
#   ir     RDMA WRITE of 2 B, -N -n N for N in $BENCH_IR_N, the client
#          under valgrind --tool=callgrind (its instruction count)
#   rate   message rate: -s S for S in $BENCH_RATE_SIZES, each with two
#          postings, "-l 1" and "-l 32 -I 64 -q 4 -t 512", $BENCH_RATE_N
#          messages in all (-n per QP = that / QPs, a multiple of the post
#          list as both tools require); client CPU time
#   bidir  both directions at once (-b): -s S -n N for S:N in $BENCH_BIDIR
# perftest (ib_write_bw, ib_read_lat, ib_write_lat) and railperf
# (rail_write_bw, rail_read_lat, rail_write_lat) get the same flags; each
# run does every test once with both tools, perftest first in odd runs and
# railperf first in even ones.
# Runs in a "tools/scripts/softroce run" guest (server and client on
# $BENCH_DEV, rxe loopback) or, with BENCH_ROLE=hw, on the host driving two
# machines.
# Started by tools/bench/bench, which says what the variables mean.
cd "$(dirname "$0")/../.." || exit 1
BENCH_ROLE=${BENCH_ROLE:-${SOFTROCE_GUEST:-}}
BENCH_PART=single
. tools/bench/lib.sh

DEV=${BENCH_DEV:-rxe1}
SDEV=${BENCH_SERVER_DEV:-$DEV}
ADDR=${BENCH_ADDR:-${SOFTROCE_IP1:-10.0.2.1}}
RP=${BENCH_RP_DIR:-$PWD/build}
WRITE_N=${BENCH_WRITE_N:-30}
SWEEP=${BENCH_SWEEP:-pairs}
SWEEP_SIZES="2 4 8 16 32 64 128 256 512 1024 2048 4096 8192 16384 32768 65536 131072 262144 524288 1048576 2097152 4194304 8388608"
WRITE_LONG=${BENCH_WRITE_LONG-65536:2000 1048576:150}
LAT_N=${BENCH_LAT_N:-1000}
LAT_SIZES=${BENCH_LAT_SIZES:-2 4 8 16 32 64 128 256 512 1024 2048 4096 8192 16384 32768 65536}
LAT_REPS=${BENCH_LAT_REPS:-3}
CPU_N=${BENCH_CPU_N:-100000 1000}
IR_N=${BENCH_IR_N-21000 1000}
WLAT_SIZES=${BENCH_WLAT_SIZES-$LAT_SIZES}
RATE_SIZES=${BENCH_RATE_SIZES-2 64 4096}
RATE_N=${BENCH_RATE_N:-20480}
BIDIR=${BENCH_BIDIR-65536:1000 1048576:60}
X=
[ -z "${BENCH_GID:-}" ] || X="-x $BENCH_GID"

prog() { # TOOL TEST
	case $1.$2 in
	pt.write) echo "ib_write_bw $PT_MEM" ;;
	pt.lat) echo "ib_read_lat $PT_MEM" ;;
	pt.wlat) echo "ib_write_lat $PT_MEM" ;;
	rp.write) echo "$RP/rail_write_bw $RP_MEM" ;;
	rp.lat) echo "$RP/rail_read_lat $RP_MEM" ;;
	rp.wlat) echo "$RP/rail_write_lat $RP_MEM" ;;
	esac
}

# Versions and the device, for the report.
{
	echo "role=$ROLE"
	echo "perftest=$(remote "${CLIENT:-}" ib_write_bw --version 2>&1 | sed -n 's/.*Version: *//p' | head -n 1)"
	echo "railperf=$(remote "${CLIENT:-}" "$RP/rail_write_bw" -V 2>&1 | head -n 1)"
	echo "client_kernel=$(remote "${CLIENT:-}" uname -r)"
	echo "client_cpus=$(remote "${CLIENT:-}" nproc)"
	echo "device=$DEV"
	echo "active_mtu=$(remote "${CLIENT:-}" ibv_devinfo -d "$DEV" 2>/dev/null | sed -n 's/.*active_mtu:[[:space:]]*//p' | head -n 1)"
} >"$RAW/env-single.txt"

# latency TEST SIZES: $LAT_REPS samples of every size per tool in run $r
# (TEST lat or wlat), named as runs (r-1)*REPS+1 .. r*REPS.
latency() {
	k=1
	while [ $k -le "$LAT_REPS" ]; do
		smp=$(( (r - 1) * LAT_REPS + k ))
		for sz in $2; do
			for t in $(order $smp); do
				one "$t" "$1" "$1.$t.r$smp.s$sz" -s "$sz" -n "$LAT_N"
			done
		done
		k=$((k + 1))
	done
}

r=1
while [ $r -le "$RUNS" ]; do
	if [ "$SWEEP" = a ]; then
		log "run $r of $RUNS: RDMA WRITE bandwidth, -a -n $WRITE_N"
		for t in $(order $r); do
			one "$t" write "write.$t.r$r" -a -n "$(n_auto "$WRITE_N" 8388608)"
		done
	else
		log "run $r of $RUNS: RDMA WRITE bandwidth, -s S -n $WRITE_N, S = 2 B .. 8 MiB, the tools alternating size by size"
		i=$r
		for sz in $SWEEP_SIZES; do
			for t in $(order $i); do
				one "$t" write "write.$t.r$r.s$sz" -s "$sz" \
					-n "$(n_auto "$WRITE_N" "$sz")"
			done
			i=$((i + 1))
		done
	fi
	for sn in $WRITE_LONG; do
		log "run $r of $RUNS: RDMA WRITE bandwidth, -s ${sn%%:*} -n ${sn#*:}"
		for t in $(order $r); do
			one "$t" write "wlong.$t.r$r.s${sn%%:*}" -s "${sn%%:*}" \
				-n "${sn#*:}"
		done
	done
	log "run $r of $RUNS: RDMA READ latency, -n $LAT_N, sizes $LAT_SIZES, $LAT_REPS samples"
	latency lat "$LAT_SIZES"
	[ -z "$WLAT_SIZES" ] ||
		log "run $r of $RUNS: RDMA WRITE latency, -n $LAT_N, sizes $WLAT_SIZES, $LAT_REPS samples"
	latency wlat "$WLAT_SIZES"
	log "run $r of $RUNS: CPU, RDMA WRITE 2 B, -n $CPU_N"
	for n in $CPU_N; do
		for t in $(order $r); do
			one "$t" write "cpu.$t.r$r.n$n" -s 2 -n "$n"
		done
	done
	[ -z "$IR_N" ] ||
		log "run $r of $RUNS: instructions, RDMA WRITE 2 B -N, client under callgrind, -n $IR_N"
	for n in $IR_N; do
		for t in $(order $r); do
			irun "$t" write "ir.$t.r$r.n$n" "$n"
		done
	done
	[ -z "$RATE_SIZES" ] ||
		log "run $r of $RUNS: message rate, sizes $RATE_SIZES, $RATE_N messages"
	for sz in $RATE_SIZES; do
		for t in $(order $r); do
			one "$t" write "rate.$t.r$r.s$sz.l1" -s "$sz" -n "$RATE_N" -l 1
			one "$t" write "rate.$t.r$r.s$sz.l32" -s "$sz" \
				-n $((RATE_N / 4)) -l 32 -I 64 -q 4 -t 512
		done
	done
	for sn in $BIDIR; do
		log "run $r of $RUNS: both directions (-b), -s ${sn%%:*} -n ${sn#*:}"
		for t in $(order $r); do
			one "$t" write "bidir.$t.r$r.s${sn%%:*}" -b -s "${sn%%:*}" \
				-n "${sn#*:}"
		done
	done
	r=$((r + 1))
done
echo "paused_single=$(paused)" >>"$RAW/env-single.txt"
log "done"
