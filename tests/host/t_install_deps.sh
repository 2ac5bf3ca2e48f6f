#!/usr/bin/env bash
# Description: tools/scripts/install-deps checks each package for the
# native architecture, on a machine of stubs (dpkg, dpkg-query as dpkg
# answers for what is installed, apt-get and sudo that only log): with
# every package of --build installed for amd64 but libibverbs-dev, which
# is there for arm64 only (as tools/scripts/check-aarch64 leaves it),
# install-deps installs libibverbs-dev, and only it; librdmacm-dev there
# for both architectures and a package of "Architecture: all" count as
# installed; with everything there it installs nothing. TAP on stdout.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin"

# dpkg-query as dpkg's answers it from $tmp/installed ("NAME ARCH" lines:
# the instances installed): -W, -f=FORMAT with ${Status},
# ${Architecture}, ${Package}, ${binary:Package}; NAME or NAME:ARCH.
cat >"$tmp/bin/dpkg-query" <<'PY'
#!/usr/bin/env python3
import os, sys
rows = [l.split() for l in open(os.environ["STUB_INSTALLED"]) if l.strip()]
fmt, names = "${Package}\t${Version}\n", []
args = sys.argv[1:]
while args:
    a = args.pop(0)
    if a.startswith("-f="):
        fmt = a[3:]
    elif a in ("-f", "--showformat"):
        fmt = args.pop(0)
    elif a.startswith("--showformat="):
        fmt = a.split("=", 1)[1]
    elif a != "-W":
        names.append(a)
rc = 0
for n in names:
    name, _, arch = n.partition(":")
    hits = [r for r in rows if r[0] == name and (not arch or r[1] == arch)]
    if not hits:
        sys.stderr.write("dpkg-query: no packages found matching %s\n" % n)
        rc = 1
    for r in hits:
        out = fmt.replace("${Status}", "install ok installed")
        out = out.replace("${Architecture}", r[1]).replace("${Package}", r[0])
        out = out.replace("${binary:Package}", "%s:%s" % (r[0], r[1]))
        sys.stdout.write(out.replace("\\n", "\n"))
sys.exit(rc)
PY
printf '#!/bin/sh\n[ "$1" = --print-architecture ] && echo amd64 && exit 0\necho "dpkg $*" >>"$STUB_LOG"\n' >"$tmp/bin/dpkg"
printf '#!/bin/sh\necho "apt-get $*" >>"$STUB_LOG"\n' >"$tmp/bin/apt-get"
printf '#!/bin/sh\nexec "$@"\n' >"$tmp/bin/sudo"
chmod +x "$tmp/bin"/*
export STUB_INSTALLED=$tmp/installed STUB_LOG=$tmp/log

build=$(tools/scripts/install-deps --list | sed -n 's/^build: *//p')
[ -n "$build" ]
tap $((! $?)) "install-deps --list names the build packages" "$build"

# installed NAME ARCH...: the table, every build package amd64 but those
# given, then the given lines
installed() {
	local p skip=" $* "
	: >"$tmp/installed"
	for p in $build; do
		[[ $skip == *" $p "* ]] || echo "$p amd64" >>"$tmp/installed"
	done
	while [ $# -gt 0 ]; do echo "$1 $2" >>"$tmp/installed"; shift 2; done
}

installed libibverbs-dev arm64 librdmacm-dev arm64 librdmacm-dev amd64 \
	make all
: >"$tmp/log"
out=$(PATH=$tmp/bin:$PATH tools/scripts/install-deps --build 2>&1)
rc=$?
inst=$(grep '^apt-get install' "$tmp/log")
[ $rc = 0 ] && [ "$out" = "install-deps: installing libibverbs-dev" ] &&
	[[ $inst == "apt-get install "*" libibverbs-dev" ]] &&
	[ "$(grep -c '^apt-get install' "$tmp/log")" = 1 ]
tap $((! $?)) "arm64 libibverbs-dev alone: the amd64 one installed, nothing else" \
	"exit $rc, said: $out" "log: $(cat "$tmp/log")"

installed
: >"$tmp/log"
out=$(PATH=$tmp/bin:$PATH tools/scripts/install-deps --build 2>&1)
rc=$?
[ $rc = 0 ] && [ -z "$out" ] && [ ! -s "$tmp/log" ]
tap $((! $?)) "everything there: nothing installed" "exit $rc, said: $out" \
	"log: $(cat "$tmp/log")"
tap_end
