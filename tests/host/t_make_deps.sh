#!/usr/bin/env bash
# Description: the Makefile's missing-package message. With a pkg-config
# that lacks one module, make stops before compiling anything, with one
# line naming that module's Debian package and tools/scripts/install-deps,
# and stops at the first missing one; cmocka is asked for only by the
# test targets; make clean needs nothing. The README's two commands, make
# demo and make test, start by installing what is missing, before any
# package is looked for. TAP on stdout.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0 bad=0
# As a user runs it, also when the test runs under make (dpkg-buildpackage):
# no inherited flags, no "Entering directory" lines.
unset MAKEFLAGS MFLAGS MAKELEVEL
mk() { make --no-print-directory -n B="$tmp/b" "$@"; }

# fake_pc NAME MODULE...: a pkg-config that knows none of MODULE.
fake_pc() {
	local f=$tmp/$1 m
	shift
	{
		echo '#!/bin/sh'
		for m in "$@"; do
			echo "for a; do [ \"\$a\" = $m ] && exit 1; done"
		done
		echo 'exec pkg-config "$@"'
	} >"$f"
	chmod +x "$f"
	echo "$f"
}

# check NAME WANT_RC WANT_TEXT ARGS...: make -n ARGS (into a scratch B).
check() {
	local name=$1 rc=$2 want=$3 out got
	shift 3
	out=$(mk "$@" 2>&1)
	got=$?
	n=$((n + 1))
	if [ "$got" -ne 0 ]; then got=2; fi
	if [ "$got" -eq "$rc" ] && [[ $out == *"$want"* ]]; then
		echo "ok $n - $name"
	else
		echo "not ok $n - $name"
		echo "# exit $got (want $rc); output: $(printf '%s' "$out" | head -3)"
		bad=1
	fi
}

pc=$(fake_pc no-cjson libcjson)
check "libcjson missing: the package named" 2 \
	"pkg-config module 'libcjson' not found: install the Debian package libcjson-dev (tools/scripts/install-deps" \
	PKG_CONFIG="$pc" all
out=$(mk PKG_CONFIG="$pc" all 2>&1)
n=$((n + 1))
if [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] && [[ $out != *cc* ]]; then
	echo "ok $n - one line, nothing compiled"
else
	echo "not ok $n - one line, nothing compiled"; bad=1
fi
pc=$(fake_pc no-two librdmacm hwloc)
check "two missing: the first one only" 2 "module 'librdmacm' not found" \
	PKG_CONFIG="$pc" all
out=$(mk PKG_CONFIG="$pc" all 2>&1)
n=$((n + 1))
if [[ $out != *hwloc* ]]; then echo "ok $n - stops at the first"; else
	echo "not ok $n - stops at the first"; bad=1; fi
pc=$(fake_pc no-cmocka cmocka)
check "cmocka missing: make all builds" 0 "" PKG_CONFIG="$pc" all
check "cmocka missing: unit-bins names libcmocka-dev" 2 \
	"install the Debian package libcmocka-dev" PKG_CONFIG="$pc" unit-bins
check "no pkg-config: pkgconf named" 2 \
	"install the Debian package pkgconf" PKG_CONFIG="$tmp/none" all
check "make clean needs no pkg-config" 0 "" PKG_CONFIG="$tmp/none" clean
# first_line NAME WANT ARGS...: the first line make -n ARGS prints is WANT.
first_line() {
	local name=$1 want=$2 out
	shift 2
	out=$(mk "$@" 2>&1 | head -1)
	n=$((n + 1))
	if [ "$out" = "$want" ]; then echo "ok $n - $name"; else
		echo "not ok $n - $name"; echo "# first line: $out"; bad=1; fi
}
first_line "make demo without pkg-config: installs first" \
	"tools/scripts/install-deps --test" PKG_CONFIG="$tmp/none" demo
first_line "make test without pkg-config: installs first" \
	"tools/scripts/install-deps --test" PKG_CONFIG="$tmp/none" test
first_line "make clean without pkg-config: nothing else said" \
	"rm -rf $tmp/b" PKG_CONFIG="$tmp/none" clean
echo "1..$n"
exit $bad
