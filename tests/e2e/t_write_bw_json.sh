#!/bin/sh
# Description: --out_json_file writes valid JSON with perftest 6.29's keys:
# one size gives a "results" object whose BW_average equals the printed
# row's; -a gives an array with every size; the server writes its file too.
# A file already there keeps its mode and owner (0600, uid 65534); a FIFO
# (the server's, read by cat) is written through and stays a FIFO.
# Server and client on one rxe device: both ends are one NIC and port, so
# both say so in one line and both documents carry "same_nic": true.
. tests/e2e/lib.sh

BIN=$B/rail_write_bw
# Targets that are not new files: the client's is another user's 0600
# file (replaced, its mode and owner kept); the server's a FIFO that cat
# reads (written through, still a FIFO after).
echo '{"earlier": 1}' >"$TMP/c.json"
chmod 0600 "$TMP/c.json"
chown 65534:65534 "$TMP/c.json"
mkfifo "$TMP/s.fifo"
cat "$TMP/s.fifo" >"$TMP/s.json" &
catpid=$!
pair j 18671 -n 200 --out_json_file=$TMP/s.fifo -- -n 200 --out_json_file=$TMP/c.json
[ "$CLI_RC" = 0 ] && [ "$SRV_RC" = 0 ] || { kill $catpid; cat "$TMP/j.client" "$TMP/j.server"; fail "run"; }
wait_pid $catpid 10 || fail "cat of the server's FIFO did not end"
[ -p "$TMP/s.fifo" ] || fail "the server's FIFO was replaced: $(ls -l "$TMP/s.fifo")"
[ "$(stat -c '%a %u %g' "$TMP/c.json")" = "600 65534 65534" ] ||
	fail "the client's file lost its mode or owner: $(ls -ln "$TMP/c.json")"
set -- $(rows "$TMP/j.client")
json_check "$TMP/c.json" "d['test_info']['test'] == 'RDMA_Write_BW_Test' and \
d['test_info']['Device'] == 'rxe1' and d['test_info']['GID_index'] == 1 and \
d['test_info']['TX_depth'] == 128 and \
d['results']['MsgSize'] == 65536 and d['results']['n_iterations'] == 200 and \
abs(d['results']['BW_average'] - $5) < 0.006 and \
set(d['results']) == {'MsgSize', 'n_iterations', 'BW_peak', 'BW_average', 'MsgRate'}"
json_check "$TMP/s.json" "d['results']['n_iterations'] == 200 and 'TX_depth' not in d['test_info']"
json_check "$TMP/c.json" "d['same_nic'] is True"
json_check "$TMP/s.json" "d['same_nic'] is True"
for side in client server; do
	[ "$(grep -c '^ railperf: rail rxe1 port 1: both ends are one NIC (sys_image_guid [0-9a-f:]*, port port1): the traffic looped inside it and never reached the wire$' "$TMP/j.$side")" = 1 ] ||
		{ cat "$TMP/j.$side"; fail "$side: no 'both ends are one NIC' line"; }
done

pair a 18672 -a -n 5 -- -a -n 5 --out_json_file=$TMP/a.json
[ "$CLI_RC" = 0 ] || { cat "$TMP/a.client"; fail "-a run"; }
json_check "$TMP/a.json" "[r['MsgSize'] for r in d['results']] == [2 ** i for i in range(1, 24)]"
