#!/usr/bin/env python3
"""Idiom: --out_json read line by line as text (an awk split on ':' and
',' of every line that holds the key, so that every occurrence in the file
counts): each of perftest's result keys of KIND must be there once, and
the BW_average (t_avg) lines give one number. Works on perftest 6.06's
invalid JSON and on valid JSON alike. FILE KIND (bw | lat)."""
import re
import sys

KEYS = {
    "bw": ["MsgSize", "n_iterations", "BW_peak", "BW_average", "MsgRate"],
    "lat": ["MsgSize", "n_iterations", "t_min", "t_max", "t_typical",
            "t_avg", "t_stdev", "percentile_99", "percentile_99.9"],
}
VALUE = {"bw": "BW_average", "lat": "t_avg"}


def parse(path, kind):
    lines = open(path, errors="replace").read().splitlines()
    out = []
    for key in KEYS[kind]:
        pat = re.compile(r'(^|[\s{,])"?%s"?\s*:' % re.escape(key))
        out.append(("count_" + key, str(sum(1 for l in lines
                                            if pat.search(l)))))
    got = [re.split("[:,]", l)[1].strip() for l in lines
           if VALUE[kind] in l and len(re.split("[:,]", l)) > 1]
    out.append(("value", " ".join(got)))
    return out


if __name__ == "__main__":
    for k, v in parse(sys.argv[1], sys.argv[2]):
        print("%s=%s" % (k, v))
