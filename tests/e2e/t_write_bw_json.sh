#!/bin/sh
# Description: --out_json_file writes valid JSON with perftest 6.29's keys:
# one size gives a "results" object whose BW_average equals the printed
# row's (-a's array with every size: t_compat_write_bw); the server writes
# its file too.
# A file already there keeps its mode and owner (0600, uid 65534); a FIFO
# (the server's, read by cat) is written through and stays a FIFO.
# Server and client on one rxe device: both ends are one NIC and port, so
# both say so in one line and both documents carry "same_nic": true. The
# client's --save-baseline and --openmetrics files say what its JSON's
# "fleet" says (promtool checks the latter); that baseline is refused for
# -n 300 by name.
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
pair j 18671 -n 200 --out_json_file=$TMP/s.fifo -- -n 200 --out_json_file=$TMP/c.json \
	--save-baseline $TMP/wb.json --openmetrics $TMP/w.prom
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

# fleet checks on one rail: the baseline holds rail 0's goodput as the
# JSON's "fleet" has it (the row's BW average in Gb/s, which the JSON
# rounds to 0.01 MB/sec as perftest does); the OpenMetrics
# file passes promtool and says the same; a baseline of -n 200 refused
# by name for -n 300, exit 1, no server asked
json_check "$TMP/c.json" "[r['name'] for r in d['fleet']['rails']] == ['rail 0 (rxe1)'] and \
abs(d['fleet']['rails'][0]['gbps'] - d['results']['BW_average'] * 2 ** 20 * 8 / 1e9) <= 0.0051 * 2 ** 20 * 8 / 1e9"
python3 - "$TMP/c.json" "$TMP/wb.json" "$TMP/w.prom" <<'PY' || fail "the baseline and OpenMetrics files against the JSON"
import json, re, sys
d, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
r = d['fleet']['rails'][0]
assert b['test'] == 'rail_write_bw' and b['flags']['-n'] == '200', b
assert [(x['name'], x['gbps']) for x in b['results']] == [(r['name'], r['gbps'])], b
assert [x['device'] for x in b['hosts'][0]['rails']] == ['rxe1'], b
m = re.search(r'^railperf_rail_goodput_bytes_per_second\{.*rail="0",device="rxe1",port="1",direction="send"\} (\S+)$',
              open(sys.argv[3]).read(), re.M)
assert m and abs(float(m.group(1)) * 8 / 1e9 - r['gbps']) <= 1e-9 * r['gbps'], m
PY
if command -v promtool >/dev/null; then
	promtool check metrics <"$TMP/w.prom" || fail "promtool check metrics $TMP/w.prom"
else
	skip_part promtool "no promtool (Debian's prometheus; tools/scripts/install-deps)"
fi
timeout 30 $BIN -d rxe1 -n 300 -p 18679 --baseline "$TMP/wb.json" $SERVER_IP >"$TMP/ref.out" 2>&1
rc=$?
[ "$rc" = 1 ] && [ "$(cat "$TMP/ref.out")" = "rail_write_bw: --baseline '$TMP/wb.json' refused: -n 200 there, -n 300 here (other flags change the numbers; --baseline-force compares anyway)" ] ||
	{ cat "$TMP/ref.out"; fail "a baseline of other flags: exit $rc"; }
