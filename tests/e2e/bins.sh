# shellcheck shell=sh
# tests/e2e/bins.sh - every binary the end-to-end tests start, by its
# exact name, so that none outlives its test (sourced; POSIX sh; a
# process name is at most 15 characters, as pgrep and pkill match it).
# tests/host/t_e2e_bins.sh holds RP_BINS to the tree's binaries and
# PT_BINS to every perftest binary the tests and tools name.
RP_BINS='rail_write_bw rail_read_bw rail_send_bw rail_multi_bw rail_cluster_bw
rail_read_lat rail_write_lat rail_send_lat rail_atomic_bw rail_atomic_lat
rail_info'
PT_BINS='ib_write_bw ib_read_bw ib_send_bw ib_write_lat ib_read_lat ib_send_lat
ib_atomic_bw ib_atomic_lat'

# bins_pattern LIST: the names of LIST as one pgrep / pkill -x
# pattern, "a|b|c".
bins_pattern() {
	# shellcheck disable=SC2086 # the list's words
	echo $1 | tr ' ' '|'
}

# kill_bins: SIGKILL every process of both lists (in a guest: nothing
# else of theirs runs there).
kill_bins() {
	pkill -9 -x "$(bins_pattern "$RP_BINS $PT_BINS")" 2>/dev/null
}
