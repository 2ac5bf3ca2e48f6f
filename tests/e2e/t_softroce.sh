#!/bin/sh
# Description: the test bed itself: rxe0 and rxe1 exist and are ACTIVE, GID
# index 1 of each is its rail's IPv4-mapped address, 128 hugepages are
# reserved with hugetlbfs mounted, /tmp is writable, the cwd is preserved.
exec sh tests/e2e/softroce_selftest.sh "$PWD"
