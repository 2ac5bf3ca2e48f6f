#!/bin/sh
# Description: rail_send_lat server and client on one rxe device, beside
# ib_send_lat from the same guest. Default flags: both sides print one row
# of 9 ordered numbers for 2 B x 1000, the title "Send Latency Test", the
# address lines ending after the PSN, the railperf line on the SEND
# ping-pong; -s 4096 -n 200 -r 4 (receives reused, 4 posted): both rows
# 4096 x 200; the same through ibv_wr_send (--use_new_post_send, -n 100).
# The header lines up to the address lines and the table
# header, client and server, are ib_send_lat's (its stderr lines
# "Device not recognized" and "Correlation coefficient" left out), with
# the same "PCIe relax order" value (ON: only ib_write_lat turns it off).
. tests/e2e/lib.sh

BIN=$B/rail_send_lat
ok() {
	[ "$CLI_RC" = 0 ] || { cat "$TMP/$1.client" "$TMP/$1.server"; fail "$1: client exit $CLI_RC"; }
	[ "$SRV_RC" = 0 ] || { cat "$TMP/$1.server"; fail "$1: server exit $SRV_RC"; }
}

pair sl 18731 --
ok sl
for side in client server; do
	rows "$TMP/sl.$side" >"$TMP/sl.rows"
	[ "$(wc -l <"$TMP/sl.rows")" = 1 ] || fail "sl.$side: rows: $(cat "$TMP/sl.rows")"
	lat_row "$(cat "$TMP/sl.rows")" 2 1000
	grep -q '^                    Send Latency Test$' "$TMP/sl.$side" ||
		fail "sl.$side: no title"
	grep -q '^ local address: LID [0-9a-fx]* QPN 0x[0-9a-f]* PSN 0x[0-9a-f]*$' \
		"$TMP/sl.$side" || fail "sl.$side: address line does not end after the PSN"
	grep -q '^ railperf: latency is half the round trip of the SEND ping pong' "$TMP/sl.$side" ||
		fail "sl.$side: no method line"
	note "rail_send_lat $side: $(cat "$TMP/sl.rows")"
done

pair sl4 18732 -s 4096 -n 200 -r 4 -- -s 4096 -n 200 -r 4
ok sl4
for side in client server; do
	lat_row "$(rows "$TMP/sl4.$side")" 4096 200
done

pair slw 18734 --use_new_post_send -n 100 -- --use_new_post_send -n 100
ok slw
grep -q '^ ibv_wr\* API     : ON' "$TMP/slw.client" || fail "slw: ibv_wr* API not ON"
lat_row "$(rows "$TMP/slw.client")" 2 100

head_shape() {
	awk '/^ local address/ { exit } !/^(Device not recognized|Correlation coefficient)/ { print }' "$1" |
		sed -e 's/: [^\t]*/:/g' -e 's/\t/\\t/g'
}
BIN=ib_send_lat
pair pt 18733 -x 1 -- -x 1
if [ "$CLI_RC" != 0 ]; then
	sed 's/^/    | /' "$TMP/pt.client"
	skip_part ib_send_lat "ib_send_lat failed here (exit $CLI_RC); rail_send_lat's own checks passed"
	exit 0
fi
for side in client server; do
	head_shape "$TMP/sl.$side" >"$TMP/h.rp"
	head_shape "$TMP/pt.$side" >"$TMP/h.pt"
	diff "$TMP/h.pt" "$TMP/h.rp" || fail "$side header differs from ib_send_lat's"
	ro=$(grep '^ PCIe relax order' "$TMP/sl.$side")
	[ -n "$ro" ] && [ "$ro" = "$(grep '^ PCIe relax order' "$TMP/pt.$side")" ] ||
		fail "$side: '$ro', ib_send_lat: '$(grep '^ PCIe relax order' "$TMP/pt.$side")'"
	[ "$(table_header "$TMP/sl.$side")" = "$(table_header "$TMP/pt.$side")" ] ||
		fail "$side table header differs"
done
note "ib_send_lat client: $(rows "$TMP/pt.client" | cut -d' ' -f2-)"
