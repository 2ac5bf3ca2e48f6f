#!/usr/bin/env bash
# Description: make bench refuses BENCH_README=1 in a tree with changes
# (exit 1, one line saying why, before anything is installed or run), so
# that a report in README.md always names the commit it measured. Runs
# tools/bench/bench from a scratch git repository. And tools/bench/readme.py
# writes only the report's headline (its first line, the targets as a
# table, links) between README.md's markers, never the report itself,
# and leaves a README without markers alone. TAP on stdout.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
top=$PWD
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

# readme.py: a report with a target list and a table the README must not get
res="$tmp/results"
mkdir -p "$res"
cat >"$res/bench.md" <<'MD'
## railperf vs perftest

Run X on Y: only the ratios mean anything.

- perftest 6.06, railperf abc1234; one guest

### Targets

- **Write BW, railperf >= perftest (within noise): MET.** 3 of 3 sizes.
- **Read latency, railperf <= perftest: MISSED.** missed at 256 B (1.71).

### RDMA WRITE bandwidth

| size | perftest | railperf |
|---:|---:|---:|
| 2 B | 1.0 | 1.1 |
MD
printf 'top\n<!-- bench:begin -->\nold report\n<!-- bench:end -->\nbottom\n' >"$tmp/R.md"
want="top
<!-- bench:begin -->
Run X on Y: only the ratios mean anything. perftest 6.06, railperf abc1234.

| target | verdict | how |
|---|---|---|
| Write BW, railperf >= perftest (within noise) | MET | 3 of 3 sizes. |
| Read latency, railperf <= perftest | MISSED | missed at 256 B (1.71). |

Every row, how it ran and the verdict rules: [the report](results/bench.md); all numbers: [bench.csv](results/bench.csv), [runs.csv](results/runs.csv).

![RDMA WRITE bandwidth vs message size](results/write_bw.png)
<!-- bench:end -->
bottom"
out=$(cd "$tmp" && python3 "$top/tools/bench/readme.py" R.md results 2>&1); rc=$?
n=$((n + 1))
if [ "$rc" -eq 0 ] && [ -z "$out" ] && [ "$(cat "$tmp/R.md")" = "$want" ]; then
	echo "ok $n - readme.py: the headline table between the markers, nothing else"
else
	echo "not ok $n - readme.py: the headline table between the markers, nothing else"
	echo "# exit $rc: $out"; diff <(printf '%s\n' "$want") "$tmp/R.md" | sed 's/^/# /'; bad=1
fi
printf 'no markers\n' >"$tmp/N.md"
out=$(python3 tools/bench/readme.py "$tmp/N.md" "$res" 2>&1); rc=$?
check "readme.py: a README without markers is left alone" 1 "no <!-- bench:begin --> ... <!-- bench:end --> in"
n=$((n + 1))
if [ "$(cat "$tmp/N.md")" = "no markers" ]; then echo "ok $n - readme.py: unmarked README unchanged"
else echo "not ok $n - readme.py: unmarked README unchanged"; bad=1; fi
printf '## t\n\nRun Z.\n' >"$res/bench.md"
cp "$tmp/R.md" "$tmp/R2.md"
out=$(python3 tools/bench/readme.py "$tmp/R2.md" "$res" 2>&1); rc=$?
check "readme.py: a report without targets is refused" 1 "has no ### Targets list"
echo "1..$n"
exit $bad
