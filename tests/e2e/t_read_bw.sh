#!/bin/sh
# Description: rail_read_bw, server and client on one rxe device.
# --validate at 4 KiB and at 1 MiB on two QPs: the client finds the
# server's pattern in every QP's slice, read by RDMA READ, and zeros beyond
# it; both print "validation passed", exit 0. -b --validate: both sides
# read at once and each checks what it read. -o 4: the header's Outstand
# reads and the address lines' OUT say 4. Default flags: 1000 iterations
# (ib_read_bw's), and the header lines up to the address lines (title,
# field names, tabs, the extra separator of an unknown device) and the
# table header are ib_read_bw's from the same guest.
. tests/e2e/lib.sh

BIN=$B/rail_read_bw
for args in "-s 4096 -n 200" "-s 1M -n 20 -q 2" "-b -s 65536 -n 100"; do
	# shellcheck disable=SC2086
	pair v 18641 $args --validate -- $args --validate
	[ "$CLI_RC" = 0 ] || { cat "$TMP/v.client"; fail "client ($args) exit $CLI_RC"; }
	[ "$SRV_RC" = 0 ] || { cat "$TMP/v.server"; fail "server ($args) exit $SRV_RC"; }
	ok='^ railperf: \(validation passed\|bidirectional validation of the bytes received here passed\)'
	grep -q "$ok" "$TMP/v.client" ||
		{ cat "$TMP/v.client"; fail "client ($args) did not validate"; }
	grep -q "$ok" "$TMP/v.server" ||
		{ cat "$TMP/v.server"; fail "server ($args) got no verdict"; }
	row=$(rows "$TMP/v.client"); check_bw_row "$row"
	set -- $row
	case " $args " in
	*" -s 4096 "*) [ "$2" = 4096 ] ;;
	*" -s 1M "*) [ "$2" = 1048576 ] ;;
	*) [ "$2" = 65536 ] ;;
	esac || fail "size in row ($args): $row"
done
grep -q '^ *RDMA_Read Bidirectional BW Test$' "$TMP/v.client" ||
	fail "-b title: $(grep 'BW Test' "$TMP/v.client")"

pair o 18642 -o 4 -n 50 -- -o 4 -n 50
[ "$CLI_RC" = 0 ] || { cat "$TMP/o.client"; fail "-o 4 client exit $CLI_RC"; }
grep -q '^ Outstand reads  : 4$' "$TMP/o.client" || fail "-o 4: no 'Outstand reads  : 4'"
grep -q '^ local address: .* OUT 0x04 RKey ' "$TMP/o.client" ||
	fail "-o 4: no OUT 0x04 in the address line"

pair rp 18643 --
[ "$CLI_RC" = 0 ] || { cat "$TMP/rp.client"; fail "client exit $CLI_RC"; }
[ "$SRV_RC" = 0 ] || { cat "$TMP/rp.server"; fail "server exit $SRV_RC"; }
crow=$(rows "$TMP/rp.client"); check_bw_row "$crow"
set -- $crow
[ "$2" = 65536 ] && [ "$3" = 1000 ] || fail "size/iters: $crow"
[ "$crow" = "$(rows "$TMP/rp.server")" ] || fail "server row differs: $crow"

# stdout's lines before the address lines (pair mixes in stderr: perftest's
# "Device not recognized ..." goes), values blanked, tabs kept
head_shape() {
	awk '/^ local address/ { exit } !/^Device not recognized/ { print }' "$1" |
		sed -e 's/: [^\t]*/:/g' -e 's/\t/\\t/g'
}
BIN=ib_read_bw
pair pt 18644 -x 1 -- -x 1
if [ "$CLI_RC" != 0 ]; then
	sed 's/^/    | /' "$TMP/pt.client"
	skip_part ib_read_bw "ib_read_bw failed here (exit $CLI_RC); rail_read_bw's own checks passed"
	exit 0
fi
for side in client server; do
	head_shape "$TMP/rp.$side" >"$TMP/h.rp"
	head_shape "$TMP/pt.$side" >"$TMP/h.pt"
	diff "$TMP/h.pt" "$TMP/h.rp" || fail "$side header differs from ib_read_bw's"
done
[ "$(table_header "$TMP/rp.client")" = "$(table_header "$TMP/pt.client")" ] ||
	fail "table header differs"
prow=$(rows "$TMP/pt.client"); check_bw_row "$prow"
awk '/^ local address/ { exit } { print "# rail_read_bw | " $0 }' "$TMP/rp.client"
awk '/^ local address/ { exit } !/^Device not/ { print "# ib_read_bw   | " $0 }' "$TMP/pt.client"
note "rail_read_bw: $crow"
note "ib_read_bw:   $prow"
