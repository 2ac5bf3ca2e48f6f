#!/usr/bin/env python3
"""Parser style: read --out_json's results with a tolerant regular
expression (perftest before 24.01 writes unquoted keys and trailing commas,
so json.load fails on it); the last value of each key wins, as with -a.
FILE KIND."""
import re
import sys

KEYS = {
    "bw": ["MsgSize", "n_iterations", "BW_peak", "BW_average", "MsgRate"],
    "lat": ["MsgSize", "n_iterations", "t_min", "t_typical", "t_avg",
            "percentile_99", "percentile_99.9"],
    "lat_dur": ["MsgSize", "n_iterations", "t_avg", "tps_average"],
}


def parse(path, kind):
    text = open(path, errors="replace").read()
    out = []
    for key in KEYS[kind]:
        found = re.findall(r'"?%s"?\s*:\s*"?([0-9.]+)' % re.escape(key), text)
        out.append((key, found[-1] if found else ""))
    return out


if __name__ == "__main__":
    for k, v in parse(sys.argv[1], sys.argv[2]):
        print("%s=%s" % (k, v))
