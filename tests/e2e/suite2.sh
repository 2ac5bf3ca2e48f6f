#!/bin/sh
# Description: runs every tests/e2e/t2_*.sh in two Soft-RoCE guests joined
# back to back by two rails (tools/softroce run2): guest a is the server
# side, guest b the client side; each prints "RESULT PASS|FAIL|SKIP name".
cd "$(dirname "$0")/../.." || exit 1
role=${SOFTROCE_GUEST:?run me with tools/softroce run2}
E2E_TIMEOUT=${E2E_TIMEOUT:-240}
# RP_E2E_ONLY: test names separated by white space (whole names)
only=$(echo ${RP_E2E_ONLY:-})
rc=0
for t in tests/e2e/t2_*.sh; do
	name=$(basename "$t" .sh)
	case " $only " in "  " | *" $name "*) ;; *) continue ;; esac
	log=/tmp/e2e-$name.log
	start=$(date +%s)
	timeout -k 5 "$E2E_TIMEOUT" sh "$t" "$role" >"$log" 2>&1
	st=$?
	secs=$(( $(date +%s) - start ))
	case $st in
	0) echo "RESULT PASS $name.$role (${secs}s)"; grep '^# ' "$log" ;;
	77) echo "RESULT SKIP $name.$role (${secs}s): $(tail -n 1 "$log")" ;;
	*) echo "RESULT FAIL $name.$role (${secs}s, exit $st)"
	   sed 's/^/    /' "$log"; rc=1 ;;
	esac
done
exit $rc
