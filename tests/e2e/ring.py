"""Checks of rail_cluster_bw on a ring of N guests (tools/scripts/softroce
ring N), imported by tests/e2e/tr3_cluster_ring.sh and tr4_cluster_ring.sh
(run from the repository's root: sys.path.insert(0, 'tests/e2e')).

The bed's cabling is restated here, independently of railperf: guest hI's
eth1/rxe1 is cabled to h(I+1)'s eth0/rxe0 (hN's to h1's), link K in
10.1.K.0/24. What railperf printed is checked against it, and the cells
against the ports' own counters that the test read before and after."""

import re

MSG = 4096  # -s of the tests


def host(i, n):
    """The name of guest i (1-based, wrapping) in a ring of n."""
    return "softroce-h%d" % ((i - 1) % n + 1)


def links(n):
    """The ring's cables: (host, rail, host, rail), hI rail 1 to h(I+1)
    rail 0."""
    return {(host(i, n), 1, host(i + 1, n), 0) for i in range(1, n + 1)}


def end(e):
    """A wiring-map end of the JSON as (host, rail)."""
    return (e["host"], e["rail"])


def check_map(d, n, skip=()):
    """The JSON's wiring map holds exactly the ring's links but those in
    skip, each found by neighbour discovery, and no miswire unless skip
    names the link; returns the links it lists."""
    w = d["wiring"]
    got = set()
    for l in w["links"]:
        a, b = end(l["a"]), end(l["b"])
        got.add(a + b if a[1] == 1 else b + a)
        assert l["found_by"] == "neighbours", l
    want = links(n) - set(skip)
    assert got == want, ("links", sorted(got), sorted(want))
    if not skip:
        assert w["miswires"] == [], w["miswires"]
    return got


def load(p):
    """A port_counters file: {(host, dev): (sent, rcvd)}."""
    return {(h, dv): (int(s), int(r)) for h, dv, s, r in
            (line.split() for line in open(p))}


def check_cells(d, want, before, after, mtu):
    """Exactly the directed cells of the links in want are ok (both ways
    of each), every other rail pair of two hosts is "nopath"; each port's
    counters back its cells: at least a data packet per MTU of each
    message of the cell it sends (receives), at most 4 x what its cells
    moved both ways (the whole run is twice the counted half; ACKs)."""
    ok = {}
    for c in d["cells"]:
        key = (c["sender"], c["sender_rail"], c["receiver"], c["receiver_rail"])
        if c["status"] == "ok":
            assert c["gbps"] > 0 and c["bytes"] == c["msgs"] * MSG > 0, c
            ok[key] = c
        else:
            assert c["status"] == "nopath", c
    directed = set(want) | {(b, j, a, i) for a, i, b, j in want}
    assert set(ok) == directed, ("ok cells", sorted(set(ok) ^ directed))
    b, a = load(before), load(after)
    per = -(-MSG // int(mtu))
    for (h, dv), (s1, r1) in a.items():
        rail = int(dv[-1])
        out = sum(c["msgs"] for k, c in ok.items() if k[:2] == (h, rail))
        inn = sum(c["msgs"] for k, c in ok.items() if k[2:] == (h, rail))
        sent, rcvd = s1 - b[(h, dv)][0], r1 - b[(h, dv)][1]
        print("# %s %s: sent %d (cells %d msgs), received %d (cells %d)" %
              (h, dv, sent, out, rcvd, inn))
        assert sent >= per * out and rcvd >= per * inn, (h, dv, sent, rcvd)
        assert sent <= 4 * per * (out + inn), (h, dv, sent, out, inn)
    return ok


def rounds(text):
    """The round lines of the text output."""
    return [l for l in text.splitlines()
            if re.match(r" railperf: round \d+/\d+: ", l)]
