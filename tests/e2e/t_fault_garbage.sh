#!/bin/sh
# Description: garbage on the control port: random bytes, an HTTP request,
# a truncated message (then closed, or left open), a header announcing
# ~4 GiB, a RAIL message claiming 2^32-1 QPs. The server of each binary
# rejects it with one line naming what came (exit 1, no crash, no
# sanitizer report), without waiting for or allocating what the peer
# announced (its peak RSS stays small), promptly: the bytes stay
# connected, so only the left-open case waits, for --timeout.
. tests/e2e/lib.sh
. tests/e2e/fault.sh

B=$B DEV=$DEV python3 - <<'PY' || fail "garbage on the control port"
import os, re, socket, struct, subprocess, sys, threading, time

sys.path.insert(0, "tests/e2e")
from peer import BINS, connect, hdr, hello  # noqa: E402

B, DEV, TMP = os.environ["B"], os.environ["DEV"], os.environ.get("TMP", "/tmp")
TIMEOUT_S = 3		# the servers' --timeout
BOUND_MS = 5000		# exit after the garbage, but for the left-open case
RSS_MAX_KIB = 300 * 1024

def rail_absurd():	# 64 fixed bytes (protocol 8), num_qps 0xffffffff
    return hdr(2, 64) + struct.pack(">HBBi16sIIQ16sII", 0, 2, 2, 1,
                                    bytes(16), 3, 1, 0, b"p0", 1500,
                                    0xffffffff)

# name, payload(test), close after sending, pattern, extra wait (ms)
CASES = [
    ("random bytes", lambda t: os.urandom(61), False,
     r"bad control message from 127\.0\.0\.1:\d+: not a railperf peer", 0),
    ("HTTP request",
     lambda t: b"GET / HTTP/1.1\r\nHost: railperf\r\n\r\n", False,
     r'not a railperf peer: received "GET / HTTP/1"', 0),
    ("truncated, closed", lambda t: hello(t)[:20], True,
     r"control connection to 127\.0\.0\.1:\d+ closed by the peer while "
     r"waiting for HELLO", 0),
    ("truncated, left open", lambda t: hello(t)[:20], False,
     r"no HELLO from 127\.0\.0\.1:\d+ within the timeout", TIMEOUT_S * 1000),
    ("header announcing 4 GiB", lambda t: hdr(1, 0xfffffff0), False,
     r"HELLO message of 4294967280 bytes exceeds the limit of 65536", 0),
    ("RAIL claiming 2^32-1 QPs", lambda t: hello(t) + rail_absurd(), False,
     r"malformed RAIL message from 127\.0\.0\.1:\d+ \(64 bytes\)", 0),
]

def wait4(pid, secs):
    end = time.time() + secs
    while time.time() < end:
        got, status, ru = os.wait4(pid, os.WNOHANG)
        if got:
            return status, ru
        time.sleep(0.01)
    return None, None

def one(case, name, port, errors, notes):
    label, payload, close, pat, extra = case
    out = "%s/garbage-%s.out" % (TMP, name)
    with open(out, "w") as f:
        proc = subprocess.Popen([os.path.join(B, name), "-d", DEV, "-p",
                                 str(port), "-s", "4096", "-n", "100",
                                 "--timeout", str(TIMEOUT_S)],
                                stdout=f, stderr=subprocess.STDOUT)
    s = connect(port, proc, timeout=2)
    if not s:
        proc.kill(); proc.wait()
        errors.append("%s, %s: could not connect" % (label, name))
        return
    s.sendall(payload(BINS[name]))
    t0 = time.time()
    if close:
        s.close()
    status, ru = wait4(proc.pid, 30)
    ms = int((time.time() - t0) * 1000)
    if not close:
        s.close()
    if status is None:
        proc.kill(); os.waitpid(proc.pid, 0)
        errors.append("%s, %s: server still running after 30 s" % (label, name))
        return
    text = open(out, errors="replace").read()
    last = text.strip().splitlines()[-1:] or [""]
    if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 1:
        errors.append("%s, %s: status %#x, want exit 1:\n%s" % (label, name, status, text))
    elif not re.search(pat, text):
        errors.append("%s, %s: no line matching %r:\n%s" % (label, name, pat, text))
    elif re.search(r"Sanitizer|runtime error:", text):
        errors.append("%s, %s: sanitizer report:\n%s" % (label, name, text))
    elif ms > BOUND_MS + extra:
        errors.append("%s, %s: exit after %d ms (bound %d)" % (label, name, ms, BOUND_MS + extra))
    elif ru.ru_maxrss > RSS_MAX_KIB:
        errors.append("%s, %s: peak RSS %d KiB" % (label, name, ru.ru_maxrss))
    notes.append("# %s, %s: exit 1 after %d ms, peak RSS %d MiB: %s" %
                 (label, name, ms, ru.ru_maxrss // 1024, last[0]))

errors = []
for i, case in enumerate(CASES):
    notes, threads = [], []
    for j, name in enumerate(BINS):	# the three servers at once
        th = threading.Thread(target=one, args=(case, name, 18820 + 3 * i + j,
                                                errors, notes))
        th.start(); threads.append(th)
    for th in threads:
        th.join()
    print("\n".join(sorted(notes)), flush=True)
for e in errors:
    print("FAIL: " + e)
sys.exit(1 if errors else 0)
PY
no_leftovers "garbage"
