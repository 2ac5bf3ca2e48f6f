#!/bin/sh
# Description: the ways real perftest clients read perftest's output
# (tests/compat/idioms.py: the block between the last two dash runs with
# stderr merged, stdout's next-to-last line, the lines holding the size,
# the first line with the size, the first integer line, the --out_json
# keys once, --output's number, no "error"/"fail") on railperf's live
# output, client and server, for each flag set of the table in
# docs/measuring.md; perftest's output of the same flags is the recording
# in tests/data/perftest-6.06 (no live perftest pair: cheaper), checked by
# the same idioms. The pairings real scripts run: a server without -D
# following the client's (HPE), --output on one side or both with -b and
# 8 MiB messages (hcdiag) exit 0 within -D plus 10 s; --perform_warm_up
# (Azure, ROCm cvs) is accepted.
# Timeout: 400
. tests/e2e/lib.sh
. tests/e2e/fault.sh

D=$TMP/idioms
PORT=19400
rm -rf "$D" && mkdir -p "$D"
[ -d tests/data/perftest-6.06 ] || fail "no perftest recordings"

# side NAME SIDE CMD...: run CMD with this set's capture; its exit status
# and milliseconds into NAME.SIDE.rc and .ms (merged: stderr with stdout).
side() {
	sd_o=$D/$1.$2 sd_m=$MODE
	shift 2
	sd_t0=$(now_ms)
	if [ "$sd_m" = merged ]; then
		"$@" </dev/null >"$sd_o.txt" 2>&1
	else
		"$@" </dev/null >"$sd_o.txt" 2>"$sd_o.stderr.txt"
	fi
	echo $? >"$sd_o.rc"
	echo $(( $(now_ms) - sd_t0 )) >"$sd_o.ms"
}

python3 tests/compat/idioms.py sets >"$D/sets" || fail "idioms.py sets"
while IFS='|' read -r NAME PROG SFLAGS CFLAGS MODE LIMIT; do
	PORT=$((PORT + 1))
	CFLAGS=$(echo "$CFLAGS" | sed "s|@J@|$D/$NAME.client.json|g")
	# shellcheck disable=SC2086
	side "$NAME" server timeout 120 $B/rail_$PROG -d "$DEV" -p $PORT \
		$SFLAGS &
	spid=$!
	wait_listen $PORT 20 "$spid" || note "$NAME: the server is not listening"
	# shellcheck disable=SC2086
	side "$NAME" client timeout 120 $B/rail_$PROG -d "$DEV" -p $PORT \
		$CFLAGS "$SERVER_IP"
	wait_pid "$spid" 130 || true
	note "$NAME: exit $(cat "$D/$NAME.client.rc")/$(cat "$D/$NAME.server.rc") in $(cat "$D/$NAME.client.ms")/$(cat "$D/$NAME.server.ms") ms (client/server)"
done <"$D/sets"
no_leftovers "the flag sets"

python3 tests/compat/idioms.py check "$D" >"$D/tap"
rc=$?
grep -c '^ok' "$D/tap" | sed 's/^/# idioms passed: /'
if [ $rc != 0 ]; then
	grep '^not ok' "$D/tap"
	for f in "$D"/*.txt; do
		grep -q . "$f" || continue
		echo "--- $f"
		tail -n 12 "$f"
	done
	fail "an idiom reads railperf's output differently from perftest's"
fi
exit 0
