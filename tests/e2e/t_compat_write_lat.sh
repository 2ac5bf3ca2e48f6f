#!/bin/sh
# Description: conformance with ib_write_lat from the same guest
# (tests/compat/lib.sh): default with --out_json_file; -s 4096; -D 2 (perftest's duration table) with --out_json_file; --output=latency
# (both sides print the number: both run the ping-pong); -R. Client and
# server output (both print the table) have perftest's shape, exit
# statuses agree, the parser corpus reads the same fields from both, and
# the JSON keys are perftest 6.29's and include every 6.06 key. -R
# against perftest's recording (tests/data/perftest-6.06). -a is
# t_compat_write_lat_all (minutes under TCG).
. tests/e2e/lib.sh
. tests/compat/lib.sh

command -v ib_write_lat >/dev/null || skip "no ib_write_lat (perftest)"
PT=ib_write_lat
RP=$B/rail_write_lat

cset default lat $PT $RP "" "--out_json --out_json_file=@J@.json" lat
# live: the recording of -s 4096 holds perftest's -nan t_stdev (its clock
# estimate under TCG), which the parser corpus cannot read
cset s4096 lat $PT $RP "-s 4096" "-s 4096"
cset D2 lat_dur $PT $RP "-D 2" "-D 2 --out_json --out_json_file=@J@.json" \
	lat_dur
cset out_lat number $PT $RP "--output=latency" "--output=latency"
crec rdma_cm lat write_lat-R $RP "-R" "-R"
compat_end
