#!/bin/sh
# Description: conformance with ib_write_lat -a -n 100 from the same guest
# (tests/compat/lib.sh), both sides: 23 rows (2 B .. 8 MiB) of perftest's
# shape on client and server, the same exit statuses, the parser corpus
# reads the same fields. An 8 MiB ping-pong under TCG takes most of a
# second per exchange, so each tool needs minutes: its own test and time.
# Timeout: 900
. tests/e2e/lib.sh
. tests/compat/lib.sh

command -v ib_write_lat >/dev/null || skip "no ib_write_lat (perftest)"
CTIMEOUT=400
cset a_n100 lat ib_write_lat "$B/rail_write_lat" "-a -n 100" "-a -n 100"
for f in "$CTMP"/a_n100.rp.client "$CTMP"/a_n100.rp.server; do
	[ "$(rows "$f" | wc -l)" = 23 ] || cfail "$f: want 23 rows"
done
compat_end
