#!/usr/bin/env bash
# Description: make bench refuses BENCH_README=1 in a tree with changes
# (exit 1, one line saying why, before anything is installed or run), so
# that a report in README.md always names the commit it measured. Runs
# tools/bench/bench from a scratch git repository. TAP on stdout.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/tools/bench"
cp tools/bench/bench "$tmp/tools/bench/"
git -C "$tmp" init -q
git -C "$tmp" -c user.name=t -c user.email=t@t add -A
git -C "$tmp" -c user.name=t -c user.email=t@t commit -qm t
n=0 bad=0
check() { # NAME WANT_RC WANT_TEXT
	n=$((n + 1))
	if [ "$rc" -eq "$2" ] && [[ $out == *"$3"* ]] &&
		[ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ]; then
		echo "ok $n - $1"
	else
		echo "not ok $n - $1"; echo "# exit $rc: $out"; bad=1
	fi
}
echo change >"$tmp/new-file"
out=$(BENCH_README=1 "$tmp/tools/bench/bench" 2>&1); rc=$?
check "a new file: refused" 1 "BENCH_README=1 refused: the tree has changes"
rm "$tmp/new-file"
echo "# edit" >>"$tmp/tools/bench/bench"
out=$(BENCH_README=1 "$tmp/tools/bench/bench" 2>&1); rc=$?
check "a changed file: refused" 1 "commit or stash them"
echo "1..$n"
exit $bad
