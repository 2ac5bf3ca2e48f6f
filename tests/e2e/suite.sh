#!/bin/sh
# Description: runs the end-to-end tests of one topology, each under a
# timeout (E2E_TIMEOUT seconds, or a test's own "# Timeout: N" line when
# larger), and prints "RESULT PASS|FAIL|SKIP name (Ns)"; a failing test's
# output follows its RESULT line, a skip's reason its name; a part of a
# passing test that could not run (lib.sh skip_part) is its own "RESULT
# SKIP name/part (0s): reason".
#   tools/scripts/softroce run  tests/e2e/suite.sh
#       every t_*.sh, one guest (and an s_*.sh that RP_E2E_ONLY names:
#       make sanitize-e2e's own tests)
#   SOFTROCE_NUMA=2 tools/scripts/softroce run tests/e2e/suite.sh
#       every tn_*.sh, one guest with two NUMA nodes (SOFTROCE_NUMA
#       passed into the guest through SOFTROCE_PASSENV)
#   tools/scripts/softroce run2 tests/e2e/suite.sh ...
#       every t2_*.sh, in two guests joined back to back by two rails:
#       guest a (the server side) and guest b (the client side) each run
#       their half, given the role as $1; names carry the role
#       (t2_multi_bw.a), and a passing test's "# " notes are printed too.
#   tools/scripts/softroce runN 4 tests/e2e/suite.sh
#       every t4_*.sh, in guest h1 of four guests on two shared rail
#       segments; a test reaches the others with mpirun (tests/e2e/mpi.sh)
#       and $SOFTROCE_SSH; a passing test's "# " notes are printed too.
#   tools/scripts/softroce ring N tests/e2e/suite.sh
#       every trN_*.sh (N: 3 or 4), in guest h1 of N guests cabled as a
#       ring (hI's rxe1 to h(I+1)'s rxe0, each cable its own segment),
#       as the t4_*.sh tests (mpirun over the management NIC).
# RP_E2E_ONLY selects tests by whole name (tests/e2e/select.sh).
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/select.sh
. tests/e2e/bins.sh
E2E_TIMEOUT=${E2E_TIMEOUT:-240}
role=${SOFTROCE_GUEST:-single}
case $role in
single) glob='t_*.sh s_*.sh' suffix=
	[ "${SOFTROCE_NUMA:-1}" = 2 ] && glob='tn_*.sh' ;;
a | b) glob='t2_*.sh' suffix=.$role ;;
h1) glob='t4_*.sh' suffix=
	if [ -n "${SOFTROCE_RING:-}" ]; then
		glob="tr${SOFTROCE_RING}_*.sh"
	else
		[ "${SOFTROCE_NHOSTS:-}" = 4 ] ||
			{ echo "suite.sh: t4_*.sh want 4 guests (softroce runN 4), not ${SOFTROCE_NHOSTS:-}"; exit 2; }
	fi ;;
*) echo "suite.sh: SOFTROCE_GUEST '$role': want single, a, b or h1"; exit 2 ;;
esac
rc=0
# The tests in name order, those with an "# Order: last" line after the
# others (a test whose traces outlive it: t2_pulled_cable's link drops
# stay counted until the guests boot again).
# shellcheck disable=SC2086 # $glob: one or two patterns
order=$(cd tests/e2e && ls $glob 2>/dev/null | while read -r f; do
	if grep -q '^# Order: last$' "$f"; then echo "1 $f"; else echo "0 $f"; fi
done | sort -s -k1,1n | cut -d' ' -f2)
for t in $order; do
	t=tests/e2e/$t
	name=$(basename "$t" .sh)
	e2e_selected "$name" || continue
	log=/tmp/e2e-$name.log
	start=$(date +%s)
	tmo=$(sed -n 's/^# Timeout: \([0-9][0-9]*\)$/\1/p' "$t" | head -n 1)
	[ "${tmo:-0}" -gt "$E2E_TIMEOUT" ] || tmo=$E2E_TIMEOUT
	if [ -n "$suffix" ]; then
		timeout -k 5 "$tmo" sh "$t" "$role" >"$log" 2>&1
	else
		timeout -k 5 "$tmo" sh "$t" >"$log" 2>&1
	fi
	st=$?
	secs=$(( $(date +%s) - start ))
	case $st in
	0) echo "RESULT PASS $name$suffix (${secs}s)"
	   # parts that could not run (lib.sh skip_part), each a skip
	   sed -n "s|^SKIP-PART: \([^:]*\): \(.*\)|RESULT SKIP $name$suffix/\1 (0s): \2|p" "$log"
	   # its notes: two-guest and four-guest roles; any test with
	   # E2E_NOTES=1 (SOFTROCE_PASSENV=E2E_NOTES tests/run e2e)
	   if [ -n "$suffix" ] || [ "$role" = h1 ] || [ -n "${E2E_NOTES:-}" ]; then
		grep '^# ' "$log"
	   fi ;;
	77) echo "RESULT SKIP $name$suffix (${secs}s): $(tail -n 1 "$log")" ;;
	*) echo "RESULT FAIL $name$suffix (${secs}s, exit $st)"
	   sed 's/^/    /' "$log"; rc=1 ;;
	esac
	# Nothing may outlive its test: every binary of both families.
	kill_bins
done
exit $rc
