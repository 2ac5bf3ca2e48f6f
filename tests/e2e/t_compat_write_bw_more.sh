#!/bin/sh
# Description: conformance with ib_write_bw from the same guest
# (tests/compat/lib.sh): -l 4 (Post List title, line and notice);
# --output=bandwidth with --out_json_file; --output=message_rate; -R
# (rdma_cm); -w above the link (both clients exit 1 with perftest's error
# line, both servers 0). Shapes, exit statuses, parser corpus and JSON keys
# as in t_compat_write_bw; --output: one "%lf" line on client and server.
# A crec flag set compares with perftest's recording of the same flags from
# this guest image (tests/data/perftest-6.06); a cset one runs perftest live.
. tests/e2e/lib.sh
. tests/compat/lib.sh

command -v ib_write_bw >/dev/null || skip "no ib_write_bw (perftest)"
PT=ib_write_bw
RP=$B/rail_write_bw

crec l4 bw write_bw-l4-n200 $RP "-l 4 -n 200" "-l 4 -n 200"
cset out_bw number $PT $RP "--output=bandwidth -n 200" \
	"--output=bandwidth -n 200 --out_json --out_json_file=@J@.json" bw_avg
cset out_mr number $PT $RP "--output=message_rate -n 200" \
	"--output=message_rate -n 200"
crec rdma_cm bw write_bw-R-n200 $RP "-R -n 200" "-R -n 200"
cset limit_bw fail-bw $PT $RP "-n 200 -w 100000" "-n 200 -w 100000"
compat_end
