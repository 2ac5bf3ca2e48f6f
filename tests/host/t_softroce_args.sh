#!/usr/bin/env bash
# Description: tools/scripts/softroce refuses bad input before it boots
# anything: runN with N outside 2..8 (or not a number) exits 2 with the one
# line "softroce: runN: N must be a number from 2 to 8, got 'N'" on stderr
# and nothing on stdout; runN with no script exits 2 with the usage. TAP
# on stdout.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
n=0 bad=0
S=tools/scripts/softroce

# expect NAME RC WANT_STDERR -- CMD...: CMD exits RC within 10 s, prints
# nothing on stdout and exactly WANT_STDERR on stderr.
expect() {
	local name=$1 rc=$2 want=$3 got out err ok=1
	shift 4
	out=$(timeout 10 "$@" 2>/dev/null)
	err=$(timeout 10 "$@" 2>&1 >/dev/null)
	got=$?
	[ "$got" -eq "$rc" ] || { ok=0; echo "# $name: exit $got, want $rc"; }
	[ -z "$out" ] || { ok=0; echo "# $name: stdout: $out"; }
	[ "$err" = "$want" ] || { ok=0; echo "# $name: stderr: $err"; echo "# want: $want"; }
	n=$((n + 1))
	if [ $ok = 1 ]; then echo "ok $n - $name"; else echo "not ok $n - $name"; bad=1; fi
}

for v in 1 9 0 -4 04 x ''; do
	expect "runN '$v'" 2 "softroce: runN: N must be a number from 2 to 8, got '$v'" -- \
		$S runN "$v" tests/e2e/suite.sh
done
expect "runN with no N" 2 "softroce: runN: N must be a number from 2 to 8, got ''" -- $S runN
err=$(timeout 10 $S runN 4 2>&1 >/dev/null)
rc=$?
n=$((n + 1))
if [ $rc = 2 ] && [[ $err == Usage:* ]]; then
	echo "ok $n - runN 4 with no script: usage, exit 2"
else
	echo "not ok $n - runN 4 with no script: usage, exit 2 (exit $rc)"; bad=1
fi
echo "1..$n"
exit $bad
