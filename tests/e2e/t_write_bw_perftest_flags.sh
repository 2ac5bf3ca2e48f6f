#!/bin/sh
# Description: rail_write_bw's perftest flags that the conformance suite
# cannot compare with perftest: --run_infinitely rows every -D seconds
# until SIGINT on the client, or on the server, with both exiting 0 and
# the server printing no rows; -I 64 on rxe, a device perftest does not
# know, turned off as ib_write_bw does (ctx_set_max_inline: the extra
# separator before the header, "Max inline data : 0[B]", a warning naming
# the device); the inline path itself through rail_multi_bw (no perftest
# counterpart, keeps -I: header line, -a with --validate);
# -u 20 with -N (peak 0.00) and -F (accepted, harmless); -y alone gates
# (unlike perftest); -w below the result passes; --bind_source_ip on both
# sides, and a source address that is not local fails at once with the
# option named.
. tests/e2e/lib.sh

BIN=$B/rail_write_bw

# inf NAME WHO: a --run_infinitely -D 1 pair stopped by SIGINT to WHO
# (client or server) after 5 s; exit codes in CLI_RC, SRV_RC.
inf() {
	bg "$TMP/$1.server" $BIN -d "$DEV" -p "$2" --run_infinitely -D 1
	spid=$BG_PID
	wait_listen "$2" 20 "$spid"
	bg "$TMP/$1.client" $BIN -d "$DEV" -p "$2" --run_infinitely -D 1 "$SERVER_IP"
	cpid=$BG_PID
	sleep 5
	if [ "$3" = client ]; then kill -INT "$cpid"; else kill -INT "$spid"; fi
	wait_pid "$cpid" 60; CLI_RC=$?
	wait_pid "$spid" 60; SRV_RC=$?
}

inf infc 18801 client
[ "$CLI_RC/$SRV_RC" = 0/0 ] || { cat "$TMP/infc.client" "$TMP/infc.server"
	fail "--run_infinitely, client SIGINT: exit $CLI_RC/$SRV_RC"; }
rows "$TMP/infc.client" >"$TMP/infc.rows"
n=$(wc -l <"$TMP/infc.rows")
[ "$n" -ge 2 ] || fail "--run_infinitely: $n rows in 5 s with -D 1"
while read -r r; do
	check_bw_row "$r"
	set -- $r
	[ "$4" = 0.00 ] || fail "--run_infinitely: peak '$4', want 0.00: $r"
done <"$TMP/infc.rows"
[ -z "$(rows "$TMP/infc.server")" ] || fail "--run_infinitely: the server printed rows"
# the line after the last row closes the table (railperf's lines follow)
last=$(awk '/^ #bytes/ { t = 1; next } t && /^ *[0-9]/ { n = NR } END { print n }' "$TMP/infc.client")
sed -n "$((last + 1))p" "$TMP/infc.client" | grep -q '^-\{87\}$' ||
	fail "--run_infinitely: table not closed"
note "--run_infinitely: $n rows, last: $(tail -n 1 "$TMP/infc.rows")"

inf infs 18802 server
[ "$CLI_RC/$SRV_RC" = 0/0 ] || { cat "$TMP/infs.client" "$TMP/infs.server"
	fail "--run_infinitely, server SIGINT: exit $CLI_RC/$SRV_RC"; }

pair inl 18803 -I 64 -s 64 -n 200 -- -I 64 -s 64 -n 200
[ "$CLI_RC/$SRV_RC" = 0/0 ] || { cat "$TMP/inl.client"; fail "-I 64: exit $CLI_RC/$SRV_RC"; }
grep -q '^ Max inline data : 0\[B\]$' "$TMP/inl.client" ||
	{ cat "$TMP/inl.client"; fail "-I 64 on rxe: inline not turned off"; }
grep -q "^rail_write_bw: warning: inline data turned off: $DEV is not a device perftest knows" \
	"$TMP/inl.client" || { cat "$TMP/inl.client"; fail "-I 64 on rxe: no warning"; }
[ "$(grep -v ': warning: ' "$TMP/inl.client" | sed -n '1,2p' | grep -c '^-\{87\}$')" = 2 ] ||
	{ cat "$TMP/inl.client"; fail "-I 64 on rxe: no extra separator before the header"; }
check_bw_row "$(rows "$TMP/inl.client")"

BIN=$B/rail_multi_bw pair inlm 18804 -I 64 -s 64 -n 200 -- -I 64 -s 64 -n 200
[ "$CLI_RC/$SRV_RC" = 0/0 ] || { cat "$TMP/inlm.client"; fail "multi -I 64: exit $CLI_RC/$SRV_RC"; }
grep -q '^ Max inline data : 64\[B\]$' "$TMP/inlm.client" || fail "multi -I 64: header"

BIN=$B/rail_multi_bw pair inla 18805 -I 64 -a -n 5 --validate -- -I 64 -a -n 5 --validate
[ "$CLI_RC/$SRV_RC" = 0/0 ] || { cat "$TMP/inla.client"; fail "-I 64 -a: exit $CLI_RC/$SRV_RC"; }
[ "$(rows "$TMP/inla.client" | wc -l)" = 23 ] || fail "-I 64 -a: want 23 rows"
grep -q 'validation passed' "$TMP/inla.client" || fail "-I 64 -a: data not as written"

pair u 18806 -u 20 -N -F -n 200 -- -u 20 -N -F -n 200
[ "$CLI_RC/$SRV_RC" = 0/0 ] || { cat "$TMP/u.client"; fail "-u 20 -N -F: exit $CLI_RC/$SRV_RC"; }
set -- $(rows "$TMP/u.client")
[ "$4" = 0.00 ] || fail "-N: peak '$4'"

pair y 18807 -n 200 -y 1000000 -- -n 200 -y 1000000
[ "$CLI_RC/$SRV_RC" = 1/0 ] || fail "-y alone: exit $CLI_RC/$SRV_RC, want 1/0"
grep -q '^Error: Msg rate  is below msg_rate limit$' "$TMP/y.client" ||
	fail "-y: no perftest error line"

pair w 18808 -n 200 -w 0.001 --bind_source_ip=$SERVER_IP -- \
	-n 200 -w 0.001 --bind_source_ip=$SERVER_IP
[ "$CLI_RC/$SRV_RC" = 0/0 ] || { cat "$TMP/w.client"; fail "-w 0.001 --bind_source_ip: exit $CLI_RC/$SRV_RC"; }

out=$(timeout 20 $BIN -d "$DEV" -p 18809 --bind_source_ip=192.0.2.7 \
	--timeout 10 "$SERVER_IP" 2>&1); rc=$?
[ $rc = 1 ] || fail "a foreign --bind_source_ip: exit $rc, want 1"
# refused before any device is opened (rp_precheck), one line
echo "$out" | grep -q "^rail_write_bw: invalid --bind_source_ip value '192.0.2.7': not an address of this host" ||
	fail "--bind_source_ip 192.0.2.7 said: $out"
exit 0
