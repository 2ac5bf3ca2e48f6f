#!/usr/bin/env bash
# Description: rail_cluster_bw's results files on the host (no RDMA device
# needed: each case ends before any rail is looked for), two local Open
# MPI ranks. A job that ends before its first round's results (rank 0's
# receive of the versions fails: tests/shim/shim_mpi_irecv.c) leaves the
# --csv and --out_json_file already there as they were, byte for byte,
# with no temporary file beside them, and says so in one line; a --csv in
# a directory that does not exist and an --out_json_file that is a
# symbolic link to a file are refused by rank 0 before the first round,
# with exactly one line from railperf, exit 1, the link and its target
# left as they were. Names are data: each rank in a UTS namespace of its
# own whose host name holds ESC, a comma and a quote, and a -d device
# name with ESC, the job runs (every cell fails: no device here) and
# neither its output nor its CSV or JSON holds an ESC byte (shown '?'),
# the CSV parses to 13 columns a row with the names whole, its quote
# doubled.
# Skipped without the binary (built without MPI) or mpirun. TAP on stdout.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
B=${B:-build}
SHIM=$PWD/$B/tests/shim_mpi_irecv.so
. tests/host/lib.sh
mpi_start
mkdir "$tmp/out"

# job ENV0 -- ARGS: rank 0 under env ENV0 (a word, or "-"), both ranks
# with ARGS; output in $tmp/job, exit status in $rc
job() {
	local e0=$1
	shift 2
	[ "$e0" = - ] && e0=RP_NONE=1
	# (under ASan, make sanitize: the shim is preloaded before its runtime)
	mpi_local -np 1 env "$e0" LD_PRELOAD="${PRELOAD:-}" \
		ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0" \
		"$BIN" "$@" : \
		-np 1 "$BIN" "$@" >"$tmp/job" 2>&1
	rc=$?
}

earlier() {
	printf 'sender,receiver\nearlier,run\n' >"$tmp/out/m.csv"
	printf '{"earlier": true}\n' >"$tmp/out/m.json"
}
kept() {
	[ "$(cat "$tmp/out/m.csv")" = "$(printf 'sender,receiver\nearlier,run')" ] &&
		[ "$(cat "$tmp/out/m.json")" = '{"earlier": true}' ] &&
		[ "$(ls -A "$tmp/out" | tr '\n' ' ')" = "m.csv m.json " ]
}
args=(-d rxe0 -D 1 --timeout 3 --csv "$tmp/out/m.csv" --out_json_file "$tmp/out/m.json")

earlier
PRELOAD=$SHIM job RP_SHIM_IRECV_FAIL=2 -- "${args[@]}"
PRELOAD=
want="rail_cluster_bw: an MPI exchange failed: ending the job before its first round's results; no cell measured, no results file written"
[ "$rc" != 0 ] && grep -qx "$want" "$tmp/job" &&
	grep -q '^rail_cluster_bw: MPI: comparing versions and options: ' "$tmp/job"
tap $((! $?)) "fails before round 1: exit $rc, the line" "want: $want" \
	"$(sed 's/^/  /' "$tmp/job")"
kept
tap $((! $?)) "fails before round 1: the earlier CSV and JSON kept" \
	"files: $(ls -A "$tmp/out" | tr '\n' ' ')" "CSV: $(cat "$tmp/out/m.csv")" \
	"JSON: $(cat "$tmp/out/m.json")"

# refused NAME WANT ARGS...: exit 1, WANT the one railperf line, no round
refused() {
	local name=$1 want=$2 got lines
	shift 2
	job - -- "$@"
	got=$(grep '^rail_cluster_bw: ' "$tmp/job")
	lines=$(grep -c '^rail_cluster_bw: ' "$tmp/job")
	[ "$rc" = 1 ] && [ "$lines" = 1 ] && [ "$got" = "rail_cluster_bw: $want" ] &&
		! grep -q 'round 1' "$tmp/job"
	tap $((! $?)) "$name" "exit $rc, $lines lines; want: $want" \
		"$(sed 's/^/  /' "$tmp/job")"
}
earlier
refused "--csv in a directory that does not exist" \
	"invalid --csv value '$tmp/no/m.csv': cannot write it (No such file or directory); give a file in a writable directory" \
	-d rxe0 -D 1 --timeout 3 --csv "$tmp/no/m.csv" --out_json_file "$tmp/out/m.json"
kept
tap $((! $?)) "--csv refused: the earlier JSON kept"
echo precious >"$tmp/victim"
ln -s "$tmp/victim" "$tmp/link.json"
refused "--out_json_file a symlink to a file" \
	"invalid --out_json_file value '$tmp/link.json': a symbolic link, not to a character device or a FIFO: railperf neither writes through a link into a file nor replaces the link; give the file's own path" \
	-d rxe0 -D 1 --timeout 3 --out_json_file "$tmp/link.json"
[ "$(readlink "$tmp/link.json")" = "$tmp/victim" ] && [ "$(cat "$tmp/victim")" = precious ]
tap $((! $?)) "--out_json_file refused: the link and its target kept"
# A hostile host name (root may set any bytes) and device name.
evil_host=$'h\e[31mX,"y' evil_dev=$'r\e[1mx'
cat >"$tmp/uts.py" <<'PY'
import ctypes, os, sys
name = os.environ["EVIL_HOST"].encode()
if ctypes.CDLL(None).sethostname(name, len(name)):
    sys.exit("sethostname: %s" % os.strerror(ctypes.get_errno()))
os.execvp(sys.argv[1], sys.argv[1:])
PY
if ! EVIL_HOST=x unshare -u python3 "$tmp/uts.py" true 2>/dev/null; then
	tap 1 "# SKIP no UTS namespace here (unshare -u needs root)"
else
	EVIL_HOST=$evil_host mpi_local -x EVIL_HOST -np 2 \
		unshare -u python3 "$tmp/uts.py" "$BIN" -d "$evil_dev" -D 1 --timeout 3 --csv "$tmp/out/e.csv" \
		--out_json_file "$tmp/out/e.json" >"$tmp/job" 2>&1
	rc=$?
	esc=$(cat "$tmp/job" "$tmp/out/e.csv" "$tmp/out/e.json" 2>&1 | grep -c $'\e')
	[ "$rc" = 1 ] && [ "$esc" = 0 ] &&
		grep -qF ' railperf: rail 0 (r?[1mx): Gb/s' "$tmp/job"
	tap $((! $?)) "hostile names: printed with '?', no ESC anywhere" \
		"exit $rc, $esc lines with ESC" "$(cat -v "$tmp/job" | sed 's/^/  /')"
	python3 - "$tmp/out/e.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
names = {'h?[31mX,"y/0', 'h?[31mX,"y/1'}
ok = (len(rows) == 3 and all(len(r) == 13 for r in rows) and
      {r[0] for r in rows[1:]} == names and {r[1] for r in rows[1:]} == names
      and all(r[4] == r[5] == "r?[1mx" for r in rows[1:]))
sys.exit(0 if ok else 1)
PY
	tap $((! $?)) "hostile names: the CSV's columns hold" \
		"$(cat -v "$tmp/out/e.csv" | sed 's/^/  /')"
fi
tap_end
