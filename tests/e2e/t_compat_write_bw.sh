#!/bin/sh
# Description: conformance with ib_write_bw from the same guest, flag set by
# flag set (tests/compat/lib.sh): default; -a -n 5; --report_gbits -D 2.
# Client and server output have perftest's shape, exit statuses agree, and
# the parser corpus (awk column picks, grep of the rows, a row regex,
# header fields) reads the same fields from both. The other write flag
# sets are in t_compat_write_bw_opts and t_compat_write_bw_more.
. tests/e2e/lib.sh
. tests/compat/lib.sh

command -v ib_write_bw >/dev/null || skip "no ib_write_bw (perftest)"
PT=ib_write_bw
RP=$B/rail_write_bw

cset default bw $PT $RP "" ""
cset all bw $PT $RP "-a -n 5" "-a -n 5"
cset gbits_D2 bw $PT $RP "--report_gbits -D 2" "--report_gbits -D 2"
compat_end
