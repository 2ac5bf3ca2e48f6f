#!/bin/sh
# Description: in the two-NUMA-node guest (SOFTROCE_NUMA=2: CPU 0 and eth0
# on node 0, CPU 1 and eth1 on node 1), rail_multi_bw on rxe0,rxe1 puts
# each rail where its device is, as this test reads it from the kernel,
# not from railperf's lines: during the run the client's thread
# "rail:rxe0" runs on a CPU of node 0 and "rail:rxe1" on a CPU of node 1
# (/proc/PID/task/TID/stat, field 39), and the pages of each rail's
# buffer (found by the VAddr of its local address line in
# /proc/PID/maps) are all on its device's node (/proc/PID/numa_maps
# N<node>= counts), on the client and on the server; rail_write_bw on
# rxe1 alone binds the process to node 1 likewise. The guest's two vCPUs
# are busy with four polling rail threads: the test's shell runs at nice
# -10 once the runs started, copies each process's maps and numa_maps at
# once and reads the copies, and checks that neither side had printed its
# result row when the copies were taken (the buffers were in use).
. tests/e2e/lib.sh

node_of_cpu() { # CPU: its node from /sys/devices/system/node/node*/cpuN
	for d in /sys/devices/system/node/node*; do
		[ -e "$d/cpu$1" ] && { echo "${d##*node}"; return; }
	done
	echo "?"
}

[ -d /sys/devices/system/node/node1 ] || fail "test bed: one NUMA node"
# virtio-net: the netdev's device is the virtio one; the PCI function,
# behind the expander bridge, is its parent
n0=$(cat /sys/class/net/eth0/device/../numa_node)
n1=$(cat /sys/class/net/eth1/device/../numa_node)
[ "$n0/$n1" = 0/1 ] || fail "test bed: eth0/eth1 on nodes $n0/$n1, want 0/1"

# vaddrs FILE: the local VAddr of each rail's first QP, in rail order
vaddrs() {
	sed -n 's/^ *local address:.*VAddr \(0x[0-9a-f]*\).*/\1/p' "$1"
}

# snap NAME PID: copies of PID's maps and numa_maps, taken one right
# after the other (parsing them is slow on the busy guest: the run could
# end meanwhile and its buffers go)
snap() {
	cat "/proc/$2/maps" >"$TMP/$1.maps" 2>/dev/null &&
		cat "/proc/$2/numa_maps" >"$TMP/$1.numa" 2>/dev/null ||
		fail "$1: pid $2 ended before its maps were read"
}

# running NAME FILE...: no FILE has its result row yet (the runs were
# on when the copies were taken)
running() {
	r_n=$1; shift
	for r_f; do
		[ -z "$(rows "$r_f")" ] ||
			fail "$r_n: $r_f has its result row: the run ended before the test read it"
	done
}

# buf_nodes NAME VADDR: the N<k> of the numa_maps line (snap NAME) of the
# mapping holding VADDR ("N1" when all its pages are on node 1)
buf_nodes() {
	start=
	while read -r range _; do
		lo=${range%-*} hi=${range#*-}
		if [ $((0x$lo <= $2 && $2 < 0x$hi)) = 1 ]; then
			start=$lo
			break
		fi
	done <"$TMP/$1.maps"
	[ -n "$start" ] || { echo "no-mapping"; return; }
	grep "^0*$start " "$TMP/$1.numa" | tr ' ' '\n' |
		sed -n 's/^\(N[0-9]*\)=.*/\1/p' | sort -u | tr '\n' ' '
}

# check_bufs NAME FILE: rail i's buffer pages all on node i (snap NAME)
check_bufs() {
	i=0
	for a in $(vaddrs "$2"); do
		got=$(buf_nodes "$1" "$a")
		[ "$got" = "N$i " ] || fail "$1: rail $i buffer at $a has pages on '$got', want N$i only"
		note "$1: rail $i buffer $a: pages on $got"
		i=$((i + 1))
	done
	[ "$i" = 2 ] || fail "$1: $i address lines, want 2"
}

# urgent: this shell (and what it starts) at nice -10, ahead of the
# polling rail threads; calm: back to 0, for the runs it starts
urgent() { renice -n -10 -p $$ >/dev/null || fail "renice -10 of the test's shell"; }
calm() { renice -n 0 -p $$ >/dev/null || fail "renice 0 of the test's shell"; }

BIN=$B/rail_multi_bw
bg "$TMP/n.server" $BIN -d rxe0,rxe1 -p 18951 -D 12
spid=$BG_PID
wait_listen 18951 30 "$spid" || fail "server did not listen"
bg "$TMP/n.client" $BIN -d rxe0,rxe1 -p 18951 -D 12 "$SERVER_IP"
cpid=$BG_PID
i=0
until [ "$(vaddrs "$TMP/n.client" | wc -l)" -ge 2 ] || [ $i -ge 300 ]; do
	sleep 0.1; i=$((i + 1))
done
urgent
sleep 3 # inside the run
snap client "$cpid"
snap server "$spid"
running "-D 12" "$TMP/n.client" "$TMP/n.server"
for t in /proc/$cpid/task/*; do
	name=$(cat "$t/comm")
	case $name in rail:rxe[01]) ;; *) continue ;; esac
	cpu=$(sed 's/^.*) //' "$t/stat" | cut -d' ' -f37)
	want=${name#rail:rxe}
	[ "$(node_of_cpu "$cpu")" = "$want" ] ||
		fail "thread $name on CPU $cpu (node $(node_of_cpu "$cpu")), want node $want"
	note "client thread $name ($(basename "$t")) on CPU $cpu, node $want"
	seen="$seen $name"
done
# each rail's worker (and its -D timer thread, named after it)
seen=$(echo $seen | tr ' ' '\n' | sort -u | tr '\n' ' ')
[ "$seen" = "rail:rxe0 rail:rxe1 " ] || fail "rail threads seen: $seen"
check_bufs client "$TMP/n.client"
check_bufs server "$TMP/n.server"
wait_pid "$cpid" 90; CLI_RC=$?
wait_pid "$spid" 30; SRV_RC=$?
[ "$CLI_RC/$SRV_RC" = 0/0 ] || { cat "$TMP/n.client"; fail "exit $CLI_RC/$SRV_RC"; }

calm
BIN=$B/rail_write_bw
bg "$TMP/w.server" $BIN -d rxe1 -p 18952 -D 8
spid=$BG_PID
wait_listen 18952 30 "$spid" || fail "rail_write_bw server did not listen"
bg "$TMP/w.client" $BIN -d rxe1 -p 18952 -D 8 "$SERVER_IP"
cpid=$BG_PID
urgent
sleep 5
cpus=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' "/proc/$cpid/status")
snap w "$cpid"
running "rail_write_bw -D 8" "$TMP/w.client"
[ "$cpus" = 1 ] || fail "rail_write_bw on rxe1: CPUs '$cpus', want 1 (node 1)"
a=$(vaddrs "$TMP/w.client" | head -n 1)
got=$(buf_nodes w "$a")
[ "$got" = "N1 " ] || fail "rail_write_bw on rxe1: buffer pages on '$got', want N1"
note "rail_write_bw on rxe1: CPUs $cpus, buffer pages on $got"
wait_pid "$cpid" 60; CLI_RC=$?
wait_pid "$spid" 30; SRV_RC=$?
[ "$CLI_RC/$SRV_RC" = 0/0 ] || { cat "$TMP/w.client"; fail "rail_write_bw exit $CLI_RC/$SRV_RC"; }
