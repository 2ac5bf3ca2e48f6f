# Shared helpers for end-to-end tests (sourced; POSIX sh). They run inside a
# Soft-RoCE guest from tools/scripts/softroce, in the repository's root directory.

B=${B:-build}
DEV=${DEV:-rxe1}
SERVER_IP=${SERVER_IP:-10.0.2.1}
TMP=${TMP:-/tmp}

fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "SKIP: $*"; exit 77; }
note() { echo "# $*"; }
# skip_part PART REASON: one part of a test (a perftest comparison beside
# railperf's checks) could not run; the test goes on and, if it passes,
# suite.sh reports the part as its own "RESULT SKIP test/PART" line.
skip_part() { echo "SKIP-PART: $1: $2"; }

# bg OUT CMD...: start CMD in the background, stdout+stderr to OUT; the
# pid is left in $BG_PID.
bg() {
	out=$1; shift
	"$@" >"$out" 2>&1 &
	BG_PID=$!
}

# wait_pid PID SECONDS: wait for PID at most SECONDS; its exit status, or
# 124 after killing it when it overstays.
wait_pid() {
	i=0
	while kill -0 "$1" 2>/dev/null; do
		i=$((i + 1))
		if [ "$i" -gt $(($2 * 10)) ]; then
			kill -9 "$1" 2>/dev/null; wait "$1" 2>/dev/null
			return 124
		fi
		sleep 0.1
	done
	wait "$1"
}

# wait_listen PORT SECONDS PID: until a TCP socket listens on PORT (perftest's
# client does not retry), PID exits, or SECONDS pass.
wait_listen() {
	i=0
	while [ $i -lt $(($2 * 10)) ] && kill -0 "$3" 2>/dev/null; do
		ss -Hltn "sport = :$1" 2>/dev/null | grep -q . && return 0
		i=$((i + 1))
		sleep 0.1
	done
	return 1
}

# pair NAME PORT SERVER_ARGS -- CLIENT_ARGS: run BIN=$BIN server and client on
# $DEV; outputs in $TMP/NAME.server and $TMP/NAME.client; exit codes in
# $SRV_RC and $CLI_RC.
pair() {
	name=$1 port=$2; shift 2
	sargs="" cargs="" side=s
	for a in "$@"; do
		if [ "$a" = "--" ]; then side=c; continue; fi
		if [ $side = s ]; then sargs="$sargs $a"; else cargs="$cargs $a"; fi
	done
	# shellcheck disable=SC2086
	bg "$TMP/$name.server" $BIN ${DEV:+-d "$DEV"} -p "$port" $sargs
	spid=$BG_PID
	wait_listen "$port" 20 "$spid"
	# shellcheck disable=SC2086
	timeout 200 $BIN ${DEV:+-d "$DEV"} -p "$port" $cargs "$SERVER_IP" >"$TMP/$name.client" 2>&1
	CLI_RC=$?
	wait_pid "$spid" 30
	SRV_RC=$?
}

# rows FILE: result rows (lines after a "#bytes" table header that start
# with a number), as "NF field1 field2 ..." - the way scripts parse them.
rows() {
	awk '/^ #bytes/ { t = 1; next } t && /^ *[0-9]/ { print NF, $0 }' "$1"
}

# header_keys FILE: the perftest header block with values removed:
# "Dual-port:Device:" etc., one line per header line, tabs kept as \t.
header_keys() {
	awk '/^-+$/ { n++; next } n == 1' "$1" |
		sed -e 's/: [^\t]*/:/g' -e 's/\t/\\t/g'
}

# table_header FILE: the table header line, exactly.
table_header() { grep '^ #bytes' "$1" | head -n 1; }

# is_number S: a plain decimal number (as scripts expect).
is_number() { echo "$1" | grep -Eq '^[0-9]+(\.[0-9]+)?$'; }

# check_bw_row "NF size iters peak avg rate": five numeric fields.
check_bw_row() {
	set -- $1
	[ "$1" = 5 ] || fail "row has $1 fields, want 5: $*"
	shift
	for f in "$@"; do is_number "$f" || fail "field '$f' is not a number"; done
}

# json_check FILE PYTHON-EXPR: FILE parses as JSON and EXPR (over `d`, the
# document) is true; prints the expression on failure.
json_check() {
	python3 - "$1" "$2" <<'PY' || fail "JSON check failed on $1: $2"
import json, sys
d = json.load(open(sys.argv[1]))
if not eval(sys.argv[2]):
    print(json.dumps(d, indent=1)[:2000])
    sys.exit(1)
PY
}

# lat_row "NF size iters min max typ avg stdev p99 p999" [SIZE ITERS]: a
# row as rows() gives it (NF = 9)
lat_row() {
	set -- $1 "${2:-}" "${3:-}"
	[ "$1" = 9 ] || fail "row has $1 fields, want 9: $*"
	lr_row="$2 $3 $4 $5 $6 $7 $8 $9 ${10}"
	for f in $lr_row; do is_number "$f" || fail "field '$f' is not a number: $lr_row"; done
	[ -z "${11}" ] || [ "$2" = "${11}" ] || fail "size $2, want ${11}: $lr_row"
	[ -z "${12}" ] || [ "$3" = "${12}" ] || fail "iterations $3, want ${12}: $lr_row"
	echo "$lr_row" | awk '{ min = $3; max = $4; typ = $5; avg = $6; p99 = $8; p999 = $9
		exit !(typ > 0 && min <= typ && typ <= p99 && p99 <= p999 &&
		       p999 <= max && min <= avg && avg <= max) }' ||
		fail "statistics out of order (min max typ avg stdev p99 p99.9): $lr_row"
}

# rxe_delta BEFORE AFTER OUT: per device "dev sent received", the packets
# between two rxe_counters files, into OUT; noted.
rxe_delta() {
	join "$1" "$2" | awk '{ print $1, $4 - $2, $5 - $3 }' >"$3"
	note "packets (dev sent received): $(tr '\n' ';' <"$3")"
}

# bd_validated FILE WHAT: FILE, a -b run's output (railperf's lines are on
# its stderr), says that both directions' messages were validated, every
# byte of them; WHAT names the run.
bd_validated() {
	for bd_dir in "received here" "received by the peer"; do
		grep -q "^ railperf: bidirectional validation of the bytes $bd_dir passed: every byte of the message on each of [0-9]* QP(s)\$" "$1" ||
			{ cat "$1"; fail "$2: no '$bd_dir' validation"; }
	done
}

# rail_msgs_sum FILE: the messages of FILE's per-rail railperf lines, summed.
rail_msgs_sum() {
	sed -n 's/^ railperf: rail [0-9]*: .* \([0-9]*\) messages,.*/\1/p' "$1" |
		awk '{ s += $1 } END { print s }'
}

# rxe_counters OUT: "dev sent rcvd" for this guest's rxe0 and rxe1, from
# their ports' hw_counters (sent_pkts, rcvd_pkts)
rxe_counters() {
	for rc_d in rxe0 rxe1; do
		rc_h=/sys/class/infiniband/$rc_d/ports/1/hw_counters
		echo "$rc_d $(cat $rc_h/sent_pkts) $(cat $rc_h/rcvd_pkts)"
	done >"$1"
}

# cable RAIL off|on: pull (or put back) this guest's cable of rail RAIL
# (0 or 1) through the test bed (tools/scripts/softroce: qemu's set_link
# on the rail's netdev, which moves the carrier counters as a real cable
# does and "ip link set down" does not), and wait for the host's answer
# (10 s); fails the test on an error.
cable() {
	[ -n "${SOFTROCE_CABLE:-}" ] && [ -d "$SOFTROCE_CABLE" ] ||
		fail "cable: no \$SOFTROCE_CABLE directory (not in a softroce guest?)"
	cable_n=$((${cable_n:-0} + 1))
	cable_id=$$.$cable_n
	echo "$1 $2" >"$SOFTROCE_CABLE/.req.$cable_id" &&
		mv "$SOFTROCE_CABLE/.req.$cable_id" "$SOFTROCE_CABLE/req.$cable_id" ||
		fail "cable: cannot write $SOFTROCE_CABLE/req.$cable_id"
	i=0
	until [ -e "$SOFTROCE_CABLE/done.$cable_id" ]; do
		i=$((i + 1))
		[ $i -le 100 ] || fail "cable $1 $2: no answer from the test bed in 10 s"
		sleep 0.1
	done
	read -r cable_ans <"$SOFTROCE_CABLE/done.$cable_id"
	rm -f "$SOFTROCE_CABLE/done.$cable_id"
	[ "$cable_ans" = ok ] || fail "cable $1 $2: $cable_ans"
}

# carrier NETDEV COUNTER: its class/net counter (carrier_up_count, ...).
carrier() { cat "/sys/class/net/$1/$2"; }

# wait_carrier NETDEV 0|1 SECONDS: until its carrier reads so.
wait_carrier() {
	i=0
	until [ "$(cat "/sys/class/net/$1/carrier" 2>/dev/null)" = "$2" ]; do
		i=$((i + 1))
		[ $i -le $(($3 * 10)) ] || return 1
		sleep 0.1
	done
}
