#!/usr/bin/env bash
# Description: first contact on a host without RDMA. libibverbs reads sysfs
# under $SYSFS_PATH, so two fake trees stand for the two cases: no
# class/infiniband_verbs at all (ib_uverbs not loaded, or no RDMA in the
# kernel: ibv_get_device_list fails with ENOSYS) and an empty device list
# (uverbs there, no device). Every binary's first error is one line that
# says what to load or install; rail_info --check exits 2 with "no rails
# to check" (a health check with nothing to check is not a pass), plain
# rail_info exits 0. TAP on stdout.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
B=${B:-build}
. tests/host/lib.sh
# the perftest-style programs (make programs: kind test), every one
tests=$(programs test) || { echo "$tests"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/nouverbs/class" "$tmp/empty/class/infiniband_verbs"
echo 6 >"$tmp/empty/class/infiniband_verbs/abi_version"

# expect NAME SYSFS RC WORDS -- CMD...: under SYSFS_PATH=SYSFS, CMD exits
# RC and its stderr is one line holding every word of WORDS ('|'-separated).
expect() {
	local name=$1 sys=$2 rc=$3 words=$4 err got ok=1 w
	shift 5
	err=$(SYSFS_PATH=$sys timeout 20 "$@" 2>&1 >/dev/null)
	got=$?
	[ "$got" -eq "$rc" ] || { ok=0; echo "# $name: exit $got, want $rc"; }
	[ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] ||
		{ ok=0; echo "# $name: want one line, got: $err"; }
	IFS='|' read -ra ws <<<"$words"
	for w in "${ws[@]}"; do
		[[ $err == *"$w"* ]] || { ok=0; echo "# $name: lacks '$w'"; }
	done
	tap $ok "$name"
}

nouverbs="no RDMA devices: /sys/class/infiniband_verbs is missing|modprobe ib_uverbs|modprobe rdma_rxe"
empty="no RDMA devices found|mlx5_ib|ibverbs-providers|modprobe rdma_rxe"
for b in $tests; do
	expect "$b server, no uverbs" "$tmp/nouverbs" 1 "$b: $nouverbs" -- "$B/$b"
	expect "$b client, empty list" "$tmp/empty" 1 "$b: $empty" -- \
		"$B/$b" 127.0.0.1
done
expect "rail_info --check, no uverbs" "$tmp/nouverbs" 2 \
	"rail_info: no rails to check: $nouverbs" -- "$B/rail_info" --check
expect "rail_info --check, empty list" "$tmp/empty" 2 \
	"rail_info: no rails to check: $empty" -- "$B/rail_info" --check
out=$(SYSFS_PATH=$tmp/empty "$B/rail_info" 2>&1)
rc=$?
[ $rc -eq 0 ] && [[ $out == "no RDMA devices found:"*"modprobe rdma_rxe"* ]]
tap $((! $?)) "rail_info without --check: exit 0, the reason on stdout" \
	"exit $rc: $out"
tap_end
