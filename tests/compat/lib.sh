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

# crec NAME KIND RECORDING RP_BIN "SERVER_ARGS" "CLIENT_ARGS" [JSON_KIND]:
# one flag set against perftest's outputs recorded in this guest image
# (tests/data/perftest-6.06/RECORDING.{client,server}.txt and, with
# JSON_KIND, RECORDING.client.json; the README there says how): only
# railperf runs, both sides must exit 0 as perftest's did, then
# "shape.py check" as cset's (KIND and JSON_KIND alike).
crec() {
	cr_name=$1 cr_kind=$2 cr_rec=tests/data/perftest-6.06/$3 cr_rp=$4
	cr_s=$5 cr_c=$6 cr_json=${7:-} cs_name=$1
	for cr_side in client server; do
		cp "$cr_rec.$cr_side.txt" "$CTMP/$cr_name.pt.$cr_side" ||
			{ cfail "$cr_name: no recording $cr_rec.$cr_side.txt"; return; }
	done
	[ -z "$cr_json" ] || cp "$cr_rec.client.json" "$CTMP/$cr_name.pt.json" ||
		{ cfail "$cr_name: no recording $cr_rec.client.json"; return; }
	cpair "$CTMP/$cr_name.rp" "$cr_rp" "$(cj "$cr_s" rp.s)" "$(cj "$cr_c" rp)"
	note "$cr_name: exit railperf $CLI_RC/$SRV_RC (perftest's recording 0/0)"
	if [ "$CLI_RC/$SRV_RC" != 0/0 ]; then
		sed 's/^/    /' "$CTMP/$cr_name.rp.client.err" \
			"$CTMP/$cr_name.rp.server.err"
		cfail "$cr_name: exit status (client/server) $CLI_RC/$SRV_RC"
		return
	fi
	python3 $C/shape.py check "$CTMP" "$cr_name" "$cr_kind" $cr_json ||
		cfail "$cr_name: see above"
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
