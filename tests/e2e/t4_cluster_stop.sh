#!/bin/sh
# Description: rail_cluster_bw on four hosts (softroce runN 4), h4's rank
# stopped (SIGSTOP, not killed: the launcher sees nothing) as round 2 of
# the run begins (-D 4, --timeout 5; a watcher on h4 stops it when a
# round's rail thread appears the second time, mpi.sh at_round2). The job must
# end by itself: exit
# non-zero within rank 0's round bound after the stop (the round began
# before the stop; rank 0 gives up -D + --timeout + 10 s = 23 s after the
# round's start: --timeout + 10 s after the round's run should have
# ended) and 10 s for MPI_Abort's teardown under TCG (2 s seen), not at the test's
# own timeout; stderr names h4 as the rank that did not answer; the JSON
# on disk holds round 1's cells, "partial":
# true. The stopped rank is then killed on h4 (the launcher may leave a
# stopped process stopped). Run by suite.sh in guest h1.
. tests/e2e/lib.sh
. tests/e2e/mpi.sh

[ "$SOFTROCE_NHOSTS" = 4 ] || fail "SOFTROCE_NHOSTS is '$SOFTROCE_NHOSTS', want 4 (softroce runN 4)"
C=$PWD/$B/rail_cluster_bw
[ -x "$C" ] || C=$B/rail_cluster_bw
T=5 D=4
# rank 0's bound on a round, from its start (-D + --timeout + 10 s,
# rp_mpi_cluster.c clb_left_ms), then 10 s for MPI_Abort and mpirun's
# teardown of four TCG guests' ranks: 33 s (25 s seen; the old bound of
# -D + 2 x --timeout + 10 s from rank 0's end of the round took 37 s)
BOUND=$((D + T + 10 + 10))

# The stopper on h4 stops the rank as round 2 begins (mpi.sh at_round2).
at_round2 10.0.1.4 STOP /tmp/t4-stopped
stopper=$AT_PID
t0=$(date +%s)
# shellcheck disable=SC2086 # MPIRUN is a word list
timeout 150 $MPIRUN -np 4 $C -d rxe0,rxe1 -x 1,1 -s 4096 -D $D -t 16 -u 16 \
	--timeout $T --out_json_file "$TMP/s.json" >"$TMP/s.out" 2>"$TMP/s.err" &
job=$!
wait_pid $job 150
rc=$?
t1=$(date +%s)
$SOFTROCE_SSH 10.0.1.4 'pkill -KILL -x rail_cluster_bw' </dev/null >/dev/null 2>&1
wait_pid $stopper 60 || {
	src=$?
	cat "$TMP/s.out" "$AT_OUT"
	fail "the stopper on h4 did not stop round 2 (exit $src)"
}
ts=$($SOFTROCE_SSH 10.0.1.4 cat /tmp/t4-stopped </dev/null) ||
	fail "no stop time from h4"
note "h4's rank stopped $((ts - t0)) s into the run, in round 2; the job ended $((t1 - ts)) s later, exit $rc"
[ "$rc" != 0 ] && [ "$rc" != 124 ] ||
	{ cat "$TMP/s.out" "$TMP/s.err"; fail "exit $rc, want the job's own failure"; }
[ $((t1 - ts)) -le $BOUND ] ||
	fail "the job outlived its stopped rank by $((t1 - ts)) s (> $BOUND)"
grep -Eq 'softroce-h4 \(rank 3\)' "$TMP/s.err" ||
	{ cat "$TMP/s.err"; fail "stderr does not name h4 (rank 3)"; }
python3 - "$TMP/s.json" <<'PY' || { cat "$TMP/s.out"; fail "the partial JSON"; }
import json, sys
d = json.load(open(sys.argv[1]))
assert d["partial"] is True, d["partial"]
ok = {(c["sender"], c["receiver"]) for c in d["cells"] if c["status"] == "ok"}
r1 = {("softroce-h1", "softroce-h4"), ("softroce-h4", "softroce-h1"),
      ("softroce-h2", "softroce-h3"), ("softroce-h3", "softroce-h2")}
assert r1 <= ok, ok		# round 1, both rails
PY
exit 0
