#!/bin/sh
# tools/bench/hw-dryrun.sh - exercise "make bench HW=1" without hardware:
#
#   tools/scripts/softroce run tools/bench/hw-dryrun.sh
#
# Inside one Soft-RoCE guest, runs tools/bench/bench with HW=1, SERVER and
# CLIENT set, and "ssh" replaced by a stand-in that runs the command in the
# guest itself: both "hosts" are the guest, rails rxe0 and rxe1. It checks
# the HW=1 plumbing (remote commands, connect retries without a listen
# check, addresses, the two-rail part, the report); its numbers mean
# nothing. Short flags, so it takes about a minute. Results in /tmp (the
# guest's), printed at the end. Then tools/bench/nic-check runs the same
# way (about three minutes); its exit status is this script's.
cd "$(dirname "$0")/../.." || exit 1
bin=/tmp/hw-dryrun-bin
mkdir -p "$bin"
cat >"$bin/ssh" <<'EOF'
#!/bin/sh
# ssh stand-in: drop the options and the host, run the command here.
while [ $# -gt 0 ]; do
	case $1 in
	-o) shift 2 ;;
	-*) shift ;;
	*) break ;;
	esac
done
shift
exec sh -c "$*" </dev/null
EOF
chmod +x "$bin/ssh"
PATH=$bin:$PATH HW=1 SERVER=root@server.invalid CLIENT=root@client.invalid \
	DEV=rxe1 DEVS=rxe0,rxe1 GID=1 SERVER_ADDR=10.0.2.1 BENCH_RUNS=1 \
	BENCH_WRITE_N=10 BENCH_LAT_SIZES="2 65536" BENCH_LAT_N=300 \
	BENCH_CPU_N="20000 2000" BENCH_MULTI_D=2 \
	BENCH_WORK=/tmp/hw-dryrun BENCH_OUT=/tmp/hw-dryrun/results \
	tools/bench/bench
PATH=$bin:$PATH SERVER=root@server.invalid CLIENT=root@client.invalid \
	DEV=rxe1 DEVS=rxe0,rxe1 GID=1 SERVER_ADDR=10.0.2.1 CORE=0 \
	NIC_CHECK_FAULT_N=60000 NIC_CHECK_LAT_N=2000 \
	NIC_CHECK_MULTI_N=200 NIC_CHECK_MULTI_S=600 \
	NIC_CHECK_WORK=/tmp/nic-check tools/bench/nic-check
