#!/bin/sh
# Description: rail_cluster_bw on four hosts (softroce runN 4), h4's rank
# stopped (SIGSTOP, not killed: the launcher sees nothing) in round 2 of
# the run (-D 8, --timeout 5: rounds of about 10 s; the stopper on h4
# waits 16 s from the rank's start). The job must end by itself: exit
# non-zero within rank 0's round bound after the stop (-D + 2 x --timeout
# + 10 s = 28 s), the watchdog's MPI_Finalize bound (5 s) and 15 s for
# the teardown under TCG, not at the test's own timeout; stderr names h4 as the rank
# that did not answer; the JSON on disk holds round 1's cells, "partial":
# true. The stopped rank is then killed on h4 (the launcher may leave a
# stopped process stopped). Run by suite.sh in guest h1.
. tests/e2e/lib.sh
. tests/e2e/mpi.sh

[ "$SOFTROCE_NHOSTS" = 4 ] || fail "SOFTROCE_NHOSTS is '$SOFTROCE_NHOSTS', want 4 (softroce runN 4)"
C=$PWD/$B/rail_cluster_bw
[ -x "$C" ] || C=$B/rail_cluster_bw
T=5 D=8
# rank 0's wait for a round (-D + 2 x --timeout + 10 s), then the
# watchdog's bound on MPI_Finalize (--timeout), then 15 s for MPI_Abort
# and mpirun's teardown of four TCG guests' ranks (39 s was seen against
# a first bound of 38 that left the Finalize bound out)
BOUND=$((D + 2 * T + 10 + T + 15))

$SOFTROCE_SSH 10.0.1.4 'n=0
	until p=$(pgrep -x rail_cluster_bw); do
		sleep 0.2; n=$((n + 1)); [ $n -lt 600 ] || exit 1
	done
	sleep 16; kill -STOP $p; date +%s >/tmp/t4-stopped' \
	</dev/null >/dev/null 2>&1 &
stopper=$!
t0=$(date +%s)
rc=0
# shellcheck disable=SC2086 # MPIRUN is a word list
timeout 150 $MPIRUN -np 4 $C -d rxe0,rxe1 -x 1,1 -s 4096 -D $D -t 16 -u 16 \
	--timeout $T --out_json_file "$TMP/s.json" >"$TMP/s.out" 2>"$TMP/s.err" ||
	rc=$?
t1=$(date +%s)
$SOFTROCE_SSH 10.0.1.4 'pkill -KILL -x rail_cluster_bw' </dev/null >/dev/null 2>&1
wait_pid $stopper 60 || fail "the stopper on h4 did not run (exit $?)"
ts=$($SOFTROCE_SSH 10.0.1.4 cat /tmp/t4-stopped) || fail "no stop time from h4"
note "h4's rank stopped $((ts - t0)) s into the run; the job ended $((t1 - ts)) s later, exit $rc"
[ "$rc" != 0 ] && [ "$rc" != 124 ] ||
	{ cat "$TMP/s.out" "$TMP/s.err"; fail "exit $rc, want the job's own failure"; }
[ $((t1 - ts)) -le $BOUND ] ||
	fail "the job outlived its stopped rank by $((t1 - ts)) s (> $BOUND)"
grep -Eq 'softroce-h4 \(rank 3\)' "$TMP/s.err" ||
	{ cat "$TMP/s.err"; fail "stderr does not name h4 (rank 3)"; }
python3 - "$TMP/s.json" <<'PY' || fail "the partial JSON"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["partial"] is True, d["partial"]
ok = {(c["sender"], c["receiver"]) for c in d["cells"] if c["status"] == "ok"}
r1 = {("softroce-h1", "softroce-h4"), ("softroce-h4", "softroce-h1"),
      ("softroce-h2", "softroce-h3"), ("softroce-h3", "softroce-h2")}
assert r1 <= ok, ok		# round 1, both rails
PY
exit 0
