# shellcheck shell=bash
# tests/jobpool.sh - run a command once per item, at most N at a time;
# sourced (bash) by tests/run and tests/tsan.
#
# jobpool N CMD ITEM...: "CMD ITEM" in the background for every ITEM in
# turn, never more than N of this shell's jobs running at once, and wait
# for them all. CMD keeps its own result (a file per item): the caller
# reports them afterwards in its own order, whatever order they ended in.
jobpool() {
	local n=$1 cmd=$2 item
	shift 2
	for item in "$@"; do
		while [ "$(jobs -rp | wc -l)" -ge "$n" ]; do wait -n; done
		"$cmd" "$item" &
	done
	wait
}
