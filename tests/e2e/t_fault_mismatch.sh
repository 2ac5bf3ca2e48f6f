#!/bin/sh
# Description: the mismatches t_write_bw_mismatch does not cover: another
# test on each side (rail_write_bw server, rail_read_lat client) and
# another rail count (rail_multi_bw on two rails against one). Both sides
# exit 1 within a bound with "parameter mismatch" naming the field; no
# process is left.
. tests/e2e/lib.sh
. tests/e2e/fault.sh

# mismatch WHAT FIELD SERVER... -- CLIENT...: both sides fail naming FIELD.
mismatch() {
	what=$1 field=$2; shift 2
	sargs="" cargs="" side=s
	for a in "$@"; do
		if [ "$a" = "--" ]; then side=c; continue; fi
		if [ $side = s ]; then sargs="$sargs $a"; else cargs="$cargs $a"; fi
	done
	# shellcheck disable=SC2086
	bg "$TMP/mm.server" $sargs
	spid=$BG_PID
	t0=$(now_ms)
	# shellcheck disable=SC2086
	timeout 60 $cargs >"$TMP/mm.client" 2>&1
	crc=$?
	wait_pid $spid 30
	src=$?
	el=$(( $(now_ms) - t0 ))
	exits_nonzero "$what: client" $crc
	exits_nonzero "$what: server" $src
	has "$TMP/mm.client" "parameter mismatch with .*: $field" "$what: client"
	has "$TMP/mm.server" "parameter mismatch with .*: $field" "$what: server"
	within "$what: both sides gone" $el $FAST_MS
	no_leftovers "$what"
}

mismatch "another test" \
	"test: local rail_(write_bw|read_lat), remote rail_(read_lat|write_bw)" \
	$W -d "$DEV" -p 18861 -- $L -d "$DEV" -p 18861 "$SERVER_IP"
mismatch "another rail count" "rail count: local [12], remote [21]" \
	$M -d rxe0,rxe1 -p 18862 -- $M -d rxe1 -p 18862 "$SERVER_IP"
