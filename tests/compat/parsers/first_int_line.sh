#!/bin/sh
# Idiom: the first stdout line that starts (after blanks) with an integer
# is the result row: its field count and every field. Usage: FILE.
grep -E -m 1 '^[[:space:]]*[0-9]+([[:space:]]|$)' "$1" |
	awk '{ print "fields=" NF; for (i = 1; i <= NF; i++) print "f" i "=" $i }'
