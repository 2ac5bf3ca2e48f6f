# tests/compat/lib.sh - the perftest conformance suite's helpers (sourced
# by tests/e2e/t_compat_*.sh after tests/e2e/lib.sh; POSIX sh, in the
# Soft-RoCE guest, in the repository's root).
#
# A flag set runs perftest and railperf in turn, server and client on
# $DEV, with the same flags (perftest also gets -x 1: 6.06 picks another
# GID on rxe), then requires of the two outputs (tests/compat/shape.py
# check): one shape for client and server (header lines with their tabs,
# address lines, the table header byte for byte, the rows' column count
# and number formats), the same exit status, the same fields from every
# parser of tests/compat/parsers/ that fits, and with --out_json perftest
# 6.29's keys. Failures are counted in $CFAIL and the run goes on;
# compat_end exits 1 if there were any.
#
# sh has no local variables: each function's own start with its prefix.

C=tests/compat
CTMP=$TMP/compat
CPORT=${CPORT:-18900}
CFAIL=0
mkdir -p "$CTMP"

cfail() { echo "FAIL: $*"; CFAIL=$((CFAIL + 1)); }

# cpair OUT BIN SERVER_ARGS CLIENT_ARGS: a server and a client on $DEV and
# a fresh port; stdout in OUT.server / OUT.client, stderr in OUT.*.err,
# exit codes in $SRV_RC / $CLI_RC. The client may take $CTIMEOUT seconds
# (default 120), the server 30 more.
cpair() {
	cp_out=$1 cp_bin=$2 cp_s=$3 cp_c=$4
	CPORT=$((CPORT + 1))
	# shellcheck disable=SC2086
	$cp_bin -d "$DEV" -p "$CPORT" $cp_s >"$cp_out.server" \
		2>"$cp_out.server.err" &
	cp_spid=$!
	case " $cp_s " in
	*" -R "*) wait_cm_listen "$CPORT" 20 "$cp_spid" ;;
	*) wait_listen "$CPORT" 20 "$cp_spid" ;;
	esac
	# shellcheck disable=SC2086
	timeout "${CTIMEOUT:-120}" $cp_bin -d "$DEV" -p "$CPORT" $cp_c \
		"$SERVER_IP" >"$cp_out.client" 2>"$cp_out.client.err"
	CLI_RC=$?
	wait_pid "$cp_spid" 30
	SRV_RC=$?
}

# wait_cm_listen PORT SECONDS PID: perftest -R listens with rdma_cm only,
# no TCP socket: wait until an rdma_cm id listens on PORT.
wait_cm_listen() {
	wcl_i=0
	while [ $wcl_i -lt $(($2 * 10)) ] && kill -0 "$3" 2>/dev/null; do
		rdma resource show cm_id 2>/dev/null |
			grep -q "LISTEN.*:$1\( \|$\)" && return 0
		wcl_i=$((wcl_i + 1))
		sleep 0.1
	done
	return 1
}

# cj ARGS TAG: @J@ in ARGS becomes this tool's own file prefix (JSON).
cj() { echo "$1" | sed "s|@J@|$CTMP/$cs_name.$2|g"; }

# cset NAME KIND PT_BIN RP_BIN "SERVER_ARGS" "CLIENT_ARGS" [JSON_KIND]:
# one flag set. KIND: bw, lat, lat_dur (which parsers fit), number
# (--output on both sides), number_lat (--output=latency: the latency
# server prints nothing), fail-bw (a -w gate: both clients exit 1 with
# perftest's error line). JSON_KIND: the client wrote @J@.json (results
# bw, lat, lat_dur, or --output's bw_avg, msgRate_avg, avg_lat).
cset() {
	cs_name=$1 cs_kind=$2 cs_pt=$3 cs_rp=$4 cs_s=$5 cs_c=$6 cs_json=${7:-}
	# perftest's clock check fails now and then under TCG ("Correlation
	# coefficient r^2 < 0.9 ... Can't produce a report"), and its -b
	# report exchange is one read() that a short read fails
	# (ethernet_read_data: "Couldn't read reports"): try again.
	# ib_write_lat's server times with a CPU frequency it sometimes fails
	# to estimate, then prints inf and -nan where numbers go; that can
	# last for every try (seen: three of 2 minutes each), so the shape
	# check takes perftest's -nan / inf for a number instead (shape.py
	# perftest_nan; railperf's own must be numbers)
	for cs_try in 1 2 3; do
		cpair "$CTMP/$cs_name.pt" "$cs_pt" "-x 1 $(cj "$cs_s" pt.s)" \
			"-x 1 $(cj "$cs_c" pt)"
		grep -Eq "Can't produce a report|Couldn't read reports" \
			"$CTMP/$cs_name.pt.client.err" || break
		note "$cs_name: perftest could not time the run ($cs_try), again"
	done
	! grep -Eq '[[:space:]]-?(inf|nan)([[:space:]]|$)' \
		"$CTMP/$cs_name.pt.client" "$CTMP/$cs_name.pt.server" ||
		note "$cs_name: perftest printed inf or -nan (its clock estimate); compared as numbers"
	cs_pcli=$CLI_RC cs_psrv=$SRV_RC
	cpair "$CTMP/$cs_name.rp" "$cs_rp" "$(cj "$cs_s" rp.s)" "$(cj "$cs_c" rp)"
	note "$cs_name: exit perftest $cs_pcli/$cs_psrv, railperf $CLI_RC/$SRV_RC"
	[ "$cs_pcli/$cs_psrv" = "$CLI_RC/$SRV_RC" ] ||
		cfail "$cs_name: exit status (client/server) perftest" \
			"$cs_pcli/$cs_psrv, railperf $CLI_RC/$SRV_RC"
	if [ "$cs_kind" = fail-bw ]; then
		cgate "$cs_name"
		return
	fi
	[ "$cs_pcli" = 0 ] || {
		sed 's/^/    /' "$CTMP/$cs_name.pt.client.err"
		cfail "$cs_name: perftest failed here"; return; }
	python3 $C/shape.py check "$CTMP" "$cs_name" "$cs_kind" $cs_json ||
		cfail "$cs_name: see above"
}

# crec NAME KIND REC RP_BIN "SERVER_ARGS" "CLIENT_ARGS" [JSON_KIND]: a
# flag set whose perftest side is the recording
# tests/data/perftest-6.06/REC.{server,client}.txt (with .stderr.txt where perftest wrote any; every recorded
# process exited 0, see its README) instead of a live perftest pair: the
# same guest image, device and perftest, so the shapes compare as cset's
# do, for less guest time. railperf runs live with these flags (fewer
# iterations than the recording where the shape does not depend on them)
# and is checked as cset checks it (KIND: bw, lat, lat_dur; JSON_KIND:
# railperf's client wrote @J@.json, compared with REC.client.json).
# With RP_COMPAT_RECORD=1 (the tree's tests/data shared read-write with
# the guest: tools/scripts/record-perftest) a REC not yet recorded is
# recorded first (crecord).
crec() {
	cr_name=$1 cr_kind=$2 cr_rec=tests/data/perftest-6.06/$3
	cr_json=${7:-} cs_name=$1
	if [ -n "${RP_COMPAT_RECORD:-}" ] && [ ! -f "$cr_rec.client.txt" ]; then
		crecord "$1" "$3" "$5" "$6" || return
	fi
	for cr_side in client server; do
		cp "$cr_rec.$cr_side.txt" "$CTMP/$cr_name.pt.$cr_side" ||
			{ cfail "$cr_name: no recording $3"; return; }
		: >"$CTMP/$cr_name.pt.$cr_side.err"
		[ ! -f "$cr_rec.$cr_side.stderr.txt" ] ||
			cp "$cr_rec.$cr_side.stderr.txt" "$CTMP/$cr_name.pt.$cr_side.err"
	done
	[ -z "$cr_json" ] || cp "$cr_rec.client.json" "$CTMP/$cr_name.pt.json" ||
		{ cfail "$cr_name: no recording $cr_rec.client.json"; return; }
	cpair "$CTMP/$cr_name.rp" "$4" "$(cj "$5" rp.s)" "$(cj "$6" rp)"
	note "$cr_name: exit perftest 0/0 (recorded: $3), railperf $CLI_RC/$SRV_RC"
	[ "$CLI_RC/$SRV_RC" = 0/0 ] ||
		cfail "$cr_name: exit status (client/server) perftest 0/0" \
			"(recorded), railperf $CLI_RC/$SRV_RC"
	python3 $C/shape.py check "$CTMP" "$cr_name" "$cr_kind" $cr_json ||
		cfail "$cr_name: see above"
}

# crecord NAME REC "SERVER_ARGS" "CLIENT_ARGS": perftest's tool of REC
# (ib_ and REC up to its first '-') run live as cset runs it (-x 1, a
# clock failure tried again), its output written over REC's files; both
# sides must exit 0, or nothing is written.
crecord() {
	crr_rec=tests/data/perftest-6.06/$2 crr_out=$CTMP/$1.rec
	for crr_try in 1 2 3; do
		cpair "$crr_out" "ib_${2%%-*}" "-x 1 $3" "-x 1 $4"
		grep -Eq "Can't produce a report|Couldn't read reports" \
			"$crr_out.client.err" "$crr_out.server.err" || break
		note "$1: perftest could not time the run ($crr_try), again"
	done
	[ "$CLI_RC/$SRV_RC" = 0/0 ] || {
		cat "$crr_out.client.err" "$crr_out.server.err"
		cfail "$1: recording $2: perftest exited $CLI_RC/$SRV_RC"
		return 1
	}
	for crr_side in client server; do
		cp "$crr_out.$crr_side" "$crr_rec.$crr_side.txt" || return 1
		rm -f "$crr_rec.$crr_side.stderr.txt"
		[ ! -s "$crr_out.$crr_side.err" ] ||
			cp "$crr_out.$crr_side.err" "$crr_rec.$crr_side.stderr.txt"
	done
	note "$1: recorded $2"
}

# cgate NAME: both clients said perftest's -w line on stderr.
cgate() {
	for cg_t in pt rp; do
		grep -q '^Error: BW result is below bw limit$' \
			"$CTMP/$1.$cg_t.client.err" ||
			cfail "$1: $cg_t said: $(cat "$CTMP/$1.$cg_t.client.err")"
	done
}

compat_end() {
	[ "$CFAIL" = 0 ] || fail "$CFAIL conformance check(s) failed"
	note "every flag set has perftest's shape"
	exit 0
}
