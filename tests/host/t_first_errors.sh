#!/usr/bin/env bash
# Description: errors before devices. Every perftest-style binary (make
# programs), run from $B on this host (no RDMA device needed; rail_info
# and rail_cluster_bw: an unknown option), refuses a bad command line with exit 1 and
# one line naming the value, before any device is opened: so the line is
# never about devices. Then a good command line with a device that does
# not exist: the error names the device, and the --out_json file already
# there is left as it was (the file is written, atomically, only at the
# end of a run; its directory is checked at start), with no temporary
# file beside it. TAP on stdout.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
B=${B:-build}
. tests/host/lib.sh
# the perftest-style programs (make programs: kind test), every one
tests=$(programs test) || { echo "$tests"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"; [ -n "${holder:-}" ] && kill "$holder" 2>/dev/null' EXIT

# expect NAME RC WORDS -- CMD...: CMD exits RC, prints exactly one stderr
# line holding every word of WORDS ('|'-separated) and none about devices.
expect() {
	local name=$1 rc=$2 words=$3 w err got ok=1
	shift 4
	err=$("$@" 2>&1 >/dev/null)
	got=$?
	[ "$got" -eq "$rc" ] || { ok=0; echo "# $name: exit $got, want $rc"; }
	[ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] ||
		{ ok=0; echo "# $name: want one line"; }
	IFS='|' read -ra ws <<<"$words"
	for w in "${ws[@]}"; do
		[[ $err == *"$w"* ]] || { ok=0; echo "# $name: lacks '$w'"; }
	done
	[[ $err != *"RDMA device"* ]] || { ok=0; echo "# $name: about devices"; }
	echo "# $name: $err"
	n=$((n + 1))
	if [ $ok = 1 ]; then echo "ok $n - $name"; else echo "not ok $n - $name"; bad=1; fi
}

# A port in use: held by a listening socket for the test's length.
python3 -c 'import socket, sys, time
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("0.0.0.0", 0)); s.listen(1); print(s.getsockname()[1], flush=True)
time.sleep(60)' >"$tmp/port" &
holder=$!
for _ in $(seq 50); do [ -s "$tmp/port" ] && break; sleep 0.1; done
busy=$(cat "$tmp/port")
# Output targets refused before the run: a symlink to a file (never
# followed into it, never replaced) and a UNIX socket; both left as they
# were (checked after the loop).
echo precious >"$tmp/victim"
ln -s "$tmp/victim" "$tmp/link.json"
python3 -c 'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' \
	"$tmp/sock.json"

for b in $tests; do
	bin=$B/$b
	d=rxe0
	expect "$b: bad host" 1 "nosuch.invalid|cannot resolve" -- \
		"$bin" -d "$d" nosuch.invalid
	expect "$b: port in use" 1 "-p value '$busy'|in use" -- \
		"$bin" -d "$d" -p "$busy"
	expect "$b: bind address not local" 1 "--bind_source_ip value '192.0.2.77'|not an address of this host" -- \
		"$bin" -d "$d" --bind_source_ip 192.0.2.77
	expect "$b: JSON in a missing directory" 1 "--out_json_file value '$tmp/no/x.json'|cannot write it" -- \
		"$bin" -d "$d" --out_json_file "$tmp/no/x.json" 127.0.0.1
	expect "$b: JSON to a symlink to a file" 1 "--out_json_file value '$tmp/link.json'|a symbolic link, not to a character device or a FIFO: railperf neither writes through a link into a file nor replaces the link; give the file's own path" -- \
		"$bin" -d "$d" --out_json_file "$tmp/link.json" 127.0.0.1
	expect "$b: JSON to a socket" 1 "--out_json_file value '$tmp/sock.json'|a socket: results go to a file, a character device or a FIFO" -- \
		"$bin" -d "$d" --out_json_file "$tmp/sock.json" 127.0.0.1
	case $b in
	rail_atomic_*) # 8 B only, no -a (perftest's atomic tests)
		expect "$b: bad size" 1 "-s value '0'|moves 8 bytes" -- \
			"$bin" -d "$d" -s 0 127.0.0.1
		expect "$b: -a refused" 1 "-a is not supported by $b" -- \
			"$bin" -d "$d" -a 127.0.0.1 ;;
	*)
		expect "$b: bad size" 1 "-s value '0'|1 .. 2147483648" -- \
			"$bin" -d "$d" -s 0 127.0.0.1
		expect "$b: -a with -D" 1 "-a and -D" -- \
			"$bin" -d "$d" -a -D 2 127.0.0.1 ;;
	esac
	expect "$b: -n 0" 1 "invalid -n value '0'|valid iterations are 5 " -- \
		"$bin" -d "$d" -n 0
	expect "$b: -n not a number" 1 "invalid -n value '1x0'|valid iterations are 5 " -- \
		"$bin" -d "$d" -n 1x0
	# TX depth: the bandwidth tests (perftest's latency tests have none)
	[[ $b != *_bw ]] ||
		expect "$b: -t 0" 1 "invalid -t value '0'|valid values are 1 " -- \
			"$bin" -d "$d" -t 0
	expect "$b: unknown option" 1 "unknown option '--bogus'|--help" -- \
		"$bin" --bogus
	expect "$b: NUMA node past the last" 1 "--numa_node value '999'|0 .. " -- \
		"$bin" -d "$d" --numa_node 999 127.0.0.1
	expect "$b: --numa_node with --pin_cores" 1 "--numa_node and --pin_cores" -- \
		"$bin" -d "$d" --numa_node 0 --pin_cores 0 127.0.0.1
	expect "$b: bad --tclass" 1 "--tclass value '256'|0 .. 255" -- \
		"$bin" -d "$d" --tclass 256 127.0.0.1
done
# the other programs (rail_info; rail_cluster_bw where it is built): an
# unknown option, before anything else
mpi=$(programs mpi) || { echo "$mpi"; exit 1; }
tools=$(programs tool) || { echo "$tools"; exit 1; }
for b in $tools $mpi; do
	if [ ! -x "$B/$b" ]; then # one of MPI is built only with it
		[[ " $mpi " == *" $b "* ]] || tap 0 "$b: not built in $B"
		continue
	fi
	expect "$b: unknown option" 1 "unknown option '--bogus'|--help" -- \
		"$B/$b" --bogus
done
[ "$(readlink "$tmp/link.json")" = "$tmp/victim" ] && [ -S "$tmp/sock.json" ] &&
	[ "$(cat "$tmp/victim")" = precious ]
tap $((! $?)) "the refused targets left as they were"
expect "rail_read_lat: -n over the sample cap" 1 "-n value '40000000'|33554432" -- \
	"$B/rail_read_lat" -d rxe0 -n 40000000 127.0.0.1
expect "rail_write_lat: -n over the sample cap" 1 "-n value '40000000'|33554432" -- \
	"$B/rail_write_lat" -d rxe0 -n 40000000 127.0.0.1
expect "rail_write_lat: --validate refused" 1 "--validate|not supported by rail_write_lat" -- \
	"$B/rail_write_lat" -d rxe0 --validate 127.0.0.1
expect "rail_read_lat: -b refused" 1 "-b|not supported by rail_read_lat" -- \
	"$B/rail_read_lat" -d rxe0 -b 127.0.0.1
expect "rail_write_bw: -b with --run_infinitely" 1 "-b and --run_infinitely" -- \
	"$B/rail_write_bw" -d rxe0 -b --run_infinitely 127.0.0.1
expect "rail_multi_bw: --interval longer than -D" 1 "--interval value '5'|-D 2" -- \
	"$B/rail_multi_bw" -d rxe0 -D 2 --interval 5 127.0.0.1
expect "rail_multi_bw: --interval without -D" 1 "--interval needs -D" -- \
	"$B/rail_multi_bw" -d rxe0 --interval 1 127.0.0.1
expect "rail_multi_bw: --lat_probe with an unknown verb" 1 "--lat_probe value 'send'|valid verbs are read, write" -- \
	"$B/rail_multi_bw" -d rxe0 --lat_probe=send 127.0.0.1
expect "rail_multi_bw: --lat_probe_rate without --lat_probe" 1 "--lat_probe_rate needs --lat_probe" -- \
	"$B/rail_multi_bw" -d rxe0 --lat_probe_rate 100 127.0.0.1
expect "rail_multi_bw: --lat_probe_rate out of range" 1 "--lat_probe_rate value '0'|1 .. 100000" -- \
	"$B/rail_multi_bw" -d rxe0 --lat_probe --lat_probe_rate 0 127.0.0.1
expect "rail_multi_bw: --lat_probe with -a" 1 "--lat_probe and -a" -- \
	"$B/rail_multi_bw" -d rxe0 --lat_probe -a 127.0.0.1
expect "rail_multi_bw: --lat_probe with atomics" 1 "--lat_probe cannot be combined with atomics|--verb=write, read or send" -- \
	"$B/rail_multi_bw" -d rxe0 --verb=atomic --lat_probe 127.0.0.1
expect "rail_write_bw: --lat_probe refused" 1 "--lat_probe|not supported by rail_write_bw" -- \
	"$B/rail_write_bw" -d rxe0 --lat_probe 127.0.0.1
expect "rail_multi_bw: -x list longer than -d" 1 "-x" -- \
	"$B/rail_multi_bw" -d rxe0,rxe1 -x 1,1,1 127.0.0.1
expect "rail_multi_bw: repeated rail" 1 "rxe0" -- \
	"$B/rail_multi_bw" -d rxe0,rxe0 127.0.0.1
expect "rail_write_bw: --expect out of range" 1 "--expect value '0'|1 .. 100" -- \
	"$B/rail_write_bw" -d rxe0 --expect 0 127.0.0.1
expect "rail_multi_bw: --expect without a known ceiling" 1 "--expect value '50'|rail rxe9 port 1 has no known ceiling" -- \
	"$B/rail_multi_bw" -d rxe9 --expect 50 127.0.0.1
expect "rail_write_bw: --expect with --run_infinitely" 1 "--expect and --run_infinitely" -- \
	"$B/rail_write_bw" -d rxe0 --expect 50 --run_infinitely 127.0.0.1
expect "rail_multi_bw: --expect-min without --interval" 1 "--expect-min needs --interval" -- \
	"$B/rail_multi_bw" -d rxe0 -D 2 --expect-min 50 127.0.0.1
expect "rail_multi_bw: --expect-min out of range" 1 "--expect-min value '101'|1 .. 100" -- \
	"$B/rail_multi_bw" -d rxe0 -D 2 --interval 1 --expect-min 101 127.0.0.1
expect "rail_multi_bw: --expect-min without a known ceiling" 1 "--expect-min value '50'|rail rxe9 port 1 has no known ceiling|--expect-min needs" -- \
	"$B/rail_multi_bw" -d rxe9 -D 2 --interval 1 --expect-min 50 127.0.0.1
expect "rail_write_bw: --expect-min refused" 1 "--expect-min|not supported by rail_write_bw" -- \
	"$B/rail_write_bw" -d rxe0 --expect-min 50 127.0.0.1

# A good command line: the device's error names it; the earlier JSON file
# keeps its bytes and nothing else appears beside it.
mkdir "$tmp/j"
for b in $tests; do
	echo '{"earlier": true}' >"$tmp/j/out.json"
	err=$("$B/$b" -d nosuch_dev0 --out_json_file "$tmp/j/out.json" 127.0.0.1 2>&1 >/dev/null)
	rc=$?
	n=$((n + 1))
	if [ "$rc" -eq 1 ] && [ "$(cat "$tmp/j/out.json")" = '{"earlier": true}' ] &&
		[ "$(ls -A "$tmp/j")" = out.json ] &&
		[[ $err == *"nosuch_dev0"* || $err == *"no RDMA devices"* ]]; then
		echo "ok $n - $b: a failed run leaves the earlier JSON file, then the device named"
	else
		echo "not ok $n - $b: a failed run leaves the earlier JSON file, then the device named"
		echo "# exit $rc, files $(ls -A "$tmp/j" | tr '\n' ' '), stderr: $err"
		bad=1
	fi
done
echo "1..$n"
exit $bad
