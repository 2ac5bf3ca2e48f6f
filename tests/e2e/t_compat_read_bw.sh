#!/bin/sh
# Description: conformance with ib_read_bw from the same guest, flag set by
# flag set (tests/compat/lib.sh): default with --out_json_file; -a -n 5;
# --report_gbits -D 2; -b; --output=bandwidth with --out_json_file (-a -n 5
# against perftest's recording, tests/data/perftest-6.06). Client and server output
# have perftest's shape (the extra separator of a device perftest does not
# know, "Outstand reads", OUT in the address lines), exit statuses agree,
# the parser corpus reads the same fields from both, and the JSON keys are
# perftest 6.29's.
# A crec flag set compares with perftest's recording of the same flags from
# this guest image (tests/data/perftest-6.06); a cset one runs perftest live.
. tests/e2e/lib.sh
. tests/compat/lib.sh

command -v ib_read_bw >/dev/null || skip "no ib_read_bw (perftest)"
PT=ib_read_bw
RP=$B/rail_read_bw

cset default bw $PT $RP "" "--out_json --out_json_file=@J@.json" bw
crec all bw read_bw-a-n5 $RP "-a -n 5" "-a -n 5"
crec gbits_D2 bw read_bw-gbits-D2 $RP "--report_gbits -D 2" "--report_gbits -D 2"
crec bidir bw read_bw-b-n200 $RP "-b -n 200" "-b -n 200"
cset out_bw number $PT $RP "--output=bandwidth -n 200" \
	"--output=bandwidth -n 200 --out_json --out_json_file=@J@.json" bw_avg
compat_end
