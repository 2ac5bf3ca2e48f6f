#!/bin/sh
# Description: rail_info in the guest lists rxe0 and rxe1 (exit 0, the
# summary table, eth0/eth1 with their addresses, the GID table with one
# entry marked chosen); its chosen GID index and reason for each device
# are what rail_write_bw prints in its " railperf: rail rxeN port 1: GID
# index N: ..." line (a -n 5 pair on each device); --json parses and
# agrees; -d and --peer work live; -x 0 against -x 1 (IPv6 link-local
# against IPv4) fails on both sides with a GID mismatch naming both.
. tests/e2e/lib.sh

RI=$B/rail_info
"$RI" >"$TMP/ri.txt" 2>&1 || { cat "$TMP/ri.txt"; fail "rail_info exit $?"; }
cat "$TMP/ri.txt"
grep -q '^DEVICE  *PORT  *STATE  *LINK ' "$TMP/ri.txt" || fail "no summary header"
for d in rxe0 rxe1; do
	grep -q "^$d  *1  *ACTIVE  *Ethernet " "$TMP/ri.txt" ||
		fail "$d is not listed as an ACTIVE Ethernet rail"
done
grep -q '^  netdev  *eth0: 10.0.1.1/24' "$TMP/ri.txt" || fail "eth0's address"
grep -q '^  netdev  *eth1: 10.0.2.1/24' "$TMP/ri.txt" || fail "eth1's address"
[ "$(grep -c '<- chosen$' "$TMP/ri.txt")" = 2 ] || fail "want one chosen GID per rail"

"$RI" --json >"$TMP/ri.json" || fail "rail_info --json exit $?"
json_check "$TMP/ri.json" "[r['device'] for r in d['rails']] == ['rxe0', 'rxe1'] \
and all(r['state'] == 'ACTIVE' and r['link_layer'] == 'Ethernet' and \
r['active_mtu'] == 1024 and r['max_mtu'] == 4096 for r in d['rails']) and \
all(sum(g['chosen'] for g in r['gids']) == 1 for r in d['rails'])"

# rail_info's choice, "N: reason", for device $1, from the JSON.
ri_choice() {
	python3 - "$TMP/ri.json" "$1" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["rails"]:
    if r["device"] == sys.argv[2]:
        print("%s: %s" % (r["gid_index"], r["gid_reason"]))
PY
}

BIN=$B/rail_write_bw
port=18751
for d in rxe0 rxe1; do
	DEV=$d
	SERVER_IP=10.0.$((${d#rxe} + 1)).1	# rxe0: 10.0.1.1, rxe1: 10.0.2.1
	pair ri_$d $port -n 5 -- -n 5
	port=$((port + 1))
	[ "$CLI_RC" = 0 ] || { cat "$TMP/ri_$d.client"; fail "$d: client exit $CLI_RC"; }
	[ "$SRV_RC" = 0 ] || { cat "$TMP/ri_$d.server"; fail "$d: server exit $SRV_RC"; }
	want=$(ri_choice "$d")
	[ -n "$want" ] || fail "rail_info has no choice for $d"
	for side in client server; do
		# the choice: index and entry; a "(...)" note may differ (the
		# client knows its peer's address, rail_info is given none)
		got=$(sed -n "s/^ railperf: rail $d port 1: GID index //p" \
			"$TMP/ri_$d.$side" | sed 's/ (.*)$//')
		[ "$got" = "$want" ] ||
			fail "$d $side: rail_write_bw uses '$got', rail_info says '$want'"
	done
	grep -q "^  GID index $want\$" "$TMP/ri.txt" ||
		fail "$d: the text does not show 'GID index $want'"
	note "$d: GID index $want"
done

"$RI" -d rxe1 >"$TMP/ri1.txt" || fail "rail_info -d rxe1 exit $?"
grep -q '^rxe0 ' "$TMP/ri1.txt" && fail "-d rxe1 lists rxe0"
grep -q '^rxe1 ' "$TMP/ri1.txt" || fail "-d rxe1 does not list rxe1"
"$RI" -d rxe0 --peer 10.0.1.2 >"$TMP/rip.txt" || fail "--peer exit $?"
grep -q '^  GID index 1: RoCE v2 ::ffff:10.0.1.1 on eth0 (subnet of peer 10.0.1.2)$' \
	"$TMP/rip.txt" || { cat "$TMP/rip.txt"; fail "--peer 10.0.1.2 on rxe0"; }

# Index 0 is the fe80 (IPv6) entry, 1 the IPv4 one: both sides refuse.
DEV=rxe1 SERVER_IP=10.0.2.1
pair mm $port -n 5 -x 0 -- -n 5 -x 1
[ "$CLI_RC" != 0 ] || fail "client accepted a GID family mismatch"
[ "$SRV_RC" != 0 ] || fail "server accepted a GID family mismatch"
for side in client server; do
	grep -q "GID mismatch on rxe1: address families differ: local GID index [01] (RoCE v2 IPv[46] .*), remote GID index [01] (RoCE v2 IPv[46] .*); give -x" \
		"$TMP/mm.$side" || { cat "$TMP/mm.$side"; fail "$side: no GID mismatch line"; }
done
note "mismatch: $(grep 'GID mismatch' "$TMP/mm.client")"
