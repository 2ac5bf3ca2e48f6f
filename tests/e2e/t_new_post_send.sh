#!/bin/sh
# Description: --use_new_post_send runs the ibv_wr_* posting path (the one a
# ConnectX takes by default) on Soft-RoCE, whose provider implements
# ibv_qp_ex: rail_write_bw --validate (one WR per post, -l 4 lists, -R on
# rdma_cm QPs), rail_read_lat --validate, rail_write_lat (no inline, and
# -I 64 turned off as ib_write_lat does on a device perftest does not
# know: "Max inline data : 0[B]") and rail_multi_bw -I 64 --validate on
# rxe0 and rxe1 (inline through ibv_wr_set_inline_data). Each: both sides exit 0; both headers say "ibv_wr* API : ON";
# the BW clients' " railperf: posting:" line names ibv_wr_start ..
# ibv_wr_complete and their JSON "posting" says "ibv_wr"; --validate passes
# on both sides with the bytes and QP count asked for; the latency tools
# print their row. The control: rail_write_bw without the option says
# "ibv_wr* API : OFF" and posts with ibv_post_send on rxe. With
# --use_old_post_send as well it is refused in one line.
. tests/e2e/lib.sh

W=$B/rail_write_bw R=$B/rail_read_lat WL=$B/rail_write_lat M=$B/rail_multi_bw
NEW=--use_new_post_send
WR_LINE='^ railperf: posting: [0-9]+ WRs? per ibv_wr_start \.\. ibv_wr_complete;'

# ok NAME: both sides of the last pair exited 0.
ok() {
	[ "$CLI_RC" = 0 ] || { cat "$TMP/$1.client" "$TMP/$1.server"; fail "$1: client exit $CLI_RC"; }
	[ "$SRV_RC" = 0 ] || { cat "$TMP/$1.server"; fail "$1: server exit $SRV_RC"; }
}

# api NAME ON|OFF: both sides' header says "ibv_wr* API : ON|OFF".
api() {
	for side in client server; do
		grep -q "^ ibv_wr\* API     : $2\$" "$TMP/$1.$side" ||
			{ cat "$TMP/$1.$side"; fail "$1.$side: no 'ibv_wr* API : $2'"; }
	done
}

# validated NAME BYTES QPS: both sides passed --validate, every byte of
# the message on each of QPS QPs, and the message (the client's last row)
# was BYTES long.
validated() {
	for side in client server; do
		grep -q "^ railperf: validation passed: every byte of the message on each of $3 QP(s) matches the pattern\$" \
			"$TMP/$1.$side" || { cat "$TMP/$1.$side"; fail "$1.$side: no validation on $3 QPs"; }
	done
	[ "$(rows "$TMP/$1.client" | tail -n 1 | awk '{ print $2 }')" = "$2" ] ||
		{ cat "$TMP/$1.client"; fail "$1: the row's size is not $2"; }
}

# wr_posting NAME: the client posted with ibv_wr_* (line and JSON).
wr_posting() {
	grep -Eq "$WR_LINE" "$TMP/$1.client" ||
		{ cat "$TMP/$1.client"; fail "$1: posting line does not name ibv_wr_*"; }
	json_check "$TMP/$1.json" "d['posting']['api'] == 'ibv_wr' and d['test_info']['ibv_wr_API'] == 'ON'"
}

# The control: on rxe railperf posts as perftest, with ibv_post_send.
BIN=$W pair ctl 18971 -n 100 -- -n 100
ok ctl
api ctl OFF
grep -q '^ railperf: posting: 1 WR per ibv_post_send;' "$TMP/ctl.client" ||
	{ cat "$TMP/ctl.client"; fail "ctl: posting line does not name ibv_post_send"; }

# rail_write_bw: one WR per post, two QPs; a 4-WR list; rdma_cm QPs.
BIN=$W pair wv 18972 -s 4096 -n 200 -q 2 --validate $NEW -- \
	-s 4096 -n 200 -q 2 --validate $NEW --out_json_file="$TMP/wv.json"
ok wv; api wv ON; wr_posting wv; validated wv 4096 2
grep -Eq '^ railperf: posting: 1 WR per ibv_wr_start' "$TMP/wv.client" || fail "wv: want 1 WR per post"
BIN=$W pair wl 18973 -s 65536 -n 200 -l 4 --validate $NEW -- \
	-s 65536 -n 200 -l 4 --validate $NEW --out_json_file="$TMP/wl.json"
ok wl; api wl ON; wr_posting wl; validated wl 65536 1
grep -Eq '^ railperf: posting: 4 WRs per ibv_wr_start' "$TMP/wl.client" || fail "wl: want 4 WRs per post"
BIN=$W pair wr 18974 -R -s 4096 -n 200 --validate $NEW -- \
	-R -s 4096 -n 200 --validate $NEW --out_json_file="$TMP/wr.json"
ok wr; api wr ON; wr_posting wr; validated wr 4096 1

# rail_read_lat: READs through ibv_wr_rdma_read, the bytes checked.
BIN=$R pair rl 18975 -s 65536 -n 200 --validate $NEW -- -s 65536 -n 200 --validate $NEW
ok rl; api rl ON; validated rl 65536 1
[ "$(rows "$TMP/rl.client" | wc -l)" = 1 ] || { cat "$TMP/rl.client"; fail "rl: want one row"; }

# rail_write_lat: the ping-pong's WRITEs, without and with inline data.
for inl in "" "-I 64"; do
	# shellcheck disable=SC2086
	BIN=$WL pair wlat 18976 -n 300 $inl $NEW -- -n 300 $inl $NEW
	ok wlat; api wlat ON
	for side in client server; do
		[ "$(rows "$TMP/wlat.$side" | awk '$1 == 9 && $2 == 2 && $3 == 300' | wc -l)" = 1 ] ||
			{ cat "$TMP/wlat.$side"; fail "wlat ($inl).$side: no row of 2 B x 300"; }
	done
	[ -z "$inl" ] || grep -q '^ Max inline data : 0\[B\]' "$TMP/wlat.client" ||
		{ cat "$TMP/wlat.client"; fail "wlat -I 64 on rxe: not 'Max inline data : 0[B]'"; }
done

# rail_multi_bw: both rails through ibv_wr_*, every QP's bytes checked.
BIN=$M DEV=rxe0,rxe1 pair mb 18977 -n 500 -q 2 -s 64 -I 64 --validate $NEW -- \
	-n 500 -q 2 -s 64 -I 64 --validate $NEW --out_json_file="$TMP/mb.json"
ok mb; api mb ON; wr_posting mb
for side in client server; do
	grep -q '^ railperf: validation passed: every byte of the message on each of [0-9]* QP(s) matches the pattern$' \
		"$TMP/mb.$side" || { cat "$TMP/mb.$side"; fail "mb.$side: validation"; }
done

# Both posting options: refused before any device is opened.
out=$($W -d "$DEV" --use_old_post_send $NEW 2>&1); rc=$?
[ "$rc" = 1 ] || fail "both posting options: exit $rc, want 1"
echo "$out" | grep -q "use_old_post_send (ibv_post_send) and --use_new_post_send (ibv_wr_\*) cannot be used together" ||
	fail "both posting options: '$out'"
grep -q '^ Max inline data : 64\[B\]' "$TMP/mb.client" || fail "mb: -I 64 not in the header"
note "ibv_wr_* path: write_bw (1 WR, -l 4, -R), read_lat, write_lat, multi_bw -I 64 validated"
