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
