#!/bin/sh
# The output rule on railperf's own lines (docs/measuring.md, Output): of
# the lines starting with " railperf:" in FILE... (stderr, or stdout and
# stderr merged), how many hold a '-', the words "error" or "fail" in any
# case, or SIZE (the message size; "-" to skip that part), and how many
# there are. Usage: SIZE FILE...
size=$1; shift
cat "$@" | awk -v size="$size" '/^ railperf:/ { n++
	l = tolower($0)
	if (index($0, "-") || l ~ /error|fail/ || (size != "-" && index($0, size))) {
		bad++; print "line_" bad "=" $0 } }
	END { print "lines=" n + 0; print "bad=" bad + 0 }'
