"""tools/bench/instr.py - make bench's instruction rows (imported by
analyze.py): the bandwidth clients' instructions per message and the
latency clients' instructions per iteration, both under valgrind
--tool=callgrind, and their targets.

Bandwidth (single.sh "ir", verbs.sh "irv"): the client runs -s 2 -N at two
-n (BENCH_IR_N, 21000 and 1000) and prints "ir-total: COUNT", its
instructions from start to exit; a row is the extra instructions per
extra message between the two runs (start-up, tear-down and report
cancel out). Target: railperf at most IR_RATIO of perftest's (issue 42).

Latency (verbs.sh "ilv", lib.sh irun_lat): the client runs under
tools/bench/cgwait.c, which leaves every ibv_poll_cq (the provider's
poll, empty or not) and a pause after each completion uncounted, so that
no wait is counted (the CQ's, nor a WRITE ping-pong's loop on memory:
the peer's message has landed by the time the tool looks), and dumps the
counts after send FROM and after send TO; it prints "ir-window: COUNT
SENDS", the instructions between the two dumps and TO - FROM. A row is
COUNT / SENDS: the client's own work per iteration (its loop, clock
reads, libibverbs' wrappers, the provider's post). Target: railperf at
most perftest's.
"""

# Instructions per message, by verb: the rows' labels.
IR_LABELS = {"write": "write 2 B hot path (callgrind)",
             "rbw": "READ bw 2 B hot path (callgrind)",
             "sbw": "SEND bw 2 B hot path (callgrind)",
             "abw": "FETCH_AND_ADD bw 8 B hot path (callgrind)"}
# Instructions per latency iteration, waits excluded, by test.
ILAT_LABELS = {"rlat": "READ lat 2 B, per iteration, waits excluded",
               "wlat": "WRITE lat 2 B, per iteration, waits excluded",
               "slat": "SEND lat 2 B, per iteration, waits excluded",
               "alat": "FETCH_AND_ADD lat 8 B, per iteration, waits "
                       "excluded"}
IR_RATIO = 0.85	# bandwidth: railperf at most this much of perftest's


def collect_ir(lines, tool, run, param, ir_runs, verb="write"):
    """The instruction count of a client under callgrind ("ir-total:"
    line, single.sh and verbs.sh irun), by its -n (param 'n21000') and
    verb (verbs.sh: 'rbw', 'sbw', 'abw')."""
    for line in lines:
        if line.startswith("ir-total:"):
            ir_runs.setdefault((verb, tool, run), {})[int(param[1:])] = \
                int(line.split()[1])


def per_extra(by_n):
    """(small, big, the extra per extra message between them) of a run's
    values by -n; None with fewer than two -n."""
    ns = sorted(by_n)
    if len(ns) < 2:
        return None
    small, big = ns[0], ns[-1]
    return small, big, (by_n[big] - by_n[small]) / (big - small)


def add_ir_values(vals, ir_runs):
    """Instructions per message of the 2 B hot path: the extra instructions
    per extra message between the smallest and largest -n of a run (the
    start-up, tear-down and report cancel out)."""
    for (verb, tool, run), by_n in sorted(
            ir_runs.items(), key=lambda kv: (list(IR_LABELS).index(
                kv[0][0]), kv[0][1:])):
        extra = per_extra(by_n)
        if extra:
            vals.add("cpu", "ir_per_msg", IR_LABELS[verb], tool, run,
                     extra[2])


def collect_ilat(vals, lines, tool, run, test):
    """A latency client's "ir-window: COUNT SENDS" (verbs.sh irun_lat):
    COUNT / SENDS instructions per iteration, the waits left out."""
    for line in lines:
        f = line.split()
        if len(f) == 3 and f[0] == "ir-window:" and int(f[2]) > 0:
            vals.add("cpu", "ir_per_iter", ILAT_LABELS[test], tool, run,
                     int(f[1]) / int(f[2]))


def ir_met(metric, pt_med, rp_med):
    """An instruction row's target: bandwidth (ir_per_msg) railperf at
    most IR_RATIO of perftest's, latency (ir_per_iter) at most perftest's;
    None for another metric."""
    if metric == "ir_per_msg":
        return rp_med <= IR_RATIO * pt_med
    if metric == "ir_per_iter":
        return rp_med <= pt_med
    return None
