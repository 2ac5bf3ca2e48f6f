#!/usr/bin/env python3
"""Parser style: a Python regular expression over the whole output, one
match per row (as test harnesses written for perftest do). FILE KIND."""
import re
import sys

PATTERNS = {
    "bw": r"^\s*(\d+)\s+(\d+)\s+(\d+\.\d+)\s+(\d+\.\d+)\s+(\d+\.\d+)\s*$",
    "lat": r"^\s*(\d+)\s+(\d+)" + r"\s+(\d+\.\d+)" * 7 + r"\s*$",
    "lat_dur": r"^\s*(\d+)\s+(\d+)\s+(\d+\.\d+)\s+(\d+\.\d+)\s*$",
}
NAMES = {
    "bw": ["size", "iters", "bw_peak", "bw_avg", "msg_rate"],
    "lat": ["size", "iters", "t_min", "t_max", "t_typical", "t_avg",
            "t_stdev", "p99", "p99_9"],
    "lat_dur": ["size", "iters", "t_avg", "tps"],
}


def parse(path, kind):
    text = open(path, errors="replace").read()
    rows = re.findall(PATTERNS[kind], text, re.M)
    out = [("rows", str(len(rows)))]
    return out + list(zip(NAMES[kind], rows[-1] if rows else []))


if __name__ == "__main__":
    for k, v in parse(sys.argv[1], sys.argv[2]):
        print("%s=%s" % (k, v))
