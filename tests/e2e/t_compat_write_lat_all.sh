#!/bin/sh
# Description: conformance of rail_write_lat -a -n 5 with ib_write_lat -a
# (tests/compat/lib.sh), both sides: 23 rows (2 B .. 8 MiB) of perftest's
# shape on client and server, the same exit statuses, the parser corpus
# reads the same fields; railperf's rows on both sides are each size
# 2 .. 8 MiB in order with 5 iterations and statistics in order (t_min
# <= t_typical <= p99 <= p99.9 <= t_max, tests/e2e/lib.sh lat_row). An
# 8 MiB ping-pong under TCG takes most of a second per exchange, so -n
# 5, perftest's least (the rows' shape is the point: 100 took 4-5
# minutes of CI, 20 a minute);
# perftest's side is its recording of -a -n 100 from this guest image
# (tests/data/perftest-6.06, crec): no live perftest pair, about half the
# test's time.
# Timeout: 900
. tests/e2e/lib.sh
. tests/compat/lib.sh

CTIMEOUT=400
# perftest: its recording of -a -n 100 (the shape does not depend on -n)
crec a_n5 lat write_lat-a-n100 "$B/rail_write_lat" "-a -n 5" "-a -n 5"
for f in "$CTMP"/a_n5.rp.client "$CTMP"/a_n5.rp.server; do
	rows "$f" >"$f.rows"
	[ "$(wc -l <"$f.rows")" = 23 ] || cfail "$f: want 23 rows"
	want=2
	while read -r line; do
		( lat_row "$line" "$want" 5 ) || cfail "$f: row of $want B"
		want=$((want * 2))
	done <"$f.rows"
done
compat_end
