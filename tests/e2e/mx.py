"""rail_cluster_bw's matrices as the e2e tests read them (imported by the
Python checks of t_cluster_bw_local.sh and t4_cluster_bw.sh, which run from
the repository's root: sys.path.insert(0, 'tests/e2e')).

The tests check railperf's printing against this module, so it restates
the rule independently of the C code (common/cluster/rp_clreport.c)."""


def gbps(g):
    """Gb/s as the matrices print it: at least 2 decimals and at least 3
    significant digits (up to 6 decimals), e.g. 12.34, 0.123, 0.00512."""
    dec, lim = 2, 1.0
    while dec < 6 and 0 < abs(g) < lim:
        dec, lim = dec + 1, lim / 10
    return '%.*f' % (dec, g)


def matrices(text):
    """Every matrix in the text output (a list of lines): {title: (hosts,
    rows)}, title as the line names it ("rail 0 (rxe0)", "rail 0 (rxe0) ->
    rail 1 (rxe1)"), rows[k] the k-th host's cells as printed, "-" on the
    diagonal. Asserts the table's shape: the header, one row per host in
    the header's order."""
    import re
    out = {}
    for i, line in enumerate(text):
        m = re.match(r' railperf: (rail .*): Gb/s, rows send, columns '
                     r'receive$', line)
        if not m:
            continue
        hdr = text[i + 1].split()
        assert hdr[0] == 'send\\recv' and len(hdr) > 2, hdr
        hosts = hdr[1:]
        rows = []
        for k, host in enumerate(hosts):
            row = text[i + 2 + k].split()
            assert row[0] == host and len(row) == len(hosts) + 1, row
            assert row[1 + k] == '-', row
            rows.append(row[1:])
        out[m.group(1)] = (hosts, rows)
    return out
