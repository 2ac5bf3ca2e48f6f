#!/bin/sh
# Parser style: --output=bandwidth|message_rate|latency read as the last
# line of stdout (NVIDIA's ngc_multinode_perf does this). Usage: FILE.
v=$(tail -n 1 "$1")
echo "value=$(echo "$v" | grep -E '^[0-9]+\.[0-9]{6}$')"
