#!/bin/sh
# Description: rail_multi_bw with one rail against ib_write_bw from the same
# guest (tests/compat/lib.sh): -n 200 and --output=bandwidth. The perftest
# block has ib_write_bw's shape (its per-rail lines come after it, as
# railperf lines), exit statuses agree, the parser corpus reads the same
# fields from both.
# A crec flag set compares with perftest's recording of the same flags from
# this guest image (tests/data/perftest-6.06); a cset one runs perftest live.
. tests/e2e/lib.sh
. tests/compat/lib.sh

command -v ib_write_bw >/dev/null || skip "no ib_write_bw (perftest)"
PT=ib_write_bw
RP=$B/rail_multi_bw

crec multi_n200 bw write_bw-n200 $RP "-n 200" "-n 200"
cset multi_out_bw number $PT $RP "--output=bandwidth -n 200" \
	"--output=bandwidth -n 200"
compat_end
