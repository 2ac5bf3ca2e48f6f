#!/usr/bin/env python3
"""The ways real perftest clients read perftest's output (issue 38), each a
checker in parsers/, and the flag sets each is checked with: perftest
6.06's recorded output (tests/data/perftest-6.06/) must pass every idiom of
its set, and so must railperf's live output in the guest for the same
flags (tests/e2e/t_compat_idioms.sh).

  idioms.py sets                  the flag sets, one per line, for the
                                  guest: NAME, PROGRAM, server flags,
                                  client flags, "merged" (stdout and stderr
                                  in one file) or "split", the seconds its
                                  pair may take (0: no bound), '|' apart
                                  (flags may be empty)
  idioms.py recorded [DATA]       every idiom on perftest's recordings;
                                  TAP, one line per (set, side, idiom)
  idioms.py check DIR             railperf's live outputs in DIR (written by
                                  t_compat_idioms.sh: NAME.SIDE.txt,
                                  NAME.SIDE.stderr.txt, NAME.SIDE.rc,
                                  NAME.SIDE.ms, NAME.client.json); each idiom
                                  also on perftest's recording of the set,
                                  which must pass it too; TAP

The idioms (written from issue 38's descriptions of the clients, not from
their code):
  dash_block       the text between the last two runs of '-' in stdout and
                   stderr merged: the table header, then the values; the
                   column found by its header name (imbue-ai cluster-health)
  next_to_last     stdout's next-to-last line, field 4 (xCAT's
                   ib_performance.sh with ib_read_bw -a, stderr dropped)
  size_lines       field 4 of every stdout line that holds the message size
                   (HPE's bwcheck)
  first_size_line  field 4 of the first stdout line that holds the size
                   (Azure's health checks)
  first_int_line   the first stdout line that starts with an integer is
                   the row
  json_keys        each of perftest's result keys once in the --out_json
                   file, BW_average's lines one number (NVIDIA's
                   ngc_multinode_perf)
  output_number    --output's number on stdout's last line
  no_error         neither "error" nor "fail" (any case) in stdout and
                   stderr (ROCm cvs and other CI suites)
  rule_lines       railperf's own lines (stderr) hold no '-', no "error"
                   or "fail" and not the message size: every set, both
                   sides, railperf's output only (perftest has none)
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "data", "perftest-6.06")
sys.path.insert(0, HERE)
import shape  # noqa: E402

BOTH = ("client", "server")
CLI = ("client",)
SRV = ("server",)


class Set:
    """A flag set: perftest's output of it recorded as
    tests/data/perftest-6.06/REC.{server,client}.txt (REC: the set's name,
    or @rec when a string; @rec False: no recording, the live run's exit
    status and time only), run live with railperf as @live (the same flags,
    or fewer iterations where the idioms do not depend on them); merged:
    stdout and stderr captured together (the reader merges them); limit:
    the pair must exit 0 within this many seconds (0: no bound)."""

    def __init__(self, name, prog, server, client, idioms, merged=False,
                 live=None, limit=0, rec=True, client_of="", size=None):
        self.name, self.prog = name, prog
        self.server, self.client = server, client
        self.live = live or (server, client)
        self.idioms, self.merged, self.limit = idioms, merged, limit
        self.rec = name if rec is True else rec
        self.client_of = client_of
        # the message size railperf's lines must not hold (None: -a, or
        # a size of a digit or two, which any number may hold)
        self.size = size


GB = "BW average[Gb/sec]"
P99 = "99% percentile[usec]"
NGC_S = "-b -q 2 -F --report_gbit -D 2 --output=bandwidth"
NGC_C = "-b -q 2 -F --report_gbit -D 2 --out_json --out_json_file=@J@"
S8 = "--size=256K -b -D 2"
WARM = "-s 65536 -D 2 -F --report_gbits --perform_warm_up -q 2"

SETS = [
    Set("write_bw-b-iters5000-gbits", "write_bw",
        "-b --iters 5000 --report_gbits", "-b --iters 5000 --report_gbits",
        [("dash_block", GB, BOTH), ("no_error", None, BOTH)], merged=True,
        live=("-b --iters 200 --report_gbits",
              "-b --iters 200 --report_gbits"),
        client_of="imbue-ai cluster-health p2p_ib_test.py", size="65536"),
    Set("write_lat-iters5000", "write_lat", "--iters 5000", "--iters 5000",
        [("dash_block", P99, BOTH), ("no_error", None, BOTH)], merged=True,
        client_of="imbue-ai cluster-health p2p_ib_test.py"),
    Set("write_bw-b-q2-gbit-D2-json", "write_bw", NGC_S, NGC_C,
        [("json_keys", "bw", CLI), ("output_number", None, SRV),
         ("first_int_line", None, CLI), ("no_error", None, BOTH)],
        client_of="NVIDIA ngc_multinode_perf", size="65536"),
    Set("read_bw-b-q2-gbit-D2-json", "read_bw", NGC_S, NGC_C,
        [("json_keys", "bw", CLI), ("output_number", None, SRV),
         ("first_int_line", None, CLI), ("no_error", None, BOTH)],
        client_of="NVIDIA ngc_multinode_perf", size="65536"),
    Set("send_bw-b-q2-gbit-D2-json", "send_bw", NGC_S, NGC_C,
        [("json_keys", "bw", CLI), ("output_number", None, SRV),
         ("first_int_line", None, CLI), ("no_error", None, BOTH)],
        client_of="NVIDIA ngc_multinode_perf", size="65536"),
    Set("read_bw-a-n5", "read_bw", "-a -n 5", "-a -n 5",
        [("next_to_last", None, BOTH), ("no_error", None, BOTH)],
        client_of="xCAT ib_performance.sh (ib_read_bw -a; -n 5 here)"),
    Set("write_bw-F-s65536-D2", "write_bw", "-F -s 65536",
        "-F -s 65536 -D 2",
        [("size_lines", "65536", BOTH), ("first_size_line", "65536", BOTH),
         ("first_int_line", None, BOTH), ("no_error", None, BOTH)],
        limit=12, client_of="HPE bwcheck.sh (server without -D)",
        size="65536"),
    Set("write_bw-s256K-b-D2-out", "write_bw", S8, S8 + " --output=bandwidth",
        [("output_number", None, CLI), ("first_size_line", "262144", SRV),
         ("no_error", None, BOTH)],
        limit=12, client_of="IBM CAST hcdiag (--output on the client; "
        "--size=8M there)", size="262144"),
    Set("write_bw-s256K-b-D2-out-both", "write_bw",
        S8 + " --output=bandwidth", S8 + " --output=bandwidth", [],
        limit=12, rec=False, client_of="-b, --output on both sides",
        size="262144"),
    Set("write_bw-s65536-D2-warmup", "write_bw", WARM, WARM,
        [("first_size_line", "65536", BOTH), ("first_int_line", None, BOTH),
         ("no_error", None, BOTH)],
        client_of="Azure azurehpc-health-checks (-s 1048576 there)",
        size="65536"),
    Set("multi_bw-n200", "multi_bw", "-n 200", "-n 200",
        [("dash_block", "BW average[MB/sec]", BOTH),
         ("no_error", None, BOTH)], merged=True, rec="write_bw-default",
        client_of="rail_multi_bw with one rail read as ib_write_bw "
        "(perftest: ib_write_bw default, 5000 iterations)", size="65536"),
    Set("send_lat-default", "send_lat", "", "",
        [("dash_block", P99, BOTH), ("first_int_line", None, BOTH),
         ("no_error", None, BOTH)], merged=True,
        client_of="ib_send_lat, both hosts, stderr merged"),
    Set("read_lat-s4096-warmup", "read_lat", "--size=4096 --perform_warm_up",
        "--size=4096 --perform_warm_up",
        [("first_size_line", "4096", CLI), ("first_int_line", None, CLI),
         ("no_error", None, BOTH)],
        client_of="ROCm cvs, pmem rpma", size="4096"),
]

NUMBER = shape.NUMBER


def run(idiom, arg, paths):
    """The idiom's checker on @paths (its own input list): [(name, value)]."""
    script = {
        "dash_block": "dash_block.py", "next_to_last": "next_to_last.sh",
        "size_lines": "size_lines.sh", "first_size_line":
        "first_size_line.sh", "first_int_line": "first_int_line.sh",
        "json_keys": "json_keys.py", "output_number": "output_number.sh",
        "no_error": "no_error.sh", "rule_lines": "rule_lines.sh"}[idiom]
    if script.endswith(".py"):  # in this process: python starts slowly
        return shape.py_parser(script[:-3])(paths[0], arg)  # under TCG
    cmd = ["sh", os.path.join(HERE, "parsers", script)] + \
        ([arg or "-"] + paths if idiom == "rule_lines" else
         paths + ([arg] if arg else []))
    out = subprocess.run(cmd, capture_output=True, text=True).stdout
    return [tuple((l + "=").split("=")[:2]) for l in out.splitlines()]


def judge(idiom, got, ref=None):
    """None when the idiom read what it needs from @got (and, against a
    reference reading @ref, the same structure); else why not."""
    d = dict(got)
    if not got:
        return "read nothing"
    if "missing" in d:
        return "no such file: %s" % d["missing"]
    if idiom in ("dash_block", "next_to_last", "first_size_line",
                 "output_number"):
        return None if NUMBER.match(d.get("value", "")) else \
            "value %r is not a number" % d.get("value")
    if idiom == "no_error":
        return None if d.get("hits") == "0" else \
            "%s lines say error or fail" % d.get("hits")
    if idiom == "rule_lines":
        return None if d.get("bad") == "0" else \
            "railperf lines against the output rule: %s" % [
                v for k, v in got if k.startswith("line_")]
    if idiom == "json_keys":
        bad = [k for k, v in got if k.startswith("count_") and v != "1"]
        if bad:
            return "keys not there once: %s" % ", ".join(
                "%s %s" % (k[6:], d[k]) for k in bad)
        return None if NUMBER.match(d.get("value", "")) else \
            "BW_average lines give %r, not one number" % d.get("value")
    nums = [v for k, v in got if k.startswith(("f", "field4_"))
            and k != "fields"]
    if not all(NUMBER.match(v) for v in nums):
        return "not every field is a number: %s" % got
    key = "fields" if idiom == "first_int_line" else "lines"
    if ref is not None and d.get(key) != dict(ref).get(key):
        return "%s %s, perftest %s" % (key, d.get(key), dict(ref).get(key))
    return None if d.get(key, "0") != "0" else "no line found"


def inputs(idiom, prefix, side, merged):
    """The files an idiom reads of one side's output at @prefix."""
    out = "%s.%s.txt" % (prefix, side)
    err = "%s.%s.stderr.txt" % (prefix, side)
    if idiom == "json_keys":
        return ["%s.%s.json" % (prefix, side)]
    if idiom in ("no_error", "rule_lines"):
        return [out] + ([err] if os.path.exists(err) else [])
    if idiom == "dash_block" and not merged:
        return None  # the caller merges
    return [out]


def read(s, idiom, arg, prefix, side, merged, tmp):
    """What @idiom reads of @s's @side at @prefix; perftest's recording
    (@merged False) is merged here as the guest merges railperf's."""
    paths = inputs(idiom, prefix, side, merged)
    if paths is None:
        path = os.path.join(tmp, "%s.%s.merged" % (s.name, side))
        with open(path, "w") as f:
            for p in ("%s.%s.txt" % (prefix, side),
                      "%s.%s.stderr.txt" % (prefix, side)):
                if os.path.exists(p):
                    f.write(open(p, errors="replace").read())
        paths = [path]
    missing = [p for p in paths if not os.path.exists(p)]
    if missing:
        return [("missing", " ".join(missing))]
    return run(idiom, arg, paths)


def tap(results):
    print("1..%d" % len(results))
    for i, (name, why) in enumerate(results, 1):
        print("%s %d - %s%s" % ("not ok" if why else "ok", i, name,
                                ": " + why if why else ""))
    return 0 if not any(why for _, why in results) else 1


def recorded(data, tmp):
    """Every idiom of every recorded set on perftest's outputs."""
    res = []
    for s in SETS:
        if not s.rec:
            continue
        for idiom, arg, sides in s.idioms:
            for side in sides:
                got = read(s, idiom, arg, os.path.join(data, s.rec), side,
                           False, tmp)
                res.append(("perftest %s %s: %s" % (s.name, side, idiom),
                            judge(idiom, got)))
    return res


def strict_json(path):
    """railperf's JSON is valid and no object holds a key twice."""
    def pairs(kv):
        keys = [k for k, _ in kv]
        dup = sorted(set(k for k in keys if keys.count(k) > 1))
        if dup:
            raise ValueError("keys twice in one object: %s" % dup)
        return dict(kv)
    try:
        json.load(open(path), object_pairs_hook=pairs)
    except (OSError, ValueError) as e:
        return str(e)
    return None


def timed(s, d, side):
    """The live pair's exit status and time against the set's bound."""
    p = os.path.join(d, "%s.%s" % (s.name, side))
    try:
        rc = open(p + ".rc").read().strip()
        ms = int(open(p + ".ms").read().strip())
    except (OSError, ValueError) as e:
        return "no exit status or time: %s" % e
    if rc != "0":
        return "exit status %s" % rc
    if s.limit and ms > s.limit * 1000:
        return "took %.1f s, more than %d s (-D plus 10 s)" % (ms / 1e3,
                                                              s.limit)
    return None


def check(d, tmp):
    """railperf's live outputs in @d, each idiom against perftest's."""
    res = []
    for s in SETS:
        for side in BOTH:
            res.append(("railperf %s %s: exit 0%s" % (
                s.name, side, " within %d s" % s.limit if s.limit else ""),
                timed(s, d, side)))
        for side in BOTH:
            got = read(s, "rule_lines", s.size, os.path.join(d, s.name),
                       side, s.merged, tmp)
            res.append(("railperf %s %s: its own lines (no '-', no size, "
                        "no error words)" % (s.name, side),
                        judge("rule_lines", got)))
        for idiom, arg, sides in s.idioms:
            for side in sides:
                ref = read(s, idiom, arg, os.path.join(DATA, s.rec), side,
                           False, tmp)
                got = read(s, idiom, arg, os.path.join(d, s.name), side,
                           s.merged, tmp)
                why = judge(idiom, ref)
                why = "perftest's recording fails it (%s)" % why if why \
                    else judge(idiom, got, ref)
                res.append(("railperf %s %s: %s" % (s.name, side, idiom),
                            why))
                if idiom == "json_keys" and not why:
                    res.append(("railperf %s %s: JSON valid, keys once per "
                                "object" % (s.name, side), strict_json(
                                    os.path.join(d, "%s.%s.json" % (
                                        s.name, side)))))
    return res


def main(argv):
    import tempfile
    if len(argv) >= 2 and argv[1] == "sets":
        for s in SETS:
            print("|".join([s.name, s.prog, s.live[0], s.live[1],
                            "merged" if s.merged else "split",
                            str(s.limit)]))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        if len(argv) >= 2 and argv[1] == "recorded":
            return tap(recorded(argv[2] if len(argv) > 2 else DATA, tmp))
        if len(argv) >= 3 and argv[1] == "check":
            return tap(check(argv[2], tmp))
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
