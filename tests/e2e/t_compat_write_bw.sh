#!/bin/sh
# Description: conformance with ib_write_bw, flag set by flag set
# (tests/compat/lib.sh): default; -a -n 5; --report_gbits -D 2, each
# against perftest 6.06's recording of the same flags from this guest
# image (tests/data/perftest-6.06: write_bw-default, write_bw-a-n5,
# write_bw-gbits-D2; crec, no live perftest pair). Client and server
# output have perftest's shape (stdout, every line: railperf's own lines
# are on stderr), exit statuses agree, and the parser corpus (awk column
# picks, grep of the rows, a row regex, header fields) reads the same
# fields from both. The other write flag sets are in
# t_compat_write_bw_opts and t_compat_write_bw_more.
. tests/e2e/lib.sh
. tests/compat/lib.sh

RP=$B/rail_write_bw

crec default bw write_bw-default $RP "" ""
crec all bw write_bw-a-n5 $RP "-a -n 5" "-a -n 5"
crec gbits_D2 bw write_bw-gbits-D2 $RP "--report_gbits -D 2" "--report_gbits -D 2"
compat_end
