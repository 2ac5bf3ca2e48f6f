# tests/host/lib.sh - TAP helpers for the host tests (bash). Source it
# after `cd` to the top of the tree; it sets n (tests so far) and bad (1
# once one failed); a test ends with `tap_end`.
n=0 bad=0

# tap OK NAME [COMMENT...]: one TAP line, "ok" when OK is 1; a failure's
# comments follow it as "# ..." lines.
tap() {
	local ok=$1 name=$2
	shift 2
	n=$((n + 1))
	if [ "$ok" = 1 ]; then
		echo "ok $n - $name"
		return 0
	fi
	echo "not ok $n - $name"
	local c
	for c in "$@"; do echo "# $c"; done
	bad=1
}

# exits_with NAME RC WANT OUT [TMO] -- CMD...: CMD, stdout to OUT, within
# TMO seconds (default 20), exits RC and its stderr is exactly WANT.
exits_with() {
	local name=$1 rc=$2 want=$3 out=$4 tmo=20 err got
	shift 4
	[ "$1" = -- ] || { tmo=$1; shift; }
	shift
	err=$(timeout "$tmo" "$@" 2>&1 >"$out")
	got=$?
	[ "$got" -eq "$rc" ] && [ "$err" = "$want" ]
	tap $((! $?)) "$name" "exit $got (want $rc), stderr: '$err'" \
		"want: '$want'"
}

# programs [KIND...]: the tree's programs, one a line, as the Makefile
# lists them (make programs: "NAME KIND", KIND test, mpi or tool); only
# those of KIND when given. The one list of binaries the host tests hold
# to their contracts: a program added to bw/, lat/ or tools/rail_info/ is
# in it. An empty list ends the test ("Bail out!"), never a pass.
programs() {
	local list
	list=$(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s \
		--no-print-directory programs PKG_CONFIG=/bin/false 2>&1)
	if [ -z "$list" ] || [[ $list == *"make"* ]]; then
		echo "Bail out! make programs: '$list'"
		exit 1
	fi
	printf '%s\n' "$list" |
		awk -v k=" $* " 'k == "  " || index(k, " " $2 " ") { print $1 }'
}

# mpi_start: rail_cluster_bw's host tests: BIN=$B/rail_cluster_bw and
# mpirun, else the test is skipped (plan 1..0); tmp, a scratch directory
# removed at exit, is Open MPI's HOME (its session directory).
mpi_start() {
	BIN=$B/rail_cluster_bw
	if [ ! -x "$BIN" ] || ! command -v mpirun >/dev/null; then
		echo "1..0 # SKIP no $BIN or no mpirun"
		exit 0
	fi
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	export HOME=$tmp
}

# mpi_local ARGS...: mpirun of ranks on this host, MPI over TCP on lo,
# at most 60 s.
mpi_local() {
	timeout 60 mpirun --allow-run-as-root --oversubscribe \
		--mca btl tcp,self --mca pml ob1 --mca btl_tcp_if_include lo \
		--mca oob_tcp_if_include lo "$@"
}

# tap_end: the plan line; exits 1 when a test failed.
tap_end() {
	echo "1..$n"
	exit $bad
}
