#!/bin/sh
# Description: a port whose link is down (ip link set eth0 down) is refused
# at once by all three binaries, naming the device and port (rail_multi_bw:
# the rail that is down); eth0 comes back up with its GIDs afterwards. A
# control port already in use on the server is named, with the way out (-p).
# rail_multi_bw without -d leaves the down port out, names it, and runs on
# the other (both sides; the port counters read here say where the packets
# went).
# --bind_source_ip binds the server's control port to one address.
. tests/e2e/lib.sh
. tests/e2e/fault.sh

gids=$(gid_table rxe0)
[ -n "$gids" ] || skip "rxe0 has no GIDs"
trap 'ip link set eth0 up' EXIT
ip link set eth0 down
i=0
until grep -q DOWN /sys/class/infiniband/rxe0/ports/1/state; do
	i=$((i + 1))
	[ $i -lt 50 ] || fail "rxe0 port still $(cat /sys/class/infiniband/rxe0/ports/1/state) with eth0 down"
	sleep 0.1
done
for b in $W $L; do
	expect_fail "${b##*/} on a down port" \
		"port 1 of rxe0 is down, not ACTIVE \(check the link and its netdev\)" \
		"$FAST_MS" $b -d rxe0 -p 18811
	expect_fail "${b##*/} client on a down port" "port 1 of rxe0 is down" \
		"$FAST_MS" $b -d rxe0 -p 18811 --timeout 30 "$SERVER_IP"
done
expect_fail "rail_multi_bw, rail 1 of 2 down" "port 1 of rxe0 is down" \
	"$FAST_MS" $M -d rxe1,rxe0 -p 18811
# Without -d, rail_multi_bw takes the ACTIVE ports only and names the one
# it left out, on both sides; the traffic goes over rxe1 (its counter,
# read here), none over rxe0.
s1=$(cat /sys/class/infiniband/rxe1/ports/1/hw_counters/sent_pkts)
s0=$(cat /sys/class/infiniband/rxe0/ports/1/hw_counters/sent_pkts)
bg "$TMP/nod.server" $M -p 18815 -n 200 --timeout 30
spid=$BG_PID
wait_listen 18815 20 $spid || fail "no -d: server not listening"
timeout 60 $M -p 18815 -n 200 "$SERVER_IP" >"$TMP/nod.client" 2>&1
crc=$?
wait_pid $spid 30
src=$?
[ $crc = 0 ] && [ $src = 0 ] ||
	{ cat "$TMP/nod.client" "$TMP/nod.server"; fail "no -d, rxe0 down: client exit $crc, server $src"; }
for side in client server; do
	grep -q "rxe0 port 1 left out of the rails: DOWN, not ACTIVE" "$TMP/nod.$side" ||
		{ cat "$TMP/nod.$side"; fail "no -d: $side does not name rxe0 left out"; }
	n=$(grep -c '^ railperf: rail [0-9]*: rxe[01] port 1, GID' "$TMP/nod.$side")
	grep -q '^ railperf: rail 0: rxe1 port 1, GID' "$TMP/nod.$side" && [ "$n" = 1 ] ||
		{ cat "$TMP/nod.$side"; fail "no -d: $side's rails are not rxe1 alone"; }
done
d1=$(( $(cat /sys/class/infiniband/rxe1/ports/1/hw_counters/sent_pkts) - s1 ))
d0=$(( $(cat /sys/class/infiniband/rxe0/ports/1/hw_counters/sent_pkts) - s0 ))
[ $d1 -ge 200 ] && [ $d0 = 0 ] || fail "no -d: rxe1 sent $d1 packets, rxe0 $d0"
note "no -d with rxe0 down: rxe1 sent $d1 packets, rxe0 $d0"
link_up eth0 rxe0 "$gids"
trap - EXIT

# Something else listens on the control port.
python3 -c '
import socket, sys, time
s = socket.socket()
s.bind(("0.0.0.0", 18812)); s.listen(1)
print("listening", flush=True)
time.sleep(60)' >"$TMP/holder" 2>&1 &
holder=$!
trap 'kill $holder 2>/dev/null' EXIT
wait_file "$TMP/holder" listening 10 $holder || fail "port holder did not start"
for b in $BINS; do
	expect_fail "${b##*/} on a busy control port" \
		"invalid -p value '18812': control port 18812 is in use .*give a free port" \
		"$FAST_MS" $b -d "$DEV" -p 18812
done
kill $holder; wait $holder 2>/dev/null
trap - EXIT

# --bind_source_ip: the server listens on that address only; a connection
# to another of its addresses is refused, the run on that one works. A
# client source address that is not local fails at once.
bg "$TMP/b.server" $W -d "$DEV" -p 18813 -n 20 --timeout 20 \
	--bind_source_ip "$SERVER_IP"
spid=$BG_PID
wait_listen 18813 20 $spid || fail "--bind_source_ip: server not listening"
ss -Hltn "sport = :18813" | grep -q " $SERVER_IP:18813 " ||
	fail "--bind_source_ip: listening on $(ss -Hltn "sport = :18813")"
python3 -c '
import socket, sys
try:
    socket.create_connection(("10.0.1.1", 18813), timeout=5)
except ConnectionRefusedError:
    sys.exit(0)
sys.exit(1)' || fail "--bind_source_ip $SERVER_IP: 10.0.1.1:18813 accepted a connection"
timeout 60 $W -d "$DEV" -p 18813 -n 20 "$SERVER_IP" >"$TMP/b.client" 2>&1
crc=$?
[ $crc = 0 ] || { cat "$TMP/b.client"; fail "--bind_source_ip: client exit $crc"; }
wait_pid $spid 30
src=$?
[ $src = 0 ] || { cat "$TMP/b.server"; fail "--bind_source_ip: server exit $src"; }
expect_fail "client --bind_source_ip, not a local address" \
	"invalid --bind_source_ip value '10\.9\.9\.9': not an address of this host" \
	"$FAST_MS" $W -d "$DEV" -p 18814 --bind_source_ip 10.9.9.9 "$SERVER_IP"
