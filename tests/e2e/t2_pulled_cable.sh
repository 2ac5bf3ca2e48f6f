#!/bin/sh
# Description: link drops since boot and an MTU that differs between a
# rail's two ends are named before the run, in two guests. Guest b has
# the test bed pull its rail 1 cable four times and put it back (qemu's
# set_link through tools/scripts/softroce; "ip link set down" leaves
# virtio-net's carrier counters as they were): the test reads eth1's
# carrier_up_count and carrier_down_count, each 4 higher, and rxe1 ACTIVE
# again. b sets eth1's MTU to 1400 (a keeps 1500) and runs rail_write_bw's
# client on rxe1: its one warning for the rail counts the drops since
# boot as sysfs gives them (carrier_up_count - 1, 4 on a fresh guest) and
# its MTU line names 1400 here and 1500 at the peer, the server's 1500 and
# 1400 (the MTU travels in RAIL); both exit 0 with their rows; the server
# warns about no link drop (a's cable was never pulled). rail_info --check
# in b exits 1 naming the drops; in a it names none. The drops stay counted
# until the guests boot again: this test runs after the others.
# Order: last
# Guest a ($1 = a) runs the server, guest b the client.
. tests/e2e/lib.sh
. tests/e2e/fault.sh

role=$1
A0=10.0.1.1
PORT=18731
W=$B/rail_write_bw
FLAPS=4

if [ "$role" = a ]; then
	timeout 120 $W -d rxe1 -p $PORT -s 4096 -n 200 --timeout 90 \
		>"$TMP/p.server" 2>&1 || { cat "$TMP/p.server"; fail "server exit"; }
	grep -q "^rail_write_bw: warning: rail rxe1 port 1: netdev eth1 MTU 1500 here, 1400 at the peer: " \
		"$TMP/p.server" || { cat "$TMP/p.server"; fail "server: no MTU line"; }
	! grep -q "came back" "$TMP/p.server" ||
		{ cat "$TMP/p.server"; fail "server: link drops named on a's rxe1"; }
	[ -n "$(rows "$TMP/p.server")" ] || fail "server: no row"
	$B/rail_info --check -d rxe1 >"$TMP/p.info" 2>&1 # 1: MTU 1500 caps RoCE
	! grep -q "came back" "$TMP/p.info" ||
		{ cat "$TMP/p.info"; fail "a: rail_info names link drops"; }
	exit 0
fi

u0=$(carrier eth1 carrier_up_count) d0=$(carrier eth1 carrier_down_count)
gids=$(gid_table rxe1)
trap 'cable 1 on; ip link set eth1 mtu 1500' EXIT
k=0
while [ $k -lt $FLAPS ]; do
	cable 1 off
	wait_carrier eth1 0 10 || fail "flap $((k + 1)): eth1 kept its carrier with its cable pulled"
	cable 1 on
	wait_carrier eth1 1 10 || fail "flap $((k + 1)): eth1 has no carrier with its cable back"
	k=$((k + 1))
done
i=0
until grep -q ACTIVE /sys/class/infiniband/rxe1/ports/1/state &&
	[ "$(gid_table rxe1)" = "$gids" ]; do
	i=$((i + 1))
	[ $i -le 100 ] || fail "rxe1 not ACTIVE with its GIDs after the flaps"
	sleep 0.1
done
trap 'ip link set eth1 mtu 1500' EXIT
u1=$(carrier eth1 carrier_up_count) d1=$(carrier eth1 carrier_down_count)
[ $((u1 - u0)) = $FLAPS ] && [ $((d1 - d0)) = $FLAPS ] ||
	fail "eth1's carrier counters moved by $((u1 - u0)) up, $((d1 - d0)) down, want $FLAPS each"
drops=$((u1 - 1))
note "eth1: carrier_up_count $u0 -> $u1, carrier_down_count $d0 -> $d1"

ip link set eth1 mtu 1400 || fail "ip link set eth1 mtu 1400"
timeout 120 $W -d rxe1 -p $PORT -s 4096 -n 200 $A0 >"$TMP/p.client" 2>&1 ||
	{ cat "$TMP/p.client"; fail "client exit"; }
want="rail_write_bw: warning: rail rxe1 port 1: link of netdev eth1 went down and came back $drops times since boot (carrier_up_count $u1, carrier_down_count $d1): "
grep -qF "$want" "$TMP/p.client" || { cat "$TMP/p.client"; fail "client: no line '$want'"; }
[ "$(grep -c "came back" "$TMP/p.client")" = 1 ] ||
	{ cat "$TMP/p.client"; fail "client: the drops named more than once"; }
grep -q "^rail_write_bw: warning: rail rxe1 port 1: netdev eth1 MTU 1400 here, 1500 at the peer: RoCE runs at the path MTU the smaller one allows (1024)" \
	"$TMP/p.client" || { cat "$TMP/p.client"; fail "client: no MTU line"; }
[ -n "$(rows "$TMP/p.client")" ] || fail "client: no row"
rc=0
$B/rail_info --check -d rxe1 >"$TMP/p.info" 2>&1 || rc=$?
[ $rc = 1 ] || { cat "$TMP/p.info"; fail "rail_info --check: exit $rc, want 1"; }
grep -qF "rail_info: rail rxe1 port 1 is degraded: link of netdev eth1 went down and came back $drops times" \
	"$TMP/p.info" || { cat "$TMP/p.info"; fail "rail_info --check: the drops not named"; }
note "$(grep 'came back' "$TMP/p.client")"
note "$(grep 'MTU 1400' "$TMP/p.client")"
