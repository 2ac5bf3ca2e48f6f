# Helpers for the fault tests (t_fault_*.sh, t2_fault_*.sh); sourced after
# lib.sh. Each fault is asserted four ways: the exit code, the error text,
# the time taken (an upper bound, in ms) and that no process is left.

. tests/e2e/bins.sh
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

# no_leftovers WHAT: no railperf process may outlive a case (bins.sh's
# list, by exact name).
no_leftovers() {
	left=$(pgrep -l -x "$(bins_pattern "$RP_BINS")")
	[ -z "$left" ] || { pkill -9 -x "$(bins_pattern "$RP_BINS")"
		fail "$1: left behind: $(echo $left)"; }
}

# within WHAT MS BOUND: MS <= BOUND, and a note of the time.
within() {
	[ "$2" -le "$3" ] || fail "$1 took $2 ms (bound $3 ms)"
	note "$1: $2 ms"
}

# expect_fail WHAT PATTERN BOUND_MS CMD...: CMD exits 1 (not killed by the
# timeout, no crash, no sanitizer report), prints a line matching PATTERN
# (grep -E), within BOUND_MS.
expect_fail() {
	what=$1 pat=$2 bound=$3; shift 3
	t0=$(now_ms)
	timeout -k 2 60 "$@" >"$TMP/ef.out" 2>&1
	rc=$? el=$(( $(now_ms) - t0 ))
	[ $rc != 0 ] || fail "$what: '$*' succeeded"
	[ $rc != 124 ] && [ $rc != 137 ] || fail "$what: '$*' hung"
	no_sanitizer "$TMP/ef.out" "$what"
	[ $rc = 1 ] || fail "$what: '$*' exit $rc, want 1: $(cat "$TMP/ef.out")"
	grep -Eq -- "$pat" "$TMP/ef.out" ||
		fail "$what: '$*' said: $(cat "$TMP/ef.out") (want: $pat)"
	within "$what (exit $rc)" "$el" "$bound"
	no_leftovers "$what"
}

# no_sanitizer FILE WHAT: no ASan/UBSan/LSan report in FILE (sanitize-e2e).
no_sanitizer() {
	! grep -Eq "Sanitizer|runtime error:" "$1" ||
		{ sed 's/^/    | /' "$1"; fail "$2: sanitizer report"; }
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

# exits_nonzero WHAT RC: exit 1, the binaries' failure; not success, a
# timeout kill, a crash (128 + signal) or a leak report (LSan: 23).
exits_nonzero() {
	[ "$2" != 0 ] || fail "$1: exit 0"
	[ "$2" != 124 ] || fail "$1: still running at the bound, killed"
	[ "$2" = 1 ] || fail "$1: exit $2, want 1"
}

# has FILE PATTERN WHAT: FILE has a line matching PATTERN (grep -E), and
# no sanitizer report.
has() {
	grep -Eq -- "$2" "$1" || { sed 's/^/    | /' "$1"
		fail "$3: no line matching '$2' in $1"; }
	no_sanitizer "$1" "$3"
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

# rail_meet ROLE IP PORT SECONDS [WORD]: the two guests meet over one rail:
# b (ROLE b) listens on its address IP, a connects to it, each for SECONDS
# at most; b sends WORD (one line, may be empty), which a prints. Success
# proves the rail carries traffic both ways, and that neither guest leaves
# (and powers off) before the other has seen it.
rail_meet() {
	python3 - "$@" <<'PY'
import socket, sys, time
role, ip, port, secs = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
word = sys.argv[5] if len(sys.argv) > 5 else ""
end = time.time() + secs
if role == "b":
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind((ip, port))
    s.listen(1)
    s.settimeout(secs)
    try:
        c = s.accept()[0]
        c.sendall((word + "\n").encode())
        c.close()
    except OSError:
        sys.exit(1)
    sys.exit(0)
while time.time() < end:
    try:
        c = socket.create_connection((ip, port), timeout=1)
    except OSError:
        time.sleep(0.2)
        continue
    c.settimeout(max(end - time.time(), 1))
    got = b""
    try:
        while not got.endswith(b"\n"):
            more = c.recv(256)
            if not more:
                break
            got += more
    except OSError:
        sys.exit(1)
    if got.strip():
        print(got.decode().strip())
    sys.exit(0)
sys.exit(1)
PY
}
