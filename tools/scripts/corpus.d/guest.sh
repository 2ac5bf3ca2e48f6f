#!/bin/sh
# The guest half of tools/scripts/corpus: sh guest.sh CASES OUT BUILD...
# Runs every "pair" and "mpi" line of CASES with each BUILD in turn, on
# rxe0 / rxe1 of one Soft-RoCE guest, into OUT/K/ (K: the build's place).
# A pair: the server in the background, the client once the server
# listens (-p 20000 + the line's number on both, the client's host
# 10.0.1.1 last); @JSON@ in a side's arguments is its own --out_json file,
# kept as NAME.SIDE.json. Each command runs in an empty folder, its stdin
# /dev/null (mpirun would read the case list). OUT/times.K: each line's
# seconds with build K.
cases=$1 out=$2
shift 2
export HOME=/tmp # Open MPI writes its session directory under it
. tests/e2e/bins.sh # run from the repository's root (tools/scripts/corpus)

# wait_port PORT PID: up to 20 s for a listener on PORT while PID lives.
wait_port() {
	i=0
	while [ $i -lt 200 ] && kill -0 "$2" 2>/dev/null; do
		ss -Hltn "sport = :$1" 2>/dev/null | grep -q . && return 0
		i=$((i + 1))
		sleep 0.1
	done
}

# reap PID SECONDS: its exit status, or 124 after killing it at SECONDS.
reap() {
	i=0
	while kill -0 "$1" 2>/dev/null; do
		i=$((i + 1))
		if [ $i -gt $(($2 * 10)) ]; then
			kill -9 "$1" 2>/dev/null
			wait "$1" 2>/dev/null
			return 124
		fi
		sleep 0.1
	done
	wait "$1"
}

# side ARGS...: the arguments with @JSON@ made this side's file
side_args() {
	echo "$1" | sed "s|@JSON@|$2|g"
}

pair() {
	d=$1 b=$2 no=$3 bin=$4
	shift 4
	line="$*"
	srv=${line%% -- *} cli=${line#* -- }
	port=$((20000 + no))
	w=$(mktemp -d)
	# shellcheck disable=SC2046 # words, as written
	(cd "$w" && exec "$b/$bin" -p $port $(side_args "$srv" "$w/server.json")) \
		</dev/null >"$d/$name.server.out" 2>"$d/$name.server.err" &
	spid=$!
	wait_port $port $spid
	# shellcheck disable=SC2046
	(cd "$w" && exec timeout 120 "$b/$bin" -p $port \
		$(side_args "$cli" "$w/client.json") 10.0.1.1) \
		</dev/null >"$d/$name.client.out" 2>"$d/$name.client.err"
	echo $? >"$d/$name.client.rc"
	reap $spid 60
	echo $? >"$d/$name.server.rc"
	for s in server client; do
		[ -f "$w/$s.json" ] && cp "$w/$s.json" "$d/$name.$s.json"
	done
	rm -rf "$w"
	kill_bins || :
}

mpi() {
	d=$1 b=$2 np=$3 bin=$4
	shift 4
	w=$(mktemp -d)
	# shellcheck disable=SC2068
	(cd "$w" && exec timeout 300 mpirun --allow-run-as-root --oversubscribe \
		-np "$np" --mca btl tcp,self --mca pml ob1 \
		--mca btl_tcp_if_include lo --mca oob_tcp_if_include lo \
		"$b/$bin" $@) </dev/null >"$d/$name.out" 2>"$d/$name.err"
	echo $? >"$d/$name.rc"
	rm -rf "$w"
	kill_bins || :
}

k=0
for b in "$@"; do
	d=$out/$k
	no=0
	while read -r kind rest; do
		case $kind in '' | '#'*) continue ;; esac
		no=$((no + 1))
		name=$(printf %03d $no)
		t0=$(date +%s)
		# shellcheck disable=SC2086 # the line's words
		case $kind in
		pair) pair "$d" "$b" $no $rest ;;
		mpi) mpi "$d" "$b" $rest ;;
		*) continue ;;
		esac
		echo "$name $(($(date +%s) - t0)) s" >>"$out/times.$k"
	done <"$cases"
	echo "corpus: build $k ($b): $no lines done"
	k=$((k + 1))
done
