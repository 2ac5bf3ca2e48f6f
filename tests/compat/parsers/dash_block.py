#!/usr/bin/env python3
"""Idiom: the text between the last two runs of '-' characters of the whole
output (stdout and stderr merged, as a health check that captures both
does), split on every run of one or more dashes; its first line is taken
as the table header and the next one as the values; the column is found by
its header name. Any '-' after the table's closing line moves the block.
FILE COLUMN (e.g. "BW average[Gb/sec]", "99% percentile[usec]")."""
import re
import sys

NAME = re.compile(r"#\w+|[^\s#][^\[\]]*?\[[^\]]*\]")


def parse(path, column):
    text = open(path, errors="replace").read()
    pieces = re.split("-+", text)
    if len(pieces) < 3:
        return [("column", column), ("value", "")]
    lines = [l for l in pieces[-2].splitlines() if l.strip()]
    names = NAME.findall(lines[0]) if lines else []
    values = lines[1].split() if len(lines) > 1 else []
    value = ""
    if column in names and names.index(column) < len(values):
        value = values[names.index(column)]
    return [("column", column), ("value", value)]


if __name__ == "__main__":
    for k, v in parse(sys.argv[1], sys.argv[2]):
        print("%s=%s" % (k, v))
