# The mask of tools/scripts/corpus (sed -E), applied to every file of a
# capture before the compare: what differs between two runs of one build
# becomes a fixed token; nothing else is touched. Found by capturing one
# build twice in one guest (corpus capture OUT B B) until the compare of
# the two was empty.
#
# Lines that appear only when a port's counters moved during the run
# (Soft-RoCE under TCG retransmits at random): an --interval row's
# pause / CNP / retry line, a rail's "lossy" verdict.
/ railperf: rail [0-9]+ \([^)]*\): [0-9.]+-[0-9.]+ s: .*(pause frames|CNPs|retries|counter reset)/d
/ railperf: rail [0-9]+: lossy: /d
# The grey-failure signatures that those counters decide (rp_signature.c:
# counters that grew name a congested or lossy path, by the random
# retries and the rail's share): their line, and their name and remedy
# in a rail's JSON "signature".
/ railperf: rail [0-9]+: (congested|lossy path): /d
s/"(name|remedy)":([[:space:]]*)"(congested|lossy path|packets are lost to load[^"]*|the path loses packets[^"]*)"/"\1":\2<SIG>/
# The QP's and the buffer's numbers in perftest's address lines: QPN and
# PSN are random, the rkey and the buffer's address the kernel's.
s/(QPN|PSN|RKey|VAddr) 0x[0-9a-fA-F]+/\1 <X>/g
# The control connection's ephemeral source port in a line that names it.
s/([0-9]+\.[0-9]+\.[0-9]+\.[0-9]+):[0-9]+/\1:<PORT>/g
# A rail's port counters in its report line (retransmissions count too).
s/sent_pkts [0-9]+ sent, [0-9]+ received/sent_pkts <N> sent, <N> received/g
# JSON values that are measured: rates, times, CPU use, latency
# statistics, port counters (cJSON prints a whole double without a
# point, so every value of these keys), and whether a rail was lossy.
s/"(BW_average|BW_peak|MsgRate|bw_average_mib_per_s|msg_rate_mpps|cv_percent|max|mean|min|min_from_s|samples|percent_of_core|s_per_gb|system_s|user_s|wall_s|t_avg|t_max|t_min|t_stdev|t_typical|percentile_[0-9.]+|share_percent|rcv_pkts|xmit_pkts|retry_events)":([[:space:]]*)-?[0-9][0-9.e+-]*/"\1":\2<N>/g
s/"lossy":([[:space:]]*)(true|false)/"lossy":\1<B>/g
# Every other number with a fraction is a measured figure or a time (BW,
# Mpps, usec, seconds, percentages, Gb/s); dotted addresses are kept.
# Twice, for figures one character apart.
s/(^|[^0-9.])[0-9]+\.[0-9]+([^0-9.]|$)/\1<F>\2/g
s/(^|[^0-9.])[0-9]+\.[0-9]+([^0-9.]|$)/\1<F>\2/g
# A row or line with a masked figure: its column padding follows the
# figures' widths.
/<F>/s/[[:space:]]+/ /g
/<F>/s/ $//
