#!/bin/sh
# Description: conformance with ib_write_bw from the same guest
# (tests/compat/lib.sh): -s 4096 -n 200 with --out_json_file; -q 2; -Q 10
# (perftest's CQ moderation warning first); -t 64; -m 512. Shapes, exit
# statuses and the parser corpus as in t_compat_write_bw; the JSON keys are
# perftest 6.29's, include every 6.06 key, and a tolerant reader gets the
# same results from both files.
# A crec flag set compares with perftest's recording of the same flags from
# this guest image (tests/data/perftest-6.06); a cset one runs perftest live.
. tests/e2e/lib.sh
. tests/compat/lib.sh

command -v ib_write_bw >/dev/null || skip "no ib_write_bw (perftest)"
PT=ib_write_bw
RP=$B/rail_write_bw

cset s4096_json bw $PT $RP "-s 4096 -n 200" \
	"-s 4096 -n 200 --out_json --out_json_file=@J@.json" bw
crec q2 bw write_bw-q2-n200 $RP "-q 2 -n 200" "-q 2 -n 200"
crec Q10 bw write_bw-Q10-n200 $RP "-Q 10 -n 200" "-Q 10 -n 200"
crec t64 bw write_bw-t64-n200 $RP "-t 64 -n 200" "-t 64 -n 200"
crec m512 bw write_bw-m512-n200 $RP "-m 512 -n 200" "-m 512 -n 200"
compat_end
