#!/usr/bin/env bash
# Description: tools/bench/nic-check reads the two tools' outputs and
# judges each item as documented, with "ssh" stood in by a script that
# answers each remote command with a recorded output (a ConnectX-7-like
# host: ib_* tables of perftest 6.29, rail_info's JSON, ethtool -S): the
# healthy case passes with exit 0; 37 faults in the timed loop, an inline
# size that differs, a rate above the sending ceiling, a multi-rail run
# that fails each turn their item to FAIL and the exit status to 1; a
# missing SERVER is a usage error (exit 2, one line). TAP on stdout.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin"
cat >"$tmp/bin/ssh" <<'EOF'
#!/bin/bash
# Stand-in: the host's options dropped, the command answered from records.
while [ $# -gt 0 ]; do case $1 in -o) shift 2 ;; -*) shift ;; *) break ;; esac; done
shift
c="$*"
case $c in
*minflt*) echo "minflt-in-loop ${FAKE_FAULTS:-0}"; exit 0 ;;
*rail_info*) printf '\t\t\t"ceiling_send_gbps":\t%s,\n' "${FAKE_CEIL:-106.13}"; exit 0 ;;
*ndevs*) echo enp1s0f0np0; exit 0 ;;
*ethtool*) # 40 more pause frames at each read, near 2^53
	k=$(cat "$FAKE_DIR/pause" 2>/dev/null || echo 0); echo $((k + 1)) >"$FAKE_DIR/pause"
	printf '     rx_prio3_pause: %s\n     tx_prio3_pause: 5\n' $((9007199254740000 + 40 * k))
	exit 0 ;;
esac
case $c in *' 10.9.9.9') ;; *) exit 0 ;; esac # a server: nothing to say
case $c in
*rail_multi_bw*) [ -n "${FAKE_MULTI_RC:-}" ] && exit "$FAKE_MULTI_RC"
	echo " rail_multi_bw: mlx5_2 port 1 left out of the rails: DOWN, not ACTIVE" ;;
esac
case $c in
*_lat*)
	in=220; case $c in *rail_*) in=${FAKE_INLINE:-220} ;; esac
	echo " Max inline data : ${in}[B]"
	echo " #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec]    t_avg[usec]    t_stdev[usec]   99% percentile[usec]   99.9% percentile[usec]"
	echo " 2       100000          1.69           7.92         1.74     	       1.75        	0.04   		1.90    		4.12" ;;
*)
	echo " PCIe relax order: ON"
	echo " #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]"
	echo " 65536      925433           0.00               ${FAKE_BW:-97.02}   		   0.185053" ;;
esac
EOF
chmod +x "$tmp/bin/ssh"
n=0 bad=0
run() {
	rm -f "$tmp/pause"
	out=$(env PATH="$tmp/bin:$PATH" FAKE_DIR="$tmp" SERVER=u@a CLIENT=u@b DEV=mlx5_0 \
		SERVER_ADDR=10.9.9.9 NIC_CHECK_SETTLE=0 NIC_CHECK_WORK="$tmp/w" \
		"$@" tools/bench/nic-check 2>&1)
	rc=$?
}
check() { # NAME WANT_RC WANT_LINE_PATTERN
	n=$((n + 1))
	# a here-string, not a pipe: under pipefail, grep -q leaving early
	# kills the writer (SIGPIPE) and fails a check that matched
	if [ "$rc" -eq "$2" ] && grep -Eq -- "$3" <<<"$out"; then
		echo "ok $n - $1"
	else
		echo "not ok $n - $1"; printf '# exit %s\n' "$rc"
		printf '%s\n' "$out" | sed 's/^/# /'; bad=1
	fi
}
run
check "healthy: exit 0" 0 "^nic-check: 0 item\(s\) FAIL"
check "healthy: item 1 ok at 0 faults" 0 "item 1 .*: 0 \| 0 -> ok$"
check "healthy: item 2 reads t_max and 99.9%" 0 "item 2 .*: 7.92 / 4.12 \| 7.92 / 4.12 -> info$"
check "healthy: item 4 counts the port left out" 0 "item 4 .*: 0, 1 \| - -> ok$"
check "healthy: item 8 rate below the ceiling" 0 "item 8 .*: 106.13 \| 97.02 -> ok$"
check "healthy: item 9 pause delta from ethtool" 0 "item 9 .*\| 40 on enp1s0f0np0 -> info$"
check "healthy: item 11 relax order equal" 0 "item 11 .*: ON \| ON -> ok$"
run FAKE_FAULTS=37
check "faults in the timed loop: FAIL" 1 "item 1 .*: 37 \| 37 -> FAIL$"
run FAKE_INLINE=0
check "inline default differs: FAIL" 1 "item 5 .*: 0\[B\] \| 220\[B\] -> FAIL$"
run FAKE_CEIL=90.00
check "rate above the sending ceiling: FAIL" 1 "item 8 .*: 90.00 \| 97.02 -> FAIL$"
run FAKE_MULTI_RC=1
check "multi-rail run fails: FAIL" 1 "item 3 .*\(exit 1\) \| - -> FAIL$"
out=$(env -u SERVER tools/bench/nic-check 2>&1); rc=$?
n=$((n + 1))
if [ $rc -eq 2 ] && [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] &&
	[[ $out == *"give SERVER=user@host"* ]]; then
	echo "ok $n - no SERVER: exit 2, one line"
else
	echo "not ok $n - no SERVER: exit 2, one line"; echo "# exit $rc: $out"; bad=1
fi
echo "1..$n"
exit $bad
