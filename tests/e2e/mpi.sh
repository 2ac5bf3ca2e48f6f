# tests/e2e/mpi.sh - Open MPI in the N-guest test bed (tools/scripts/softroce
# runN); sourced (POSIX sh) by tests/e2e/t4_*.sh, which run in guest h1.
#
#   . tests/e2e/mpi.sh
#   $MPIRUN -np "$SOFTROCE_NHOSTS" CMD [ARGS...]
#
# runs CMD once on every guest, rank i on guest h(i+1) (rank order =
# SOFTROCE_HOSTS order, one rank a guest). MPIRUN is
#   mpirun --host 10.0.1.1,10.0.1.2,... --map-by ppr:1:node
# and the rest is Open MPI's environment (OMPI_*), exported here and handed
# on by mpirun to the ranks:
#   - root may run it (the guests run everything as root);
#   - mpirun starts its daemons over ssh with the run's key
#     ($SOFTROCE_SSH), all from h1 (no tree spawn: only h1 needs to reach
#     the others);
#   - MPI's own traffic (out-of-band and TCP BTL) stays on rail 0's eth0
#     (softroce ring: the management NIC, SOFTROCE_MGMT_IF), so that a
#     test may slow or cut rail 1 without slowing MPI; no
#     openib/UCX probing and no warning about it (pml ob1, btl tcp,self).
# HOME is /tmp on every guest (the root is read-only); Open MPI's session
# directories go to /tmp.
MPI_HOSTS=$(echo "$SOFTROCE_HOSTS" | tr ' ' ,)
# shellcheck disable=SC2034 # for the tests that source this
MPIRUN="mpirun --host $MPI_HOSTS --map-by ppr:1:node"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_plm_rsh_agent="$SOFTROCE_SSH"
export OMPI_MCA_plm_rsh_no_tree_spawn=1
export OMPI_MCA_oob_tcp_if_include=${SOFTROCE_MGMT_IF:-eth0}
export OMPI_MCA_btl=tcp,self
export OMPI_MCA_btl_tcp_if_include=${SOFTROCE_MGMT_IF:-eth0}
export OMPI_MCA_pml=ob1
export OMPI_MCA_btl_base_warn_component_unused=0

# at_round2 IP SIG FILE: on guest IP, over ssh in the background (its pid
# in AT_PID), find rail_cluster_bw, note the thread id of its rail thread
# ("rail:rxe0", a new thread each round, rp_multi.c) and send it SIG the
# moment a rail thread with another id appears, as round 2 begins; the
# time (date +%s) in FILE on that guest. Returns once the watcher runs
# (it says "ready": an ssh into a guest the job keeps busy takes longer
# than a round), before the job is launched. The watcher exits 0 when it
# has sent SIG, 1 if no rail_cluster_bw came within 120 s, 2 if round 2
# did not within 150 s. (Counting the threads' appearances missed round 2
# when a poll fell on no gap between two rounds' threads.)
at_round2() {
	AT_OUT=$TMP/at_round2.$1
	$SOFTROCE_SSH "$1" 'echo ready; n=0
		until p=$(pgrep -x rail_cluster_bw); do
			sleep 0.2; n=$((n + 1)); [ $n -lt 600 ] || exit 1
		done
		first= i=0
		while [ $i -lt 1500 ]; do
			tid=$(grep -lx "rail:rxe0" /proc/$p/task/*/comm 2>/dev/null |
				head -n 1 | cut -d/ -f5)
			[ -n "$tid" ] && [ -z "$first" ] && first=$tid
			if [ -n "$tid" ] && [ "$tid" != "$first" ]; then
				kill -'"$2"' $p; date +%s >'"$3"'; exit 0
			fi
			sleep 0.1; i=$((i + 1))
		done
		exit 2' </dev/null >"$AT_OUT" 2>&1 &
	AT_PID=$!
	at_i=0
	until grep -qx ready "$AT_OUT"; do
		at_i=$((at_i + 1))
		[ $at_i -lt 600 ] || fail "the watcher on $1 did not start within 60 s"
		sleep 0.1
	done
}

# port_counters OUT: "HOST DEV SENT RCVD" for rxe0 and rxe1 of every guest
# (HOST softroce-hI, in SOFTROCE_HOSTS order), read from the ports' own
# counters over ssh, all guests at once: what the test itself saw on the
# wire, never railperf's line.
port_counters() {
	pc_i=0 pc_pids=
	for pc_ip in $SOFTROCE_HOSTS; do
		pc_i=$((pc_i + 1))
		$SOFTROCE_SSH "$pc_ip" 'for d in rxe0 rxe1; do
			c=/sys/class/infiniband/$d/ports/1/hw_counters
			echo "softroce-h'$pc_i' $d $(cat $c/sent_pkts) $(cat $c/rcvd_pkts)"
		done' </dev/null >"$1.$pc_i" &
		pc_pids="$pc_pids $!"
	done
	# shellcheck disable=SC2086 # a list of pids
	wait $pc_pids
	: >"$1"
	for pc_j in $(seq 1 "$pc_i"); do cat "$1.$pc_j" >>"$1"; done
	[ "$(wc -l <"$1")" = $((2 * pc_i)) ] ||
		{ cat "$1"; fail "port counters of $pc_i guests x 2 rails"; }
}
