#!/bin/sh
# Description: bad devices, ports and GID indexes fail fast with one line
# naming the bad value and the valid ones; a client with no server gives up
# within its --timeout with a clear error. Each: exit 1 exactly (not a
# crash, a sanitizer report or a timeout kill), the line, a time bound,
# no process left.
. tests/e2e/lib.sh
. tests/e2e/fault.sh

expect_fail "-d nosuch" "device 'nosuch' not found; devices present: rxe0, rxe1" \
	"$FAST_MS" $W -d nosuch
expect_fail "-i 2" "port 2 does not exist on rxe1; valid ports: 1..1" \
	"$FAST_MS" $W -d rxe1 -i 2
expect_fail "-x 7" "GID index 7 of rxe1 port 1 is empty; valid entries: 0 \(RoCE v2 fe80::" \
	"$FAST_MS" $W -d rxe1 -x 7
expect_fail "-x 7, the entry chosen" "1 \(RoCE v2 ::ffff:10\.0\.2\.1 on eth1\)" \
	"$FAST_MS" $W -d rxe1 -x 7
expect_fail "-x 300" "invalid -x value .300.: valid values are 0 \.\. 255" \
	"$FAST_MS" $W -d rxe1 -x 300
expect_fail "no server, --timeout 2" \
	"could not connect to 127\.0\.0\.1:18651 within 2 s" \
	7000 $W -d rxe1 -p 18651 --timeout 2 127.0.0.1
