#!/bin/sh
# Description: conformance with ib_write_bw -b from the same guest
# (tests/compat/lib.sh): -b default (with --out_json_file), -b -D 2,
# -b --report_gbits, -b --report-both. Both sides run and print the
# summed row ("RDMA_Write Bidirectional BW Test", TX depth on both);
# client and server output have perftest's shape (--report-both's Local
# and Remote blocks included), exit statuses agree, the parser corpus
# reads the same fields from both, and the JSON keys are perftest 6.29's.
. tests/e2e/lib.sh
. tests/compat/lib.sh

command -v ib_write_bw >/dev/null || skip "no ib_write_bw (perftest)"
PT=ib_write_bw
RP=$B/rail_write_bw

cset b_default bw $PT $RP "-b" "-b --out_json --out_json_file=@J@.json" bw
cset b_D2 bw $PT $RP "-b -D 2" "-b -D 2"
cset b_gbits bw $PT $RP "-b --report_gbits" "-b --report_gbits"
cset b_both bw $PT $RP "-b --report-both" "-b --report-both"
compat_end
