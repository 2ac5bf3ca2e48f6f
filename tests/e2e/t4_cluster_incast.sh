#!/bin/sh
# Description: rail_cluster_bw --pattern=incast:softroce-h1 on four
# switched hosts (softroce runN 4, two shared rail segments): h2, h3 and h4
# write with immediate data to h1 on both rails at once, -D 4, one round;
# h3's rail 1 is shaped to 256 kbit/s (tc tbf on its eth1). Exit 0; six
# flows. What h1 counted is the truth: per flow, the messages h1's
# receives counted over the run equal what the sender completed within
# one a QP, and h1's rxe0 and rxe1 received at least one data packet per
# MTU of every message counted into them (its port counters, read by the
# test); each sender's port sent at least as many. On rail 1, h3 is named
# the slowest sender (text and JSON), with Jain's fairness index of the
# three flows below 0.9 and equal to the one the test computes from the
# flows' Gb/s.
# Run by suite.sh in guest h1.
. tests/e2e/lib.sh
. tests/e2e/mpi.sh

[ "$SOFTROCE_NHOSTS" = 4 ] || fail "SOFTROCE_NHOSTS is '$SOFTROCE_NHOSTS', want 4 (softroce runN 4)"
C=$PWD/$B/rail_cluster_bw
[ -x "$C" ] || C=$B/rail_cluster_bw
# as t4_cluster_bw's run 2: a deep tbf queue, TX depth 4 and a 1 s QP
# timeout, so that RC on the shaped rail neither drops nor retransmits
# (4 x 4 KiB queue 0.5 s at 256 kbit/s). 256 kbit/s keeps h3's flow under
# a quarter of the others' even when a busy host halves them (Jain's index
# of (1, 1, 1/4) is 0.79)
FLAGS="-d rxe0,rxe1 -x 1,1 -s 4096 -D 4 -t 4 -u 18"
mtu=$(ibv_devinfo -d rxe0 | awk '$1 == "active_mtu:" { print $2 }')
[ -n "$mtu" ] || fail "no active_mtu for rxe0"

$SOFTROCE_SSH 10.0.1.3 tc qdisc add dev eth1 root tbf rate 256kbit burst 16kbit latency 2s ||
	fail "tc tbf on h3's eth1"
port_counters "$TMP/before"
t0=$(date +%s)
rc=0
# shellcheck disable=SC2086 # MPIRUN and FLAGS are word lists
timeout 120 $MPIRUN -np 4 $C $FLAGS --pattern=incast:softroce-h1 \
	--out_json_file "$TMP/i.json" >"$TMP/i.out" 2>"$TMP/i.err" || rc=$?
port_counters "$TMP/after"
$SOFTROCE_SSH 10.0.1.3 tc qdisc del dev eth1 root || note "could not remove h3's tbf"
note "incast into h1: $(($(date +%s) - t0)) s, exit $rc"
grep '^ railperf: incast' "$TMP/i.out" | sed 's/^/# /'
[ "$rc" = 0 ] || { cat "$TMP/i.out" "$TMP/i.err"; fail "incast run exited $rc, want 0"; }

python3 - "$TMP/i.out" "$TMP/i.json" "$TMP/before" "$TMP/after" "$mtu" <<'PY' ||
import json, re, sys
out, jpath, bpath, apath, mtu = sys.argv[1:]
text = open(out).read()
d = json.load(open(jpath))
inc = d["incast"]
assert inc["host"] == "softroce-h1", inc["host"]
flows = inc["flows"]
senders = ["softroce-h2", "softroce-h3", "softroce-h4"]
assert sorted((f["sender"], f["sender_rail"]) for f in flows) == \
    sorted((s, r) for s in senders for r in (0, 1)), flows
qps = 1
for f in flows:
    assert f["receiver"] == "softroce-h1" and f["receiver_rail"] == f["sender_rail"], f
    assert f["counted"] and f["gbps"] > 0, f
    # the receiver's count over the run against the sender's completions
    assert abs(f["receiver_msgs_all"] - f["sender_msgs_all"]) <= qps, f
# the port counters: h1's receives and the senders' sends back the counts
def load(p):
    return {(h, dv): (int(s), int(r)) for h, dv, s, r in
            (l.split() for l in open(p))}
b, a = load(bpath), load(apath)
per = -(-4096 // int(mtu))
for rail in (0, 1):
    dev = "rxe%d" % rail
    got = a[("softroce-h1", dev)][1] - b[("softroce-h1", dev)][1]
    want = per * sum(f["receiver_msgs_all"] for f in flows if f["sender_rail"] == rail)
    print("# h1 %s received %d packets; the flows' counts need %d" % (dev, got, want))
    assert got >= want, (dev, got, want)
    for f in flows:
        if f["sender_rail"] != rail:
            continue
        sent = a[(f["sender"], dev)][0] - b[(f["sender"], dev)][0]
        assert sent >= per * f["sender_msgs_all"], (f, sent)
# Jain's index per rail: (sum x)^2 / (n sum x^2) over the receiver's Gb/s
rails = {r["rail"]: r for r in inc["rails"]}
for rail in (0, 1):
    x = [f["gbps"] for f in flows if f["sender_rail"] == rail]
    j = sum(x) ** 2 / (len(x) * sum(v * v for v in x))
    assert abs(rails[rail]["jain"] - j) < 1e-6, (rail, rails[rail], j)
    assert abs(rails[rail]["gbps"] - sum(x)) < 1e-9 * max(1, sum(x)), rails[rail]
r1 = rails[1]
assert r1["slowest_sender"] == "softroce-h3" and r1["slowest_rail"] == 1, r1
assert r1["jain"] < 0.9, r1
m = re.search(r"^ railperf: incast into softroce-h1 rail 1 \(rxe1\): \S+ Gb/s counted "
              r"by the receiver from 3 flows; Jain's fairness index (\S+); slowest "
              r"sender softroce-h3 rail 1 \(rxe1\) at \S+ Gb/s$", text, re.M)
assert m and abs(float(m.group(1)) - r1["jain"]) < 0.0015, m
print("# rail 1: Jain %.3f, slowest %s; rail 0: Jain %.3f" %
      (r1["jain"], r1["slowest_sender"], rails[0]["jain"]))
PY
	{ cat "$TMP/i.out"; fail "incast: counts, port counters or fairness (above)"; }
