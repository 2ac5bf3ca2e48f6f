#!/bin/sh
# Parser style: awk picks columns of the row after the table header, as in
# many lab scripts ("getline; print $4"). Usage: FILE KIND (bw|lat|lat_dur).
case $2 in
bw)	awk '/BW average/ { getline; print "size=" $1; print "iters=" $2
		print "bw_avg=" $4; print "msg_rate=" $5; exit }' "$1" ;;
lat)	awk '/t_typical/ { getline; print "size=" $1; print "t_min=" $3
		print "t_typical=" $5; print "p99=" $8; print "p99_9=" $9; exit }' "$1" ;;
lat_dur) awk '/tps average/ { getline; print "iters=" $2; print "t_avg=" $3
		print "tps=" $4; exit }' "$1" ;;
esac
