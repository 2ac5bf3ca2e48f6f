#!/usr/bin/env bash
# Description: make demo's script (tools/scripts/demo.sh) on stubs of the
# three tools it runs (rail_write_bw, ib_write_bw, rail_info: each logs
# its command line and prints a table in perftest's format, its BW
# average a value of the test's): it runs rail_write_bw and ib_write_bw
# with the same flags, alternately, three times each (server, then
# client); it prints each tool's median and range of the BW average
# (three runs: median 30.00, range 20.00 .. 40.00; two of three when one
# ib_write_bw run gives no row: median 11.00), says they are an
# emulator's figures, and prints perftest's GID index as ib_write_bw's
# own header line says it (3 here), nothing about perftest of its own.
# It exits 0, and 1 when a rail_write_bw run gives no result. TAP on
# stdout.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/b" "$tmp/bin"

# a stub NAME BWS: logs "NAME ARGS", the server (no 10.0.2.1) ends at
# once; the client's Nth call prints a table whose BW average is BWS's
# Nth word ("x": no row, exit 1) and a header line "GID index : 3"
stub() {
	cat >"$2" <<SH
#!/bin/sh
echo "$1 \$*" >>"$tmp/log"
case " \$* " in *" 10.0.2.1 "*) ;; *) exit 0 ;; esac
n=\$(grep -c "^$1 .*10\\.0\\.2\\.1" "$tmp/log")
bw=\$(echo "$3" | cut -d ' ' -f "\$n")
echo " GID index       : 3"
echo " railperf: rail rxe1 port 1: GID index 1: RoCE v2, IPv4 10.0.2.1"
[ "\$bw" = x ] && exit 1
echo " #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]"
echo " 65536      1000             0.00               \$bw   0.000400"
SH
	chmod +x "$2"
}
stub rail_write_bw "$tmp/b/rail_write_bw" "30.00 20.00 40.00"
stub ib_write_bw "$tmp/bin/ib_write_bw" "10.00 x 12.00"
printf '#!/bin/sh\necho "rail_info $*" >>"%s/log"\necho "  GID index 1: fe80::1 (RoCE v2)"\n' \
	"$tmp" >"$tmp/b/rail_info"
chmod +x "$tmp/b/rail_info"

out=$(PATH=$tmp/bin:$PATH B=$tmp/b TMPDIR=$tmp sh tools/scripts/demo.sh 2>&1)
rc=$?
flags="-d rxe1 -s 65536 -D 2"
want=$(for i in 1 2 3; do
	printf 'rail_write_bw %s\nrail_write_bw %s 10.0.2.1\n' "$flags" "$flags"
	printf 'ib_write_bw %s\nib_write_bw %s 10.0.2.1\n' "$flags" "$flags"
done; echo "rail_info -d rxe1")
[ "$(cat "$tmp/log")" = "$want" ]
tap $((! $?)) "the same flags, alternately, three runs each" \
	"log: $(cat "$tmp/log")"
[ $rc = 0 ] &&
	grep -qxF "  rail_write_bw: median 30.00, range 20.00 .. 40.00 MB/sec (3 of 3 runs: 20.00 30.00 40.00)" <<<"$out" &&
	grep -qxF "  ib_write_bw:   median 11.00, range 10.00 .. 12.00 MB/sec (2 of 3 runs: - 10.00 12.00)" <<<"$out"
tap $((! $?)) "each tool's median and range, exit 0" "exit $rc" "$out"
grep -q "an emulator's figures" <<<"$out"
tap $((! $?)) "the figures said to be an emulator's"
# every line naming perftest's GID: read from its output (index 3 here)
gidlines=$(grep -i 'gid' <<<"$out" | grep -i 'ib_write_bw\|perftest')
[ "$gidlines" = "  ib_write_bw's header: GID index       : 3" ]
tap $((! $?)) "perftest's GID index as its header says it" "got: $gidlines"
stub rail_write_bw "$tmp/b/rail_write_bw" "30.00 x 40.00"
: >"$tmp/log"
PATH=$tmp/bin:$PATH B=$tmp/b TMPDIR=$tmp sh tools/scripts/demo.sh >/dev/null 2>&1
rc=$?
[ $rc = 1 ]
tap $((! $?)) "a rail_write_bw run without a result: exit 1" "exit $rc"
[ -z "$(ls -A "$tmp" | grep -v '^b$\|^bin$\|^log$')" ]
tap $((! $?)) "nothing left in TMPDIR" "$(ls -A "$tmp")"
tap_end
