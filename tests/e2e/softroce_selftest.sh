#!/bin/sh
# Self-check of the Soft-RoCE test bed; runs INSIDE a guest started by
#   tools/scripts/softroce run tests/e2e/softroce_selftest.sh [EXPECTED_CWD]
# (also works as either script of "tools/scripts/softroce run2").
# Exit status: 0 if every check passes, 1 otherwise.
#
# EXPECTED_CWD (optional): the directory the host ran the tool from; without
# it, the check is that this script is reachable by its own relative path.

pass=0
fail=0

ok() {
	pass=$((pass + 1))
	echo "ok - $*"
}

not_ok() {
	fail=$((fail + 1))
	echo "not ok - $*"
}

check() { # check DESCRIPTION COMMAND...
	desc=$1
	shift
	if "$@"; then ok "$desc"; else not_ok "$desc"; fi
}

# mapped_gid A.B.C.D: the IPv4-mapped GID as shown in sysfs.
mapped_gid() {
	old_ifs=$IFS
	IFS=.
	# shellcheck disable=SC2086
	set -- $1
	IFS=$old_ifs
	printf '0000:0000:0000:0000:0000:ffff:%02x%02x:%02x%02x\n' "$1" "$2" "$3" "$4"
}

case ${SOFTROCE_GUEST:-} in
single | a | b) ok "SOFTROCE_GUEST=$SOFTROCE_GUEST" ;;
*) not_ok "SOFTROCE_GUEST is '${SOFTROCE_GUEST:-}'" ;;
esac

# --- both rails: rxe device, netdev, port state, GID 1 = IPv4-mapped address --
for r in 0 1; do
	dev=rxe$r
	eval "ip=\${SOFTROCE_IP$r:-}"
	port=/sys/class/infiniband/$dev/ports/1
	check "$dev exists" test -d "/sys/class/infiniband/$dev"
	check "$dev uses netdev eth$r" test "$(cat "$port/gid_attrs/ndevs/1" 2>/dev/null)" = "eth$r"
	state=$(cat "$port/state" 2>/dev/null)
	case $state in
	*ACTIVE*) ok "$dev port 1 is ACTIVE" ;;
	*) not_ok "$dev port 1 state is '$state'" ;;
	esac
	if [ -n "$ip" ]; then
		want=$(mapped_gid "$ip")
		got=$(cat "$port/gids/1" 2>/dev/null)
		check "$dev GID 1 is $want ($ip)" test "$got" = "$want"
		check "$dev GID 1 is RoCE v2" test "$(cat "$port/gid_attrs/types/1" 2>/dev/null)" = "RoCE v2"
		check "eth$r has $ip/24" sh -c "ip -4 -o addr show dev eth$r | grep -q ' $ip/24 '"
	else
		not_ok "SOFTROCE_IP$r is not set"
	fi
done
check "ibv_devices lists rxe0 and rxe1" \
	sh -c 'ibv_devices | grep -q "rxe0" && ibv_devices | grep -q "rxe1"'
check "/dev/infiniband/uverbs0 exists" test -c /dev/infiniband/uverbs0

# --- huge pages -------------------------------------------------------------
total=$(awk '/^HugePages_Total:/ {print $2}' /proc/meminfo)
check "HugePages_Total is 128 (got $total)" test "$total" = 128
size=$(awk '/^Hugepagesize:/ {print $2}' /proc/meminfo)
check "Hugepagesize is 2048 kB (got $size)" test "$size" = 2048
if awk '$2 == "/dev/hugepages" && $3 == "hugetlbfs" { found = 1 } END { exit !found }' /proc/mounts; then
	ok "hugetlbfs mounted on /dev/hugepages"
else
	not_ok "hugetlbfs mounted on /dev/hugepages"
fi
# A file on hugetlbfs must really take a huge page (fallocate; hugetlbfs has no write()).
hp=/dev/hugepages/softroce_selftest.$$
free0=$(awk '/^HugePages_Free:/ {print $2}' /proc/meminfo)
if fallocate -l 2M "$hp" 2>/dev/null; then
	free1=$(awk '/^HugePages_Free:/ {print $2}' /proc/meminfo)
	check "a 2 MiB file on /dev/hugepages takes one huge page ($free0 -> $free1 free)" \
		test "$free1" -eq $((free0 - 1))
else
	not_ok "fallocate -l 2M on /dev/hugepages"
fi
rm -f "$hp"

# --- file systems -----------------------------------------------------------
for d in /tmp /run /dev/shm; do
	f=$d/softroce_selftest.$$
	if echo hello >"$f" 2>/dev/null && [ "$(cat "$f")" = hello ]; then
		ok "$d is writable"
	else
		not_ok "$d is writable"
	fi
	rm -f "$f"
done
if touch /softroce_selftest.$$ 2>/dev/null; then
	not_ok "host root is read-only"
	rm -f /softroce_selftest.$$
else
	ok "host root is read-only"
fi
for d in /proc/self /sys/class /dev/null; do
	check "$d exists" test -e "$d"
done

# --- environment and working directory ------------------------------------------
check "HOME is /tmp" test "$HOME" = /tmp
for d in /usr/sbin /usr/bin /sbin /bin; do
	case :$PATH: in
	*:$d:*) ok "PATH contains $d" ;;
	*) not_ok "PATH contains $d (PATH=$PATH)" ;;
	esac
done
check "running as root" test "$(id -u)" = 0
if [ -n "${1:-}" ]; then
	check "cwd is $1 (got $(pwd -P))" test "$(pwd -P)" = "$1"
else
	check "cwd is not / ($(pwd -P))" test "$(pwd -P)" != /
	check "\$0 ($0) resolves from the cwd" test -f "$0"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
