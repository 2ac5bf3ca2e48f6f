#!/bin/sh
# Description: a lossy rail is named. Guest b (the client side) shapes
# rail 1's netdev with a token bucket (tc tbf, 16 Mbit/s, 400 ms of
# queue): packets beyond it are dropped, and RC retransmits them. Soft-RoCE
# itself sometimes fails such a run (IBV_WC_REM_INV_REQ_ERR from its
# responder under loss; about one run in six here, and two in a row failed
# a CI run): then the run is repeated, up to TRIES times in all, each on
# the next port; the server side starts a server on each port in turn
# until one run succeeds (a server whose client does not come ends after
# its --timeout).
# rail_multi_bw -D
# over both rails: the client names rail 1 lossy (packets sent beyond what
# its messages needed, from its port's counters) and not rail 0, and the
# JSON says so per rail; the packet counts the line gives are checked
# against the port counters the test reads itself, before and after.
# Guest a ($1 = a) runs the server, guest b the client.
. tests/e2e/lib.sh

M=$B/rail_multi_bw
A0=10.0.1.1
cnt() { cat /sys/class/infiniband/$1/ports/1/hw_counters/sent_pkts; }

PORTS="18691 18692 18693 18694"	# one per try

if [ "$1" = a ]; then
	for port in $PORTS; do
		timeout 120 $M -d rxe0,rxe1 -p $port -D 4 --timeout 30 \
			>"$TMP/l.server" 2>&1 && exit 0
		note "server on port $port: $(grep -m 1 -o 'IBV_WC_[A-Z_]*\|gave up\|could not.*' "$TMP/l.server")"
	done
	cat "$TMP/l.server"
	fail "no server run succeeded on ports $PORTS"
fi

trap 'tc qdisc del dev eth1 root 2>/dev/null' EXIT
tc qdisc add dev eth1 root tbf rate 16mbit burst 64kbit latency 400ms ||
	fail "tc tbf on eth1 (is sch_tbf in the guest?)"
last=${PORTS##* }
for port in $PORTS; do
	s0=$(cnt rxe0) s1=$(cnt rxe1)
	timeout 120 $M -d rxe0,rxe1 -p $port -D 4 --out_json_file=$TMP/l.json \
		$A0 >"$TMP/l.client" 2>&1 && break
	grep -q IBV_WC_REM_INV_REQ_ERR "$TMP/l.client" && [ $port != $last ] ||
		{ cat "$TMP/l.client"; fail "client exit (port $port)"; }
	note "Soft-RoCE failed the shaped run on port $port ($(grep -o 'IBV_WC_[A-Z_]*' "$TMP/l.client" | head -n 1)): once more"
	sleep 2
done
d0=$(( $(cnt rxe0) - s0 )) d1=$(( $(cnt rxe1) - s1 ))
tc qdisc del dev eth1 root
grep -q '^ railperf: rail 1: lossy: ' "$TMP/l.client" ||
	{ cat "$TMP/l.client"; fail "rail 1 (shaped) not named lossy"; }
! grep -q '^ railperf: rail 0: lossy: ' "$TMP/l.client" ||
	{ cat "$TMP/l.client"; fail "rail 0 (healthy) named lossy"; }
# the line's numbers: sent beyond + needed = what the port sent (the
# test's own reading; the run's counters are read the same way)
set -- $(sed -n 's/^ railperf: rail 1: lossy: \([0-9]*\) packets sent beyond the \([0-9]*\) .*/\1 \2/p' "$TMP/l.client")
[ $(( $1 + $2 )) -le "$d1" ] && [ $(( $1 + $2 )) -ge $(( d1 * 9 / 10 )) ] ||
	fail "rail 1: $1 beyond + $2 needed against $d1 sent_pkts read by the test"
json_check "$TMP/l.json" "[r['lossy'] for r in d['rails']] == [False, True] and \
d['rails'][1]['retransmitted_packets'] > 0"
note "rail 0 sent $d0 packets, rail 1 $d1: $(grep 'rail 1: lossy' "$TMP/l.client")"
