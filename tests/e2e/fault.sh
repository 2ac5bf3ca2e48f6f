# Helpers for the fault tests (t_fault_*.sh, t2_fault_*.sh); sourced after
# lib.sh. Each fault is asserted four ways: the exit code, the error text,
# the time taken (an upper bound, in ms) and that no process is left.

W=$B/rail_write_bw
L=$B/rail_read_lat
M=$B/rail_multi_bw
BINS="$W $L $M"
# Bounds are for TCG guests, where a binary needs a second or more to
# start (several under ASan, with other guests on the host): generous, yet
# well below what they guard against, the 30 s stall limit and the 60 s
# default --timeout. The times seen are in each test's "# " lines.
FAST_MS=${FAST_MS:-15000}	# a refusal before any connection
PEER_MS=${PEER_MS:-10000}	# noticing a dead or departing peer

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# no_leftovers WHAT: no railperf process may outlive a case. (pgrep never
# matches a pattern over 15 characters against a process name.)
no_leftovers() {
	left=$(pgrep -l -x 'rail_[wrm].*')
	[ -z "$left" ] || { pkill -9 -x 'rail_[wrm].*'
		fail "$1: left behind: $(echo $left)"; }
}

# within WHAT MS BOUND: MS <= BOUND, and a note of the time.
within() {
	[ "$2" -le "$3" ] || fail "$1 took $2 ms (bound $3 ms)"
	note "$1: $2 ms"
}

# expect_fail WHAT PATTERN BOUND_MS CMD...: CMD exits non-zero (not killed by
# the timeout), prints a line matching PATTERN (grep -E), within BOUND_MS.
expect_fail() {
	what=$1 pat=$2 bound=$3; shift 3
	t0=$(now_ms)
	timeout -k 2 60 "$@" >"$TMP/ef.out" 2>&1
	rc=$? el=$(( $(now_ms) - t0 ))
	[ $rc != 0 ] || fail "$what: '$*' succeeded"
	[ $rc != 124 ] && [ $rc != 137 ] || fail "$what: '$*' hung"
	grep -Eq -- "$pat" "$TMP/ef.out" ||
		fail "$what: '$*' said: $(cat "$TMP/ef.out") (want: $pat)"
	within "$what (exit $rc)" "$el" "$bound"
	no_leftovers "$what"
}

# wait_file FILE PATTERN SECONDS PID: until FILE has a line matching PATTERN
# (0), PID exits or SECONDS pass (1).
wait_file() {
	i=0
	while [ $i -lt $(($3 * 10)) ]; do
		grep -Eq -- "$2" "$1" 2>/dev/null && return 0
		kill -0 "$4" 2>/dev/null || return 1
		i=$((i + 1))
		sleep 0.1
	done
	return 1
}

# wait_gone PID SECONDS: wait_pid, with the time it took in $GONE_MS.
wait_gone() {
	g0=$(now_ms)
	wait_pid "$1" "$2"
	GONE_RC=$?
	GONE_MS=$(( $(now_ms) - g0 ))
	return $GONE_RC
}

# exits_nonzero WHAT RC: a failure exit, not success, nor a timeout kill.
exits_nonzero() {
	[ "$2" != 0 ] || fail "$1: exit 0"
	[ "$2" != 124 ] || fail "$1: still running at the bound, killed"
}

# has FILE PATTERN WHAT: FILE has a line matching PATTERN (grep -E).
has() {
	grep -Eq -- "$2" "$1" || { sed 's/^/    | /' "$1"
		fail "$3: no line matching '$2' in $1"; }
}

# no_rows FILE WHAT: no result row (a partial run is not a result).
no_rows() {
	[ -z "$(rows "$1")" ] || fail "$2: a result row was printed: $(rows "$1")"
}

# gid_table DEV: the non-zero GID entries of DEV port 1, "index:gid" per
# line (one grep: a process per entry would take a minute under TCG).
gid_table() {
	grep -s -v '^0000:0000:0000:0000:0000:0000:0000:0000$' \
		/sys/class/infiniband/"$1"/ports/1/gids/* |
		sed 's|.*/gids/||' | sort -n
}

# link_up NETDEV DEV GIDS: bring NETDEV up again and wait (10 s at most)
# until DEV's port is ACTIVE with the GID table GIDS it had before.
link_up() {
	ip link set "$1" up
	i=0
	while [ $i -lt 100 ]; do
		grep -q ACTIVE /sys/class/infiniband/"$2"/ports/1/state &&
			[ "$(gid_table "$2")" = "$3" ] && return 0
		i=$((i + 1))
		sleep 0.1
	done
	fail "$2 not back to ACTIVE with its GIDs after $1 came up: $(gid_table "$2")"
}

# reachable IP SECONDS: IP answers a TCP connection attempt within SECONDS
# (a refusal is an answer; the guests have no ping).
reachable() {
	python3 - "$1" "$2" <<'PY'
import socket, sys, time
ip, end = sys.argv[1], time.time() + float(sys.argv[2])
while time.time() < end:
    s = socket.socket()
    s.settimeout(1)
    try:
        s.connect((ip, 9))
        sys.exit(0)
    except ConnectionRefusedError:
        sys.exit(0)
    except OSError:
        time.sleep(0.2)
    finally:
        s.close()
sys.exit(1)
PY
}
