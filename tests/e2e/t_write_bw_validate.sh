#!/bin/sh
# Description: --validate at 4 KiB and 1 MiB (two QPs at 1 MiB): the server
# finds the client's pattern in every QP's slice and zeros beyond it; both
# sides print "validation passed" and exit 0.
. tests/e2e/lib.sh

BIN=$B/rail_write_bw
for args in "-s 4096 -n 200" "-s 1M -n 20 -q 2"; do
	# shellcheck disable=SC2086
	pair v 18631 $args --validate -- $args --validate
	[ "$CLI_RC" = 0 ] || { cat "$TMP/v.client"; fail "client ($args) exit $CLI_RC"; }
	[ "$SRV_RC" = 0 ] || { cat "$TMP/v.server"; fail "server ($args) exit $SRV_RC"; }
	grep -q '^ railperf: validation passed' "$TMP/v.server" ||
		fail "server ($args) did not validate"
	grep -q '^ railperf: validation passed' "$TMP/v.client" ||
		fail "client ($args) got no verdict"
	check_bw_row "$(rows "$TMP/v.client")"
done
