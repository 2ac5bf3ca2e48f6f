# The mask of tools/scripts/corpus (sed -E) for a timed run's files (a
# case line with -D, and rail_cluster_bw's rounds), after mask.sed: the
# messages counted in the window vary from run to run.
# perftest's row: #bytes, then #iterations (the WRs in the window).
s/^( *[0-9]+[[:space:]]+)[0-9]+/\1<N>/
s/[0-9]+ messages/<N> messages/g
s/"(n_iterations|messages|bytes)":([[:space:]]*)[0-9]+/"\1":\2<N>/g
