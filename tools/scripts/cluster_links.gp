# tools/scripts/cluster_links.gp - the links a rail_cluster_bw run
# measured by its wiring map (a ring, a miswired cluster), drawn as they
# are cabled: hosts on a circle, a line per link, each direction's Gb/s
# beside it. Run by tools/scripts/cluster_heatmap:
#   gnuplot -c cluster_links.gp EDGES NODES LABELS OUT TITLE
# Every argument is a string (ARG1 .. ARG5), never gnuplot code: nothing
# from a results file is evaluated. EDGES: "x y dx dy dashed" a row per
# link (dashed 1: cabled by the map, no cell measured); NODES: "x y" a
# row per host; LABELS: "x y align text name" a row per direction of a
# link ("h1 rxe1 > h2 rxe0: 0.0197", "... FAIL", "... n/a") and per host
# (name 1), the text quoted, align -1 right, 0 centre, 1 left of x y;
# OUT: the PNG; TITLE: the title (enhanced text).
set terminal pngcairo enhanced size 1200,800 font "DejaVu Sans,10"
set output ARG4
set title ARG5
set size ratio -1
set xrange [-2.4:2.4]
set yrange [-1.45:1.45]
unset border
unset xtics
unset ytics
set key bottom left
set style textbox opaque noborder
# a label's x where its row has alignment A and font N, else NaN (skipped)
at(a, n) = ($3 == a && $5 == n) ? $1 : NaN
plot ARG1 using ($5 > 0 ? NaN : $1):2:3:4 with vectors nohead lw 2 \
          lc rgb "#2166ac" title "link, Gb/s each way", \
     ARG1 using ($5 > 0 ? $1 : NaN):2:3:4 with vectors nohead lw 2 dt 2 \
          lc rgb "#2166ac" title "cabled, not measured", \
     ARG2 using 1:2 with points pt 7 ps 3 lc rgb "#b2182b" notitle, \
     ARG3 using (at(-1, 0)):2:4 with labels right boxed noenhanced \
          font ",8" notitle, \
     ARG3 using (at(0, 0)):2:4 with labels center boxed noenhanced \
          font ",8" notitle, \
     ARG3 using (at(1, 0)):2:4 with labels left boxed noenhanced \
          font ",8" notitle, \
     ARG3 using (at(-1, 1)):2:4 with labels right noenhanced \
          font ",11" notitle, \
     ARG3 using (at(0, 1)):2:4 with labels center noenhanced \
          font ",11" notitle, \
     ARG3 using (at(1, 1)):2:4 with labels left noenhanced \
          font ",11" notitle
