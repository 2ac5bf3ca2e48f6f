#!/bin/sh
# Description: conformance with ib_write_bw, flag set by flag set
# (tests/compat/lib.sh): default; -a -n 5; --report_gbits -D 2, each
# against perftest 6.06's recording of the same flags from this guest
# image (tests/data/perftest-6.06: write_bw-default, write_bw-a-n5,
# write_bw-gbits-D2; crec, no live perftest pair). Client and server
# output have perftest's shape (stdout, every line: railperf's own lines
# are on stderr), exit statuses agree, and the parser corpus (awk column
# picks, grep of the rows, a row regex, header fields) reads the same
# fields from both. Default flags: 64 KiB x 5000 with a positive average;
# --report_gbits -D 2: the peak 0.00 and iterations counted; in both the
# server's row is the client's. -a -n 5, railperf with --validate (this round's one
# rail_write_bw sweep): the client's 23 rows have the recording's sizes,
# 2 B .. 8 MiB (sizes above 64 KiB must work: perftest #394), and both
# sides say "validation passed" on stderr; the client's --out_json_file
# holds an array with every size. The other write flag sets are
# in t_compat_write_bw_opts and t_compat_write_bw_more.
. tests/e2e/lib.sh
. tests/compat/lib.sh

RP=$B/rail_write_bw

crec default bw write_bw-default $RP "" ""
# railperf's own: 64 KiB x 5000, a positive average, the server's row the
# client's (the row the server prints, as ib_write_bw's does)
crow=$(rows "$CTMP/default.rp.client")
check_bw_row "$crow"
set -- $crow
[ "$2" = 65536 ] && [ "$3" = 5000 ] || cfail "default: size/iters: $crow"
awk -v a="$5" 'BEGIN { exit !(a > 0) }' || cfail "default: average not positive: $5"
[ "$crow" = "$(rows "$CTMP/default.rp.server")" ] ||
	cfail "default: server row '$(rows "$CTMP/default.rp.server")' != client row '$crow'"
crec all bw write_bw-a-n5 $RP "-a -n 5 --validate" \
	"-a -n 5 --validate --out_json_file=$CTMP/all.json"
json_check "$CTMP/all.json" "[r['MsgSize'] for r in d['results']] == [2 ** i for i in range(1, 24)]"
for side in client server; do
	grep -q '^ railperf: validation passed' "$CTMP/all.rp.$side.err" ||
		cfail "all: the $side did not validate: $(cat "$CTMP/all.rp.$side.err")"
done
rows tests/data/perftest-6.06/write_bw-a-n5.client.txt | awk '{ print $2 }' >"$CTMP/all.pt.sizes"
rows "$CTMP/all.rp.client" | awk '{ print $2 }' >"$CTMP/all.rp.sizes"
[ "$(wc -l <"$CTMP/all.rp.sizes")" = 23 ] || cfail "all: want 23 rows"
diff "$CTMP/all.pt.sizes" "$CTMP/all.rp.sizes" || cfail "all: sizes differ from ib_write_bw's"
crec gbits_D2 bw write_bw-gbits-D2 $RP "--report_gbits -D 2" "--report_gbits -D 2"
# -D: the peak 0.00 (not measured, as perftest), iterations counted, the
# server's row the client's
crow=$(rows "$CTMP/gbits_D2.rp.client")
check_bw_row "$crow"
set -- $crow
[ "$4" = "0.00" ] || [ "$4" = "0.000000" ] || cfail "gbits_D2: peak '$4' with -D"
[ "$3" -gt 0 ] || cfail "gbits_D2: no iterations counted: $crow"
[ "$crow" = "$(rows "$CTMP/gbits_D2.rp.server")" ] || cfail "gbits_D2: server row differs"
compat_end
