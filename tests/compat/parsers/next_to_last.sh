#!/bin/sh
# Idiom: stdout's next-to-last line, its fourth field (a cluster script's
# "tail -n 2 | head -n 1 | awk '{print $4}'" after ib_read_bw -a with
# stderr thrown away): stdout must end with the last row and the closing
# dash line. Usage: FILE.
echo "value=$(tail -n 2 "$1" | head -n 1 | awk '{ print $4 }')"
