#!/bin/sh
# Parser style: fields of the header block by label (sed / awk -F on the
# colon), and the QP count as the number of "local address" lines.
# Usage: FILE.
f=$1
echo "link=$(sed -n 's/^ Link type *: //p' "$f")"
echo "mtu=$(sed -n 's/^ Mtu *: \([0-9]*\)\[B\]$/\1/p' "$f")"
echo "gid_index=$(sed -n 's/^ GID index *: //p' "$f")"
echo "qps=$(awk -F'[:\t]+' '/Number of qps/ { gsub(/ /, "", $2); print $2 }' "$f")"
echo "local_lines=$(grep -c '^ local address:' "$f")"
echo "rdma_cm=$(sed -n 's/^ rdma_cm QPs\t : //p' "$f")"
