#!/bin/sh
# Description: a lossy rail is named. Guest b (the client side) drops
# 2 % of rail 1's packets at random (tc netem on eth1), and RC retransmits
# them. The shape of the run keeps Soft-RoCE's own faults out of it, each
# seen here as a flake of the earlier test (a token bucket and 64 KiB
# messages, which failed one run in about six and hid it with retries):
# - messages of 1024 bytes, no more than the active MTU: each is one
#   packet (RC opcode ONLY). A drop between a message's packets sometimes
#   made rxe's responder see a MIDDLE or LAST packet without its FIRST
#   after the retransmission and NAK it as an invalid request (the client
#   failed with IBV_WC_REM_INV_REQ_ERR);
# - TX depth 16 and a 1.07 s ACK timeout (-u 18): with the defaults (128,
#   67 ms) a loaded TCG host delays ACKs past the timeout and the unshaped
#   rail 0 retransmitted too (17 of 736 packets, 2 timeouts, in one run),
#   named lossy as rightly as the shaped one;
# - netem's random loss, not a queue limit: at TX depth 16 rxe's packets
#   in flight never filled the token bucket's queue, so nothing dropped.
# One run, no retry.
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

PORT=18691
SIZE=1024
TX=16
QPT=18	# -u: a 1.07 s ACK timeout (default 14: 67 ms)

if [ "$1" = a ]; then
	timeout 120 $M -d rxe0,rxe1 -p $PORT -D 4 -s $SIZE -t $TX -u $QPT --timeout 30 \
		>"$TMP/l.server" 2>&1 || { cat "$TMP/l.server"; fail "server exit"; }
	exit 0
fi

mtu=$(ibv_devinfo -d rxe1 | sed -n 's/.*active_mtu:[[:space:]]*\([0-9]*\).*/\1/p')
[ "${mtu:-0}" -ge $SIZE ] || fail "rxe1's active MTU '$mtu' is below $SIZE: messages would span packets"
trap 'tc qdisc del dev eth1 root 2>/dev/null' EXIT
tc qdisc add dev eth1 root netem loss 2% ||
	fail "tc netem on eth1 (is sch_netem in the guest?)"
s0=$(cnt rxe0) s1=$(cnt rxe1)
timeout 120 $M -d rxe0,rxe1 -p $PORT -D 4 -s $SIZE -t $TX -u $QPT --out_json_file=$TMP/l.json \
	$A0 >"$TMP/l.client" 2>&1 || { cat "$TMP/l.client"; fail "client exit"; }
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
