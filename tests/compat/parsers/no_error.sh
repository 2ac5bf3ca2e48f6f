#!/bin/sh
# Idiom: stdout and stderr together hold neither "error" nor "fail" in any
# case (a CI suite fails the step on either word). Usage: FILE...
echo "hits=$(cat "$@" | grep -E -i -c 'error|fail')"
