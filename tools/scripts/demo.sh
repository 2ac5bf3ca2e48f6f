#!/bin/sh
# Runs inside a Soft-RoCE guest (make demo): rail_write_bw and perftest's
# ib_write_bw with the same flags, server and client on rxe1, alternately,
# three times each; the first run of each in full, then each tool's BW
# average over its runs: median and range. The figures are an emulator's
# (qemu TCG): they compare the two tools here, not what a NIC can do.
# Neither tool is given -x: the demo shows the GID each chose, railperf's
# from its own line and rail_info, perftest's from its own header; every
# line about perftest is read from perftest's output, none written here.
cd "$(dirname "$0")/../.." || exit 1
B=${B:-build}
FLAGS=${DEMO_FLAGS:--s 65536 -D 2}	# the same for both
RUNS=${DEMO_RUNS:-3}
PORT=18515	# both tools' default control port
OUT=${TMPDIR:-/tmp}/demo.$$
mkdir -p "$OUT" || exit 1

# alive PID: the process runs (an ended one not yet waited for is a
# zombie, which kill -0 still finds)
alive() {
	st=$(awk '{ print $3 }' "/proc/$1/stat" 2>/dev/null)
	[ -n "$st" ] && [ "$st" != Z ]
}

# listening: until a server listens on PORT (perftest's client does not
# retry its connect), the server $1 has ended, or 20 s have passed
listening() {
	w=0 # (sh has no local variables: not i, the runs' counter)
	while [ $w -lt 200 ] && alive "$1"; do
		ss -Hltn "sport = :$PORT" 2>/dev/null | grep . >/dev/null && return 0
		w=$((w + 1))
		sleep 0.1
	done
}

# run NAME BIN N: server and client of BIN with FLAGS on rxe1; the
# client's output in $OUT/NAME.N, its BW average (MB/sec, the row's 4th
# field) appended to $OUT/NAME.bw ("-" when the run did not give one)
run() {
	name=$1 bin=$2 n=$3
	# shellcheck disable=SC2086
	$bin -d rxe1 $FLAGS >"$OUT/$name.server.$n" 2>&1 &
	srv=$!
	listening $srv
	# shellcheck disable=SC2086
	timeout 300 $bin -d rxe1 $FLAGS 10.0.2.1 >"$OUT/$name.$n" 2>&1
	rc=$?
	wait $srv
	bw=$(awk '/^ *#bytes/ { t = 1; next } t && /^ *[0-9]/ { print $4; exit }' \
		"$OUT/$name.$n")
	[ $rc = 0 ] && [ -n "$bw" ] || bw=-
	echo "$bw" >>"$OUT/$name.bw"
}

# summary NAME: "median M, range LO .. HI MB/sec (K of N runs: a b c)"
summary() {
	sort -n "$OUT/$1.bw" | awk -v runs="$RUNS" '
		$1 != "-" { v[n++] = $1 } { all = all " " $1 }
		END {
			if (!n) { printf "no run gave a result (%s)\n", substr(all, 2); exit }
			m = n % 2 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2
			printf "median %.2f, range %.2f .. %.2f MB/sec (%d of %d runs:%s)\n",
				m, v[0], v[n - 1], n, runs, all
		}'
}

echo "===== rail_write_bw and ib_write_bw, the same flags ($FLAGS, on rxe1,"
echo "      no -x), alternately, $RUNS runs each"
i=1
while [ $i -le "$RUNS" ]; do
	run railperf "$B/rail_write_bw" $i
	run perftest ib_write_bw $i
	echo "  run $i: rail_write_bw $(sed -n ${i}p "$OUT/railperf.bw"), ib_write_bw $(sed -n ${i}p "$OUT/perftest.bw") MB/sec"
	i=$((i + 1))
done
echo "===== rail_write_bw -d rxe1 $FLAGS 10.0.2.1 (run 1):"
cat "$OUT/railperf.1"
echo "===== ib_write_bw -d rxe1 $FLAGS 10.0.2.1 (run 1):"
cat "$OUT/perftest.1"
echo "===== BW average over $RUNS runs each. These are an emulator's figures"
echo "      (Soft-RoCE in a qemu guest under TCG, no NIC): they compare the"
echo "      two tools here, not what a link or a NIC can do."
echo "  rail_write_bw: $(summary railperf)"
echo "  ib_write_bw:   $(summary perftest)"
echo "===== The GID each chose without -x:"
grep -m 1 ' railperf: rail rxe1 port [0-9]*: GID' "$OUT/railperf.1" | sed 's/^ */  rail_write_bw: /'
"$B/rail_info" -d rxe1 | grep '^  GID index ' | sed 's/^  /  rail_info: /'
gid=$(grep -m 1 'GID index' "$OUT/perftest.1" | sed 's/^ *//')
echo "  ib_write_bw's header: ${gid:-(no GID index line in its output)}"
echo "  (railperf's rules, in order: empty and link-local entries dropped,"
echo "  RoCE v2 before v1, IPv4-mapped before IPv6, the entry in the"
echo "  server's subnet, then the lowest index; rail_info(1) has them)"
# railperf must have run (perftest's tools fail at times under TCG: said)
ok=$(grep -vc '^-$' "$OUT/railperf.bw")
rm -rf "$OUT"
[ "$ok" -eq "$RUNS" ]
