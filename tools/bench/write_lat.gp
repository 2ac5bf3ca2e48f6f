# tools/bench/write_lat.gp - RDMA WRITE latency vs message size, both
# tools: read_lat.gp on the WRITE latency data.
# gnuplot -e "data='DIR'; out='DIR'" write_lat.gp (tools/bench/bench runs
# it from the top of the tree)
part = 'wlat'
load 'tools/bench/read_lat.gp'
