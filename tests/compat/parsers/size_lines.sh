#!/bin/sh
# Idiom: the fourth field of every stdout line that contains the message
# size as a substring (an acceptance script's grep of the size), one
# "field4_N=" per line; any other line holding the size adds a field.
# Usage: FILE SIZE.
grep -F -- "$2" "$1" | awk '{ n++; print "field4_" n "=" $4 } END { print "lines=" n + 0 }'
