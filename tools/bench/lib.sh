# tools/bench/lib.sh - run server/client pairs for tools/bench/bench.
# Sourced (POSIX sh) by tools/bench/single.sh and tools/bench/multi.sh.
#
# Where the sides run depends on BENCH_ROLE:
#   single  one Soft-RoCE guest: server and client here (rxe loopback)
#   a       guest a of "tools/scripts/softroce run2": the servers only
#   b       guest b: the clients only (connects to guest a)
#   hw      real hardware: servers on $SERVER, clients on $CLIENT, over ssh
#
# A run ("item") is one or more pairs started at once; each pair's client is
# timed by GNU time (user and system CPU seconds of the child, from
# getrusage). An item whose client fails (no result row, exit non-zero) is
# run again on fresh ports, at most $BENCH_RETRIES more times. Outputs go to
# $BENCH_RAW/NAME.pI.{server,client}; every finished item adds a line
# "NAME<TAB>attempts<TAB>quiet|busy" (or "NAME<TAB>FAILED") to
# $BENCH_RAW/done-$BENCH_PART.tsv.
# In run2 the two guests share $BENCH_RAW (a host directory) and agree on
# each attempt through files in it: b writes NAME.tryK = ok | fail.
#
# Pair commands and pid lists are plain words, split on purpose (SC2086);
# pair variables are set through eval (SC2154); RUNS is for the callers.
# shellcheck shell=sh disable=SC2086,SC2154,SC2034

RAW=${BENCH_RAW:?BENCH_RAW is not set}
ROLE=${BENCH_ROLE:?BENCH_ROLE is not set}
PART=${BENCH_PART:?BENCH_PART is not set}
RETRIES=${BENCH_RETRIES:-2}
RUNS=${BENCH_RUNS:-5}
RUN_TIMEOUT=${BENCH_RUN_TIMEOUT:-300}
RUSAGE_FMT='bench-rusage: %U %S %e'
NEXT_PORT=${BENCH_PORT:-20000}
DONE=$RAW/done-$PART.tsv

log() { echo "bench[$ROLE]: $*"; }

# Like with like: both tools' buffers on the same kind of page.
# BENCH_MEM=huge (the default): perftest gets --use_hugepages, railperf
# its default (hugepages); normal: railperf gets --no_hugepages, perftest
# its default (memalign'ed normal pages).
case ${BENCH_MEM:-huge} in
huge) PT_MEM=--use_hugepages RP_MEM= ;;
normal) PT_MEM= RP_MEM=--no_hugepages ;;
*) log "BENCH_MEM value '$BENCH_MEM': give huge or normal"; exit 2 ;;
esac

# order RUN: the two tools in the order RUN uses them: perftest first in
# odd runs, railperf first in even runs, so drift hits both alike.
order() {
	if [ $(($1 % 2)) = 1 ]; then echo "pt rp"; else echo "rp pt"; fi
}

# remote HOST CMD...: CMD on HOST over ssh (hw role), else here.
remote() {
	h=$1; shift
	if [ "$ROLE" = hw ]; then
		ssh -n -o BatchMode=yes "$h" "$*"
	else
		sh -c "$*"
	fi
}

# pair I SERVER_ARGS CLIENT_ARGS ADDRESS: pair I of the next item. ARGS are
# a program and its flags (plain words); the control port is added, and
# the client gets ADDRESS last.
pair() {
	eval "P_S$1=\$2 P_C$1=\$3 P_A$1=\$4"
}

# listening PORT: true once something listens on TCP PORT here.
listening() { ss -Hltn "sport = :$1" 2>/dev/null | grep -q .; }

# start_server I PORT OUT: server of pair I in the background (pid in SPID_I).
start_server() {
	eval "args=\$P_S$1"
	remote "${SERVER:-}" "timeout $RUN_TIMEOUT $args -p $2" >"$3" 2>&1 &
	eval "SPID_$1=\$!"
}

# client I PORT OUT: client of pair I, timed; retried while the server is
# not listening yet (perftest's client does not retry by itself). A client
# that succeeded gets a last line "bench-span: START END" (seconds, the
# clock of the host that starts it) in OUT.
client() {
	eval "args=\$P_C$1 addr=\$P_A$1"
	c_try=0
	while :; do
		c_t0=$(date +%s.%N)
		c_rc=0
		remote "${CLIENT:-}" "timeout $RUN_TIMEOUT /usr/bin/time -f '$RUSAGE_FMT'" \
			"$args -p $2 $addr" >"$3" 2>&1 || c_rc=$?
		if [ $c_rc = 0 ]; then
			echo "bench-span: $c_t0 $(date +%s.%N)" >>"$3"
			return 0
		fi
		c_try=$((c_try + 1))
		grep -q "Couldn't connect" "$3" && [ $c_try -lt 60 ] || return $c_rc
		sleep 0.5
	done
}

# has_row FILE: the client printed result rows (after a "#bytes" header)
# and every field of them is a plain number: perftest prints "inf" when it
# could not estimate the CPU clock (r^2 < 0.9) and still exits 0.
has_row() {
	awk '/^ #bytes/ { t = 1; next }
	     t && /^ *[0-9]/ { f = 1
		for (i = 1; i <= NF; i++) if ($i !~ /^[0-9]+(\.[0-9]+)?$/) bad = 1 }
	     END { exit !(f && !bad) }' "$1"
}

# wait_all PIDS...: wait for every pid; 0 if all exited 0.
wait_all() {
	w_rc=0
	for w_p in "$@"; do wait "$w_p" || w_rc=1; done
	return $w_rc
}

# attempt NAME NPAIRS K: one try of the item on the roles' sides; 0 if every
# client succeeded (role a: as b says).
attempt() {
	a_name=$1 a_n=$2 a_k=$3 a_base=$NEXT_PORT
	NEXT_PORT=$((NEXT_PORT + a_n))
	a_pids="" a_i=1
	if [ "$ROLE" != b ]; then
		while [ $a_i -le "$a_n" ]; do
			start_server $a_i $((a_base + a_i - 1)) "$RAW/$a_name.p$a_i.server"
			eval "a_pids=\"\$a_pids \$SPID_$a_i\""
			a_i=$((a_i + 1))
		done
	fi
	if [ "$ROLE" = a ]; then
		wait_all $a_pids
		verdict "$a_name" "$a_k"
		return
	fi
	if [ "$ROLE" = single ]; then
		a_i=1
		while [ $a_i -le "$a_n" ]; do
			eval "a_p=\$SPID_$a_i"
			a_w=0
			until listening $((a_base + a_i - 1)) || [ $a_w -ge 200 ] ||
				! kill -0 "$a_p" 2>/dev/null; do
				sleep 0.1; a_w=$((a_w + 1))
			done
			a_i=$((a_i + 1))
		done
	fi
	c_pids="" a_i=1
	while [ $a_i -le "$a_n" ]; do
		client $a_i $((a_base + a_i - 1)) "$RAW/$a_name.p$a_i.client" &
		c_pids="$c_pids $!"
		a_i=$((a_i + 1))
	done
	a_ok=0
	wait_all $c_pids || a_ok=1
	a_i=1
	while [ $a_i -le "$a_n" ]; do
		has_row "$RAW/$a_name.p$a_i.client" || a_ok=1
		a_i=$((a_i + 1))
	done
	[ -z "$a_pids" ] || wait_all $a_pids || true
	if [ "$ROLE" = b ]; then
		if [ $a_ok = 0 ]; then echo ok; else echo fail; fi >"$RAW/$a_name.try$a_k"
	fi
	return $a_ok
}

# verdict NAME K (role a): wait for b's word on attempt K.
verdict() {
	v=0
	while [ ! -s "$RAW/$1.try$2" ] && [ $v -lt $((RUN_TIMEOUT * 10)) ]; do
		sleep 0.1; v=$((v + 1))
	done
	[ "$(cat "$RAW/$1.try$2" 2>/dev/null)" = ok ]
}

# Other guests on the host skew timing. The driver keeps $RAW/host-busy
# while it sees any; before each item the single guest and guest b (which
# starts the clients) wait for it to go, at most $BENCH_PAUSE seconds per
# item and $BENCH_PAUSE_TOTAL in all. Guest b waits at most 40 s: guest a's
# servers are already waiting (until timeout $RUN_TIMEOUT ends them).
# (Waits go by the clock: under TCG a "sleep 0.1" takes far longer.)
PAUSE=${BENCH_PAUSE:-0}
PAUSED=0
[ "$ROLE" != b ] || [ "$PAUSE" -le 40 ] || PAUSE=40

busy() { [ -e "$RAW/host-busy" ]; }

# paused: seconds spent waiting in quiet so far.
paused() { echo "$PAUSED"; }

quiet() {
	[ "$ROLE" = single ] || [ "$ROLE" = b ] || return 0
	busy || return 0
	q_t0=$(date +%s)
	q_end=$((q_t0 + PAUSE))
	q_all=$((q_t0 + ${BENCH_PAUSE_TOTAL:-0} - PAUSED))
	[ $q_all -ge $q_end ] || q_end=$q_all
	while busy && [ "$(date +%s)" -lt $q_end ]; do
		sleep 1
	done
	PAUSED=$((PAUSED + $(date +%s) - q_t0))
}

# item NAME NPAIRS: run pairs 1..NPAIRS (set with "pair") at once, retrying.
# The line in $DONE ends in "busy" if other guests ran on the host at its
# start or end.
item() {
	it_k=1
	quiet
	it_load=quiet
	! busy || it_load=busy
	while :; do
		if attempt "$1" "$2" "$it_k"; then
			! busy || it_load=busy
			[ "$ROLE" = a ] ||
				printf '%s\t%s\t%s\n' "$1" "$it_k" "$it_load" >>"$DONE"
			return 0
		fi
		it_i=1
		while [ $it_i -le "$2" ]; do
			for it_s in server client; do
				it_f=$RAW/$1.p$it_i.$it_s
				[ ! -e "$it_f" ] || mv -f "$it_f" "$it_f.failed$it_k"
			done
			it_i=$((it_i + 1))
		done
		if [ $it_k -gt "$RETRIES" ]; then
			log "$1: failed $it_k times; see $RAW/$1.p*.failed*"
			[ "$ROLE" = a ] || printf '%s\tFAILED\n' "$1" >>"$DONE"
			return 1
		fi
		[ "$ROLE" = a ] || log "$1: attempt $it_k failed; again on fresh ports"
		it_k=$((it_k + 1))
	done
}

# The parts (single.sh, verbs.sh) define prog TOOL TEST: the command line
# of tool TOOL (pt: perftest, rp: railperf) for test TEST.

# one TOOL TEST NAME FLAGS...: one server/client pair, FLAGS on both sides.
one() {
	o_bin=$(prog "$1" "$2") o_name=$3
	shift 3
	pair 1 "$o_bin -d $SDEV $X $*" "$o_bin -d $DEV $X $*" "$ADDR"
	item "$o_name" 1 || true
}

# n_auto N SIZE: N, or with "auto" the -n of a SIZE-byte bandwidth run:
# 32 MiB / SIZE within 30 .. 5000 (perftest's default -n), so that small
# sizes time thousands of messages, not a burst of 30.
n_auto() {
	[ "$1" = auto ] || { echo "$1"; return; }
	s_n=$((33554432 / $2))
	[ $s_n -le 5000 ] || s_n=5000
	[ $s_n -ge 30 ] || s_n=30
	echo $s_n
}

# serve BIN FLAGS PORT NAME: the server of an instruction-count run in the
# background (RAW/NAME.p1.server), SV_PID its pid; back once it listens
# (one guest: up to 20 s) or after 2 s (two hosts).
serve() {
	remote "${SERVER:-}" "timeout $RUN_TIMEOUT $1 -d $SDEV $X $2 -p $3" \
		>"$RAW/$4.p1.server" 2>&1 &
	SV_PID=$!
	if [ "$ROLE" = single ]; then
		sv_w=0
		until listening "$3" || [ $sv_w -ge 200 ]; do
			sleep 0.1; sv_w=$((sv_w + 1))
		done
	else
		sleep 2
	fi
}

# counted NAME PATTERN: after the client of an instruction-count run, wait
# for its server; NAME done when RAW/NAME.p1.client has a line matching
# PATTERN (grep), else FAILED with a log line.
counted() {
	wait "$SV_PID" || true
	if grep -q "$2" "$RAW/$1.p1.client"; then
		printf '%s\t1\tquiet\n' "$1" >>"$DONE"
	else
		log "$1: no instruction count; see $RAW/$1.p1.client"
		printf '%s\tFAILED\n' "$1" >>"$DONE"
	fi
}

# irun TOOL TEST NAME N: a 2 B run of TEST (an atomic's 8 B; -N: no peak,
# -n N) with the client under valgrind's callgrind; RAW/NAME.p1.client
# gets the client's output and "ir-total: COUNT", its instructions from
# start to exit. perftest may end there with "Can't produce a report"
# (its CPU clock estimate fails under valgrind) after its loop ran: the
# count stands.
irun() {
	i_bin=$(prog "$1" "$2") i_port=$NEXT_PORT i_cg=/tmp/bench-cg.$$.out
	i_s=2
	case $2 in a*) i_s=8 ;; esac
	i_f="-s $i_s -N -n $4"
	NEXT_PORT=$((NEXT_PORT + 1))
	serve "$i_bin" "$i_f" "$i_port" "$3"
	remote "${CLIENT:-}" "timeout $RUN_TIMEOUT valgrind --tool=callgrind" \
		"--callgrind-out-file=$i_cg $i_bin -d $DEV $X $i_f" \
		"-p $i_port $ADDR; sed -n 's/^totals: */ir-total: /p' $i_cg;" \
		"rm -f $i_cg" >"$RAW/$3.p1.client" 2>&1
	counted "$3" '^ir-total: [0-9]'
}

# irun_lat TOOL TEST NAME FROM TO: a latency run of TEST (-n TO + ILAT_TAIL,
# ILAT_TAIL = 712: ib_send_lat stops posting receives once fewer than its
# rx_depth, 512, iterations are left (perftest_resources.c
# run_iter_lat_send: rcnt + size_per_qp <= iters), so a window that ends
# less than 512 iterations before -n counts it without them; the
# tool's default size: 2 B, an atomic's 8) with the client under
# valgrind's callgrind and LD_PRELOAD=$CGWAIT (tools/bench/cgwait.c: every
# ibv_poll_cq and a pause after each completion uncounted, the counts
# dumped after send FROM and after send TO); RAW/NAME.p1.client gets the
# client's output and "ir-window: COUNT SENDS", the instructions between
# the two dumps (callgrind's part 2) and TO - FROM; no count when the
# client ended before send TO.
ILAT_TAIL=712
irun_lat() {
	l_bin=$(prog "$1" "$2") l_port=$NEXT_PORT l_cg=/tmp/bench-cgl.$$.out
	l_f="-n $(($5 + ILAT_TAIL))"
	NEXT_PORT=$((NEXT_PORT + 1))
	serve "$l_bin" "$l_f" "$l_port" "$3"
	remote "${CLIENT:-}" "timeout $RUN_TIMEOUT env LD_PRELOAD=$CGWAIT" \
		"RP_CG_FROM=$4 RP_CG_TO=$5 valgrind --tool=callgrind" \
		"--callgrind-out-file=$l_cg $l_bin -d $DEV $X $l_f -p $l_port" \
		"$ADDR; echo \"ir-window: \$(sed -n 's/^totals: *//p' $l_cg.2)" \
		"$(($5 - $4))\"; rm -f $l_cg $l_cg.*" >"$RAW/$3.p1.client" 2>&1
	counted "$3" '^ir-window: [0-9][0-9]* [0-9]'
}
