#!/usr/bin/env bash
# Description: the list of binaries the end-to-end suite kills after each
# test (tests/e2e/bins.sh) is exact: RP_BINS names every binary the tree
# builds (bw/*.c, lat/*.c, tools/rail_info/*.c) and nothing else; PT_BINS
# names every perftest binary a test or tool starts (each ib_*_bw and
# ib_*_lat the scripts name); the pattern bins_pattern gives pgrep and
# pkill -x is those names and '|' alone. TAP on stdout.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh
. tests/e2e/bins.sh

# words: the words of stdin, sorted, each once, on one line.
words() { tr ' \n' '\n\n' | sed '/^$/d' | sort -u | tr '\n' ' '; }
# ok: 1 when the command succeeds, else 0 (tap's first argument).
ok() { "$@" && echo 1 || echo 0; }

tree=$(for f in bw/*.c lat/*.c tools/rail_info/*.c; do basename "$f" .c; done | words)
got=$(echo "$RP_BINS" | words)
tap "$(ok [ "$got" = "$tree" ])" "RP_BINS is the tree's binaries" \
	"RP_BINS: $got" "tree:    $tree"

named=$(grep -rhoE '\bib_[a-z]+_(bw|lat)\b' tests/e2e tests/compat tools/bench \
	tools/scripts | words)
got=$(echo "$PT_BINS" | words)
missing=
for b in $named; do
	case " $got " in *" $b "*) ;; *) missing="$missing $b" ;; esac
done
tap "$(ok [ -z "$missing" ])" "PT_BINS holds every perftest binary the scripts start" \
	"missing:$missing"

pat=$(bins_pattern "$RP_BINS $PT_BINS")
bad=$(echo "$pat" | tr '|' '\n' | grep -vcE '^(rail|ib)_[a-z_]+$')
long=$(echo "$pat" | tr '|' '\n' | awk 'length > 15' | wc -l)
tap "$(ok [ "$bad$long" = 00 ])" \
	"the pattern is exact names of at most 15 characters, '|'-separated" \
	"pattern: $pat"
tap_end
