#!/bin/sh
# Description: ibv_reg_mr refused for lack of locked memory: each binary
# runs without CAP_IPC_LOCK (setpriv drops it; root would bypass the
# limit) under ulimit -l 16 (KiB), less than its buffer (-s 65536). Each
# fails at once with exit 1 and one line naming ibv_reg_mr, the device
# and the limit, with the way out (ulimit -l); no process is left.
. tests/e2e/lib.sh
. tests/e2e/fault.sh

command -v setpriv >/dev/null || fail "no setpriv (util-linux)"
for b in $BINS; do
	n=${b##*/}
	expect_fail "$n, ulimit -l 16" \
		"ibv_reg_mr on $DEV \((65536|[0-9]{7,}) bytes\): Cannot allocate memory: the locked-memory limit is 16 KiB \(raise it: ulimit -l" \
		"$FAST_MS" setpriv --bounding-set=-ipc_lock --inh-caps=-ipc_lock \
		sh -c 'ulimit -l 16 && exec "$@"' sh $b -d "$DEV" -p 18951 -s 65536
done
