#!/bin/sh
# Description: bad values that need the device fail at once, with one
# line naming the value and the limit (the device-free ones, -n 0, -s 0,
# -t 0, a non-number, are tests/host/t_first_errors'). A size beyond the
# port's max_msg_sz (read from
# ibv_devinfo -v) fails on either side before a buffer is allocated,
# naming the device and its limit; -s 2G, more than the guest's memory,
# is refused by the memory check first. All three binaries; and
# rail_read_lat and rail_multi_bw name an unknown device, a missing port,
# an empty GID entry and a server that is not there (within --timeout), as
# t_write_bw_errors does for rail_write_bw.
. tests/e2e/lib.sh
. tests/e2e/fault.sh

# What t_write_bw_errors checks for rail_write_bw, for the other two.
for b in $L $M; do
	n=${b##*/}
	expect_fail "$n -d nosuch" \
		"device 'nosuch' not found; devices present: rxe0, rxe1" \
		"$FAST_MS" $b -d nosuch
	expect_fail "$n -i 2" "port 2 does not exist on $DEV; valid ports: 1..1" \
		"$FAST_MS" $b -d "$DEV" -i 2
	expect_fail "$n -x 7" "GID index 7 of $DEV port 1 is empty; valid entries: 0 " \
		"$FAST_MS" $b -d "$DEV" -x 7
	expect_fail "$n, no server" \
		"could not connect to 127.0.0.1:18802 within 2 s" \
		$((2000 + FAST_MS)) $b -d "$DEV" -p 18802 --timeout 2 127.0.0.1
done

max=$(ibv_devinfo -v -d "$DEV" | sed -n 's/^[[:space:]]*max_msg_sz:[[:space:]]*//p' | head -n 1)
[ -n "$max" ] || skip "no max_msg_sz in ibv_devinfo -v -d $DEV"
max=$((max))
big=$((max + 1))
note "$DEV max_msg_sz $max"
for b in $BINS; do
	n=${b##*/}
	expect_fail "$n server -s $big" \
		"size $big exceeds the largest message $DEV allows \(max_msg_sz $max\)" \
		"$FAST_MS" $b -d "$DEV" -p 18801 -s $big
	# The client fails before it connects (no server is running).
	expect_fail "$n client -s $((2 * max))" \
		"size $((2 * max)) exceeds the largest message $DEV allows" \
		"$FAST_MS" $b -d "$DEV" -p 18801 -s $((2 * max)) --timeout 30 "$SERVER_IP"
	# -s 2G is more than the guest's memory: refused by the memory check,
	# before the device is opened, naming the numbers and what to lower
	expect_fail "$n client -s 2G" \
		"the buffers need 2147483648 bytes .*MemAvailable is [0-9]* bytes: lower -s or -q" \
		"$FAST_MS" $b -d "$DEV" -p 18801 -s 2G --timeout 30 "$SERVER_IP"
done
