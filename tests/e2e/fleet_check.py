#!/usr/bin/env python3
"""fleet_check.py OM XML JSON FAILS: the files of one rail_multi_bw run
(--openmetrics OM, --junit XML, --out_json_file JSON with --report_gbits)
say what its JSON says. Per rail: OpenMetrics goodput (bytes/s) x 8 / 1e9
is the JSON's "fleet" gbps and its "rails" bw_average_gbit_per_s; its
baseline ratio, counters and verdict are the JSON's "fleet" ones (absent
where the JSON has null); its retransmitted packets the JSON's "rails"
retransmitted_packets. JUnit: a testcase per rail, named as the JSON,
its time the JSON's seconds, a failure exactly for the failing verdicts,
typed by the verdict, whose message gives the % of the baseline (or
ceiling); FAILS testcases fail. Exit 1 naming the first mismatch."""
import json
import re
import sys
import xml.etree.ElementTree as ET

FAILING = {"outlier", "below_expect_min", "below_expect", "below_baseline",
           "failed"}
SAMPLE = re.compile(r'^([a-z_]+)\{(.*)\} (\S+)$')
LABEL = re.compile(r'(\w+)="((?:[^"\\]|\\.)*)"')


def close(a, b, rel=1e-9):
    return abs(a - b) <= rel * max(abs(a), abs(b), 1e-300)


def samples(path):
    out = {}
    for line in open(path):
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        m = SAMPLE.match(line)
        assert m, "not a sample line: %r" % line
        out.setdefault(m.group(1), []).append(
            (dict(LABEL.findall(m.group(2))), float(m.group(3))))
    return out


def pick(s, name, rail, **want):
    got = [v for lab, v in s.get(name, []) if lab.get("rail") == str(rail)
           and all(lab.get(k) == w for k, w in want.items())]
    assert len(got) <= 1, (name, rail, want, got)
    return got[0] if got else None


def check_om(s, d):
    fl, rails = d["fleet"]["rails"], d["rails"]
    for i, r in enumerate(fl):
        g = pick(s, "railperf_rail_goodput_bytes_per_second", i)
        assert close(g * 8 / 1e9, r["gbps"]), (i, g, r["gbps"])
        assert close(g * 8 / 1e9, rails[i]["bw_average_gbit_per_s"], 1e-6), \
            (i, g, rails[i]["bw_average_gbit_per_s"])
        ones = [lab["verdict"] for lab, v in
                s["railperf_rail_verdict"] if lab["rail"] == str(i) and v == 1]
        assert ones == [r["verdict"]], (i, ones, r["verdict"])
        for name, key in (("railperf_rail_baseline_ratio", "baseline_ratio"),
                          ("railperf_rail_ceiling_ratio", "ceiling_ratio")):
            v = pick(s, name, i)
            assert (v is None) == (r[key] is None), (name, i, v, r[key])
            assert v is None or close(v, r[key]), (name, i, v, r[key])
        for name, key in (
                ("railperf_rail_retransmitted_packets_total",
                 "retransmitted_packets"),
                ("railperf_rail_out_of_sequence_packets_total",
                 "out_of_sequence"),
                ("railperf_rail_cnp_total", "cnp"),
                ("railperf_rail_link_drops_total", "link_drops")):
            v = pick(s, name, i)
            assert (v is None) == (r[key] is None), (name, i, v, r[key])
            assert v is None or v == r[key], (name, i, v, r[key])
        assert r["retransmitted_packets"] == rails[i]["retransmitted_packets"]
    assert [v for _, v in s["railperf_run_complete"]] == [1.0]


def check_junit(path, d, fails):
    fl = d["fleet"]["rails"]
    suite = ET.parse(path).getroot().find("testsuite")
    cases = suite.findall("testcase")
    assert [c.get("name") for c in cases] == [r["name"] for r in fl]
    assert suite.get("failures") == str(fails), suite.attrib
    n = 0
    for c, r in zip(cases, fl):
        assert abs(float(c.get("time")) - r["seconds"]) < 0.0006, \
            (c.get("time"), r["seconds"])
        f = c.find("failure")
        assert (f is not None) == (r["verdict"] in FAILING), (r, f)
        if f is None:
            continue
        n += 1
        ratio = r["baseline_ratio"] if r["verdict"] == "below_baseline" \
            else r["ceiling_ratio"]
        pct = "%.1f%%" % (100 * ratio) if ratio is not None else ""
        assert f.get("type") == r["verdict"], f.attrib
        assert pct in f.get("message") and r["name"] in f.get("message"), \
            (f.get("message"), pct)
    assert n == fails, (n, fails)


def main():
    om, xml, js, fails = sys.argv[1:5]
    d = json.load(open(js))
    check_om(samples(om), d)
    check_junit(xml, d, int(fails))
    print("# %s: %s" % (js, ", ".join("%s %s %.4f Gb/s" % (
        r["name"], r["verdict"], r["gbps"]) for r in d["fleet"]["rails"])))


if __name__ == "__main__":
    try:
        main()
    except AssertionError as e:
        print("fleet_check: %s" % (e,))
        sys.exit(1)
