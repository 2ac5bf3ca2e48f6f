#!/bin/sh
# Description: hugepages requested (--use_hugepages) but none reserved
# (nr_hugepages 0): each binary runs to the end on both sides, exit 0 with
# its result, and the " railperf: buffer:" line notes the fallback to base
# pages; no libhugetlbfs WARNING on either side's output (pair keeps
# stderr with stdout): with no free hugepages libhugetlbfs is not asked.
# The reservation is restored afterwards.
. tests/e2e/lib.sh
. tests/e2e/fault.sh

saved=$(cat /proc/sys/vm/nr_hugepages)
trap 'echo $saved >/proc/sys/vm/nr_hugepages' EXIT
echo 0 >/proc/sys/vm/nr_hugepages
[ "$(cat /proc/sys/vm/nr_hugepages)" = 0 ] || fail "could not release the hugepages"
FELL="^ railperf: buffer: .* in 4 KiB pages \(no free hugepages: fell back to base pages\)"

port=18870
for BIN in $BINS; do
	n=${BIN##*/} port=$((port + 1))
	pair hp $port -n 100 --use_hugepages -- -n 100 --use_hugepages
	[ $CLI_RC = 0 ] || { cat "$TMP/hp.client"; fail "$n client exit $CLI_RC"; }
	[ $SRV_RC = 0 ] || { cat "$TMP/hp.server"; fail "$n server exit $SRV_RC"; }
	[ -n "$(rows "$TMP/hp.client")" ] || fail "$n: no result row"
	has "$TMP/hp.client" "$FELL" "$n client"
	has "$TMP/hp.server" "$FELL" "$n server"
	for side in client server; do
		! grep -i 'libhugetlbfs' "$TMP/hp.$side" ||
			fail "$n $side: libhugetlbfs printed on a host without hugepages"
	done
	note "$n: $(grep '^ railperf: buffer:' "$TMP/hp.client" | head -n 1)"
	no_leftovers "$n, no hugepages"
done
echo $saved >/proc/sys/vm/nr_hugepages
trap - EXIT
[ "$(cat /proc/sys/vm/nr_hugepages)" = "$saved" ] || fail "nr_hugepages not restored to $saved"
