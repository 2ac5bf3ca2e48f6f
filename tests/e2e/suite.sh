#!/bin/sh
# Description: runs every tests/e2e/t_*.sh inside one Soft-RoCE guest,
# each under a timeout, and prints "RESULT PASS|FAIL|SKIP name (Ns)".
# A failing test's output follows its RESULT line.
cd "$(dirname "$0")/../.." || exit 1
E2E_TIMEOUT=${E2E_TIMEOUT:-240}
# RP_E2E_ONLY: test names separated by white space (whole names)
only=$(echo ${RP_E2E_ONLY:-})
rc=0
for t in tests/e2e/t_*.sh; do
	name=$(basename "$t" .sh)
	case " $only " in "  " | *" $name "*) ;; *) continue ;; esac
	log=/tmp/e2e-$name.log
	start=$(date +%s)
	timeout -k 5 "$E2E_TIMEOUT" sh "$t" >"$log" 2>&1
	st=$?
	secs=$(( $(date +%s) - start ))
	case $st in
	0) echo "RESULT PASS $name (${secs}s)" ;;
	77) echo "RESULT SKIP $name (${secs}s): $(tail -n 1 "$log")" ;;
	*) echo "RESULT FAIL $name (${secs}s, exit $st)"; sed 's/^/    /' "$log"; rc=1 ;;
	esac
	# Nothing may outlive its test.
	pkill -9 -x rail_write_bw 2>/dev/null; pkill -9 -x ib_write_bw 2>/dev/null
done
exit $rc
