#!/bin/sh
# Description: a lossy rail and a throttled one are named, in one boot of
# the two guests, each by rail_multi_bw -D over both rails.
# Case 1, loss: guest b (the client side) drops 2 % of rail 1's packets
# at random (tc netem on eth1), and RC retransmits them. The shape of the
# run keeps Soft-RoCE's own faults out of it, each seen here as a flake
# of the earlier test (a token bucket and 64 KiB messages, which failed
# one run in about six and hid it with retries):
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
# The client names rail 1 lossy (packets sent beyond what its messages
# needed, from its port's counters) and "lossy path" (low throughput and
# growing counters), and rail 0 neither; the JSON says so per rail; the
# packet counts the line gives are checked against the port counters the
# test reads itself, before and after.
# Case 2, throttled: the same run with rail 1 shaped, not dropped: a
# token bucket (tc tbf) at a tenth of what rail 0 moved in case 1, its
# queue (512 KiB) far larger than the run's window (16 messages of 1 KiB
# per rail), so nothing is lost: the test reads from sysfs that rxe1's
# retry counters (completer_retry_err, rcvd_seq_err, duplicate_request,
# out_of_seq_request) stayed flat and from tc that the bucket dropped
# nothing. The client names rail 1 "throttled NIC signature" (under 25 %
# of rail 0, its link, PCIe path and loss counters healthy) with the
# remedy, rail 0 not, and neither lossy; JSON signature per rail.
# One run of each, no retry.
# Guest a ($1 = a) runs the servers, guest b the clients.
. tests/e2e/lib.sh

M=$B/rail_multi_bw
A0=10.0.1.1
cnt() { cat /sys/class/infiniband/$1/ports/1/hw_counters/sent_pkts; }

PORT=18691
SIZE=1024
TX=16
QPT=18	# -u: a 1.07 s ACK timeout (default 14: 67 ms)

if [ "$1" = a ]; then
	for run in l t; do
		timeout 120 $M -d rxe0,rxe1 -p $PORT -D 4 -s $SIZE -t $TX -u $QPT \
			--timeout 60 >"$TMP/$run.server" 2>&1 ||
			{ cat "$TMP/$run.server"; fail "server exit ($run)"; }
	done
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
grep -q '^ railperf: rail 1: lossy path: ' "$TMP/l.client" ||
	{ cat "$TMP/l.client"; fail "rail 1 (shaped) not named a lossy path"; }
! grep -q '^ railperf: rail 0: \(lossy path\|congested\|throttled NIC signature\): ' \
	"$TMP/l.client" || { cat "$TMP/l.client"; fail "rail 0 (healthy) has a signature"; }
json_check "$TMP/l.json" "d['rails'][0]['signature'] is None and \
d['rails'][1]['signature']['name'] == 'lossy path'"
note "rail 0 sent $d0 packets, rail 1 $d1: $(grep 'rail 1: lossy' "$TMP/l.client" | tr '\n' ' ')"

# Case 2: rail 1 at a tenth of what rail 0 moved, through a queue that
# holds the whole window.
retries() {
	for c in completer_retry_err rcvd_seq_err duplicate_request out_of_seq_request; do
		cat /sys/class/infiniband/rxe1/ports/1/hw_counters/$c
	done | tr '\n' ' '
}
kbit=$(python3 -c "import json; d = json.load(open('$TMP/l.json'))
r0 = d['rails'][0]['bw_average_mib_per_s']
print(max(64, int(r0 * 1048576 * 8 / 1000 / 10)))") || fail "rail 0's rate from $TMP/l.json"
tc qdisc add dev eth1 root tbf rate ${kbit}kbit burst 4kb limit 512kb ||
	fail "tc tbf on eth1 (is sch_tbf in the guest?)"
r0=$(retries)
timeout 120 $M -d rxe0,rxe1 -p $PORT -D 4 -s $SIZE -t $TX -u $QPT --out_json_file=$TMP/t.json \
	$A0 >"$TMP/t.client" 2>&1 || { cat "$TMP/t.client"; fail "client exit (throttled)"; }
r1=$(retries)
drops=$(tc -s qdisc show dev eth1 | sed -n 's/.*(dropped \([0-9]*\),.*/\1/p')
tc qdisc del dev eth1 root
[ "$r0" = "$r1" ] || fail "rxe1's retry counters moved under the token bucket: $r0-> $r1"
[ "$drops" = 0 ] || fail "the token bucket dropped '$drops' packets: its queue is too short"
grep -q '^ railperf: rail 1: throttled NIC signature: .* power drain' "$TMP/t.client" ||
	{ cat "$TMP/t.client"; fail "rail 1 (throttled) not named a throttled NIC signature"; }
! grep -q '^ railperf: rail 0: \(lossy path\|congested\|throttled NIC signature\): ' \
	"$TMP/t.client" || { cat "$TMP/t.client"; fail "rail 0 (healthy) has a signature"; }
! grep -q '^ railperf: rail [01]: lossy: ' "$TMP/t.client" ||
	{ cat "$TMP/t.client"; fail "a rail named lossy under a token bucket that drops nothing"; }
json_check "$TMP/t.json" "d['rails'][0]['signature'] is None and \
d['rails'][1]['signature']['name'] == 'throttled NIC signature' and \
d['rails'][1]['retransmitted_packets'] == 0 and d['rails'][1]['retry_events'] == 0 and \
d['rails'][1]['bw_average_mib_per_s'] < 0.25 * d['rails'][0]['bw_average_mib_per_s']"
note "token bucket $kbit kbit/s, dropped $drops; rxe1 completer_retry_err rcvd_seq_err duplicate_request out_of_seq_request before and after: $r1"
note "$(grep '^ railperf: rail [01]: rxe' "$TMP/t.client" | sed 's/, MsgRate.*//' | tr '\n' ' ')"
note "$(grep 'rail 1: throttled' "$TMP/t.client")"
