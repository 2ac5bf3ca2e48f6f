#!/bin/sh
# Idiom: the first stdout line that contains the message size as a
# substring, its fourth field (a node health check's loop over the lines,
# stopping at the first one holding the size). Usage: FILE SIZE.
echo "value=$(grep -F -m 1 -- "$2" "$1" | awk '{ print $4 }')"
