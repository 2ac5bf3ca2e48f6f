#!/bin/sh
# Description: conformance with ib_read_lat from the same guest
# (tests/compat/lib.sh): default with --out_json_file; -s 4096; -D 2
# (perftest's duration table) with --out_json_file; --output=latency; -R.
# Client and server output have perftest's shape, exit statuses agree, the
# parser corpus reads the same fields from both, and the JSON keys are
# perftest 6.29's and include every 6.06 key.
# A crec flag set compares with perftest's recording of the same flags from
# this guest image (tests/data/perftest-6.06); a cset one runs perftest live.
. tests/e2e/lib.sh
. tests/compat/lib.sh

command -v ib_read_lat >/dev/null || skip "no ib_read_lat (perftest)"
PT=ib_read_lat
RP=$B/rail_read_lat

cset default lat $PT $RP "" "--out_json --out_json_file=@J@.json" lat
crec s4096 lat read_lat-s4096 $RP "-s 4096" "-s 4096"
cset D2 lat_dur $PT $RP "-D 2" "-D 2 --out_json --out_json_file=@J@.json" \
	lat_dur
cset out_lat number_lat $PT $RP "--output=latency" "--output=latency"
crec rdma_cm lat read_lat-R $RP "-R" "-R"
compat_end
