# tools/scripts/cluster_links.gp - the links a rail_cluster_bw run
# measured by its wiring map (a ring, a miswired cluster), drawn as they
# are cabled: hosts on a circle, a line per link, each direction's Gb/s
# beside it. Run by tools/scripts/cluster_heatmap:
#   gnuplot -c cluster_links.gp EDGES NODES LABELS OUT TITLE
# Every argument is a string (ARG1 .. ARG5), never gnuplot code: nothing
# from a results file is evaluated. EDGES: "x y dx dy" a line per link;
# NODES: "x y name" a row per host (quoted); LABELS: "x y text" a row per
# direction of a link (quoted: "h1 rxe1 > h2 rxe0: 0.0197" or "... FAIL");
# OUT: the PNG; TITLE: the title (enhanced text).
set terminal pngcairo enhanced size 900,800 font "DejaVu Sans,10"
set output ARG4
set title ARG5
set size ratio -1
set xrange [-1.6:1.6]
set yrange [-1.4:1.4]
unset border
unset xtics
unset ytics
unset key
set style textbox opaque noborder
plot ARG1 using 1:2:3:4 with vectors nohead lw 2 lc rgb "#2166ac", \
     ARG2 using 1:2 with points pt 7 ps 3 lc rgb "#b2182b", \
     ARG2 using 1:2:3 with labels noenhanced offset 0,1.6 font ",11", \
     ARG3 using 1:2:3 with labels boxed noenhanced font ",8"
