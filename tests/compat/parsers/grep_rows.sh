#!/bin/sh
# Parser style: grep the rows (lines that start with two numbers), take
# the last one and count its fields. Usage: FILE KIND.
grep -E '^ +[0-9]+ +[0-9]+ ' "$1" | tail -n 1 |
	awk '{ print "fields=" NF; print "size=" $1; print "last=" $NF }'
