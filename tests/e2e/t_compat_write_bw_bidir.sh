#!/bin/sh
# Description: conformance with ib_write_bw -b from the same guest
# (tests/compat/lib.sh): -b default (with --out_json_file), -b -D 2,
# -b --report_gbits, -b --report-both. Both sides run and print the
# summed row ("RDMA_Write Bidirectional BW Test", TX depth on both);
# client and server output have perftest's shape (--report-both's Local
# and Remote blocks included), exit statuses agree, the parser corpus
# reads the same fields from both, and the JSON keys are perftest 6.29's.
# The default set runs perftest's 5000 iterations; the flag sets, whose
# point is the output's shape, 200 (about 10 s less each per tool under
# TCG), against perftest's recordings of the same flags at its default
# iterations (tests/data/perftest-6.06, crec: no live perftest pair).
. tests/e2e/lib.sh
. tests/compat/lib.sh

command -v ib_write_bw >/dev/null || skip "no ib_write_bw (perftest)"
PT=ib_write_bw
RP=$B/rail_write_bw

cset b_default bw $PT $RP "-b" "-b --out_json --out_json_file=@J@.json" bw
# perftest recorded (write_bw-b-*: its default 5000 iterations; the shape
# does not depend on -n)
crec b_D2 bw write_bw-b-D2 $RP "-b -D 2" "-b -D 2"
crec b_gbits bw write_bw-b-gbits $RP "-b --report_gbits -n 200" \
	"-b --report_gbits -n 200"
crec b_both bw write_bw-b-both $RP "-b --report-both -n 200" \
	"-b --report-both -n 200"
compat_end
