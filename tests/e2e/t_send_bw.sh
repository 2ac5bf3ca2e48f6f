#!/bin/sh
# Description: rail_send_bw, server and client on one rxe device.
# --validate at 4 KiB and at 1 MiB on two QPs with -r 8: the server's
# receives got the client's pattern in every QP's slice, zeros beyond it;
# both print "validation passed", exit 0; the server's header says "RX
# depth        : 8" and prints its own row (peak 0.00), the client's
# iterations are -n's. Default flags: 1000 iterations, RX depth 512 on the
# server only, the address lines end after the PSN, and the header lines
# up to the address lines and the table header, server and client, are
# ib_send_bw's from the same guest. rail_write_bw --write_with_imm, the
# same receive path: -s 4096 -n 200 --validate passes on both sides, the
# server received 200 WRITEs with immediate (its own row), "RX depth
# : 200", title "RDMA_Write_imm BW Test". Both verbs again through the
# ibv_wr_* API (--use_new_post_send: ibv_wr_send, ibv_wr_rdma_write_imm),
# -n 100 --validate. -b (both ways at once, each side posting receives for
# the other's SENDs), rail_send_bw -s 4096 -n 200 -q 2 and rail_write_bw
# --write_with_imm -b: exit 0 on both sides, the -b title, "RX depth : 200"
# on both, both directions' bytes validated on both sides.
. tests/e2e/lib.sh

BIN=$B/rail_send_bw
for args in "-s 4096 -n 200" "-s 1M -n 20 -q 2"; do
	# shellcheck disable=SC2086
	pair v 18651 $args -r 8 --validate -- $args --validate
	[ "$CLI_RC" = 0 ] || { cat "$TMP/v.client"; fail "client ($args) exit $CLI_RC"; }
	[ "$SRV_RC" = 0 ] || { cat "$TMP/v.server"; fail "server ($args) exit $SRV_RC"; }
	for side in client server; do
		grep -q '^ railperf: validation passed' "$TMP/v.$side" ||
			{ cat "$TMP/v.$side"; fail "$side ($args) did not validate"; }
	done
	grep -q '^ RX depth        : 8$' "$TMP/v.server" || fail "-r 8: no 'RX depth : 8'"
	crow=$(rows "$TMP/v.client"); check_bw_row "$crow"
	srow=$(rows "$TMP/v.server"); check_bw_row "$srow"
	set -- $srow
	[ "$4" = 0.00 ] || fail "server row has a peak ($args): $srow"
	got=$3
	set -- $crow
	case " $args " in
	*" -s 4096 "*) [ "$2 $3" = "4096 200" ] ;;
	*) [ "$2 $3" = "1048576 40" ] ;;
	esac || fail "size/iterations in row ($args): $crow"
	[ "$3" = "$got" ] || fail "server received $got messages, client sent $3"
done

BIN=$B/rail_write_bw
pair wi 18654 --write_with_imm -s 4096 -n 200 --validate -- \
	--write_with_imm -s 4096 -n 200 --validate
for side in client server; do
	grep -q '^ railperf: validation passed' "$TMP/wi.$side" ||
		{ cat "$TMP/wi.$side"; fail "--write_with_imm: $side did not validate"; }
done
[ "$CLI_RC $SRV_RC" = "0 0" ] || fail "--write_with_imm: exits $CLI_RC $SRV_RC"
grep -q '^ *RDMA_Write_imm BW Test$' "$TMP/wi.client" || fail "--write_with_imm: title"
grep -q '^ RX depth        : 200$' "$TMP/wi.server" || fail "--write_with_imm: RX depth"
srow=$(rows "$TMP/wi.server"); check_bw_row "$srow"
set -- $srow
[ "$2 $3" = "4096 200" ] || fail "--write_with_imm: server row $srow"
for bin in rail_write_bw rail_send_bw; do
	BIN=$B/$bin
	imm=; [ $bin = rail_write_bw ] && imm=--write_with_imm
	pair np 18655 $imm --use_new_post_send -s 4096 -n 100 --validate -- \
		$imm --use_new_post_send -s 4096 -n 100 --validate
	[ "$CLI_RC $SRV_RC" = "0 0" ] || { cat "$TMP/np.client" "$TMP/np.server"; fail "$bin $imm --use_new_post_send: exits $CLI_RC $SRV_RC"; }
	grep -q '^ ibv_wr\* API     : ON' "$TMP/np.client" || fail "$bin: ibv_wr* API not ON"
	grep -q '^ railperf: validation passed' "$TMP/np.server" ||
		{ cat "$TMP/np.server"; fail "$bin $imm --use_new_post_send: no validation"; }
done
for bin in rail_send_bw rail_write_bw; do
	BIN=$B/$bin
	imm= title="Send Bidirectional BW Test"
	[ $bin = rail_write_bw ] &&
		imm=--write_with_imm title="RDMA_Write_imm Bidirectional BW Test"
	pair bd 18656 $imm -b -s 4096 -n 200 -q 2 --validate -- \
		$imm -b -s 4096 -n 200 -q 2 --validate
	[ "$CLI_RC $SRV_RC" = "0 0" ] || { cat "$TMP/bd.client" "$TMP/bd.server"; fail "$bin $imm -b: exits $CLI_RC $SRV_RC"; }
	for side in client server; do
		f=$TMP/bd.$side
		grep -q "^ *$title\$" "$f" || { cat "$f"; fail "$bin -b $side: title"; }
		grep -q '^ RX depth        : 200$' "$f" || fail "$bin -b $side: RX depth"
		bd_validated "$f" "$bin $imm -b $side"
		row=$(rows "$f"); check_bw_row "$row"
		set -- $row
		[ "$2" = 4096 ] || fail "$bin -b $side: row $row"
	done
done
BIN=$B/rail_send_bw

pair rp 18652 --
[ "$CLI_RC" = 0 ] || { cat "$TMP/rp.client"; fail "client exit $CLI_RC"; }
[ "$SRV_RC" = 0 ] || { cat "$TMP/rp.server"; fail "server exit $SRV_RC"; }
crow=$(rows "$TMP/rp.client"); check_bw_row "$crow"
set -- $crow
[ "$2" = 65536 ] && [ "$3" = 1000 ] || fail "size/iters: $crow"
grep -q '^ RX depth        : 512$' "$TMP/rp.server" || fail "server: no RX depth 512"
! grep -q 'RX depth' "$TMP/rp.client" || fail "client prints an RX depth"
grep -q '^ local address: LID [0-9a-fx]* QPN 0x[0-9a-f]* PSN 0x[0-9a-f]*$' \
	"$TMP/rp.client" || fail "address line does not end after the PSN"

# stdout's lines before the address lines (pair mixes in stderr: perftest's
# "Device not recognized ..." goes), values blanked, tabs kept
head_shape() {
	awk '/^ local address/ { exit } !/^Device not recognized/ { print }' "$1" |
		sed -e 's/: [^\t]*/:/g' -e 's/\t/\\t/g'
}
BIN=ib_send_bw
pair pt 18653 -x 1 -- -x 1
if [ "$CLI_RC" != 0 ]; then
	sed 's/^/    | /' "$TMP/pt.client"
	skip_part ib_send_bw "ib_send_bw failed here (exit $CLI_RC); rail_send_bw's own checks passed"
	exit 0
fi
for side in client server; do
	head_shape "$TMP/rp.$side" >"$TMP/h.rp"
	head_shape "$TMP/pt.$side" >"$TMP/h.pt"
	diff "$TMP/h.pt" "$TMP/h.rp" || fail "$side header differs from ib_send_bw's"
	[ "$(table_header "$TMP/rp.$side")" = "$(table_header "$TMP/pt.$side")" ] ||
		fail "$side table header differs"
done
prow=$(rows "$TMP/pt.client"); check_bw_row "$prow"
awk '/^ local address/ { exit } { print "# rail_send_bw | " $0 }' "$TMP/rp.server"
awk '/^ local address/ { exit } !/^Device not/ { print "# ib_send_bw   | " $0 }' "$TMP/pt.server"
note "rail_send_bw: $crow (server $(rows "$TMP/rp.server" | cut -d' ' -f2-))"
note "ib_send_bw:   $prow (server $(rows "$TMP/pt.server" | cut -d' ' -f2-))"
