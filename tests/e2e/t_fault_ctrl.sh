#!/bin/sh
# Description: the control channel's waits against a peer that misbehaves,
# for each binary's server (a Python peer on the control port) and client
# (a Python server): heartbeats (PROGRESS) before any run are refused at
# the first one; another protocol version and unknown HELLO flag bits are
# named; SIGINT while waiting for a client or for HELLO, SIGTERM while
# waiting for RAIL end the wait; a fake server answering with HTTP or
# another protocol version fails the client. Each case: exit 1, the
# message's key words, the time after the fault (bound in ms, the times
# seen in "# " lines), the process gone; then no railperf process left.
# Then rail_write_bw's server with an idle connection and one that closes
# at once ahead of its client: the client runs (exit 0, its row, within
# FAST_MS), the idle connection is closed, the other named on one line.
. tests/e2e/lib.sh
. tests/e2e/fault.sh

B=$B DEV=$DEV python3 - <<'PY' || fail "control channel faults"
import os, re, signal, socket, struct, subprocess, sys, threading, time

sys.path.insert(0, "tests/e2e")
from peer import BINS, connect, hdr, hello, recv_exact  # noqa: E402

B, DEV, TMP = os.environ["B"], os.environ["DEV"], os.environ.get("TMP", "/tmp")
TIMEOUT_S = 20	# the binaries' --timeout: no case may wait for it
BOUND_MS = 3000	# from the fault to the exit (TCG, three at once)
START_MS = 15000	# a client's start, connection and failure (FAST_MS)

def beats(s, t):	# heartbeats only, every 200 ms, until refused
    for _ in range(50):
        try:
            s.sendall(hdr(8, 0))
        except OSError:
            return
        time.sleep(0.2)

def hello_then(s, t, sig, proc):	# our HELLO, its answer, then a signal
    s.sendall(hello(t))
    recv_exact(s, 44)
    time.sleep(0.5)
    proc.send_signal(sig)

# name, action(sock, test, proc) -> None (the fault's time is when it
# returns), pattern
SERVER_CASES = [
    ("PROGRESS only", lambda s, t, p: threading.Thread(
        target=beats, args=(s, t), daemon=True).start(),
     r"protocol error from 127\.0\.0\.1:\d+: PROGRESS before the run "
     r"started \(waiting for HELLO\)"),
    ("protocol version 99", lambda s, t, p: s.sendall(hdr(1, 32, 99)),
     r"peer speaks railperf control protocol 99, this build speaks [0-9]+"),
    ("unknown HELLO flag", lambda s, t, p: s.sendall(hello(t, 0x4000)),
     r"HELLO from 127\.0\.0\.1:\d+ has unknown flag bits 0x4000"),
    # a HELLO begun (a connection that says nothing is not yet the client)
    ("SIGINT waiting for HELLO", lambda s, t, p: (s.sendall(hello(t)[:6]),
                                                   time.sleep(0.5),
                                                   p.send_signal(signal.SIGINT)),
     r"interrupted while waiting for HELLO"),
    ("SIGTERM waiting for RAIL", lambda s, t, p: hello_then(
        s, t, signal.SIGTERM, p), r"interrupted while waiting for RAIL"),
    ("SIGINT waiting for a client", None,
     r"interrupted while waiting for a client"),
]

def listening(port):	# a socket in state LISTEN on port, from /proc
    want = ":%04X" % port
    with open("/proc/net/tcp") as f:
        return any(l.split()[1].endswith(want) and l.split()[3] == "0A"
                   for l in f.readlines()[1:])

def finish(proc, out, t0, label, pat, errors, notes, bound=BOUND_MS):
    try:
        proc.wait(timeout=TIMEOUT_S + 10)
    except subprocess.TimeoutExpired:
        proc.kill(); proc.wait()
        errors.append("%s: still running after %d s" % (label, TIMEOUT_S + 10))
        return
    ms = int((time.time() - t0) * 1000)
    text = open(out, errors="replace").read()
    if proc.returncode != 1:
        errors.append("%s: exit %d, want 1:\n%s" % (label, proc.returncode, text))
    elif not re.search(pat, text):
        errors.append("%s: no line matching %r:\n%s" % (label, pat, text))
    elif re.search(r"Sanitizer|runtime error:", text):
        errors.append("%s: sanitizer report:\n%s" % (label, text))
    elif ms > bound:
        errors.append("%s: exit %d ms after the fault (bound %d)" % (label, ms, bound))
    notes.append("# %s: exit 1 %d ms after the fault: %s" %
                 (label, ms, text.strip().splitlines()[-1]))

def server_case(case, name, port, errors, notes):
    label, action, pat = case
    label = "%s, %s server" % (label, name)
    out = "%s/ctrl-%s.out" % (TMP, name)
    with open(out, "w") as f:
        proc = subprocess.Popen([os.path.join(B, name), "-d", DEV, "-p",
                                 str(port), "-s", "4096", "-n", "100",
                                 "--timeout", str(TIMEOUT_S)],
                                stdout=f, stderr=subprocess.STDOUT)
    if action is None:	# no client: signal the listening server
        end = time.time() + 20
        while not listening(port) and time.time() < end:
            time.sleep(0.1)
        proc.send_signal(signal.SIGINT)
        return finish(proc, out, time.time(), label, pat, errors, notes)
    s = connect(port, proc)
    if not s:
        proc.kill(); proc.wait()
        errors.append("%s: could not connect" % label)
        return
    action(s, BINS[name], proc)
    finish(proc, out, time.time(), label, pat, errors, notes)
    s.close()

def fake_server(port, reply, ready):
    ls = socket.socket()
    ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    ls.bind(("127.0.0.1", port)); ls.listen(1); ls.settimeout(30)
    ready.set()
    try:
        c, _ = ls.accept()
        recv_exact(c, 44)	# the client's HELLO
        c.sendall(reply)
        time.sleep(TIMEOUT_S)		# stay connected: no EOF to notice
        c.close()
    except OSError:
        pass
    ls.close()

CLIENT_CASES = [
    ("HTTP from the server", b"HTTP/1.1 400 Bad Request\r\n\r\n",
     r"bad control message from 127\.0\.0\.1:\d+: not a railperf peer: "
     r'received "HTTP/1.1 400"'),
    ("server protocol version 99", hdr(1, 32, 99) + bytes(32),
     r"peer speaks railperf control protocol 99, this build speaks [0-9]+"),
]

def client_case(case, name, port, errors, notes):
    label, reply, pat = case
    label = "%s, %s client" % (label, name)
    ready = threading.Event()
    th = threading.Thread(target=fake_server, args=(port, reply, ready),
                          daemon=True)
    th.start(); ready.wait(10)
    out = "%s/ctrlc-%s.out" % (TMP, name)
    t0 = time.time()
    with open(out, "w") as f:
        proc = subprocess.Popen([os.path.join(B, name), "-d", DEV, "-p",
                                 str(port), "-s", "4096", "-n", "100",
                                 "--timeout", str(TIMEOUT_S), "127.0.0.1"],
                                stdout=f, stderr=subprocess.STDOUT)
    # the client starts (a second or more under TCG) before the fault
    finish(proc, out, t0, label, pat, errors, notes, START_MS)

errors = []
port = 18900
for kind, cases in (("server", SERVER_CASES), ("client", CLIENT_CASES)):
    for case in cases:
        notes, threads = [], []
        for name in BINS:	# the three binaries at once
            port += 1
            fn = server_case if kind == "server" else client_case
            th = threading.Thread(target=fn, args=(case, name, port, errors,
                                                   notes))
            th.start(); threads.append(th)
        for th in threads:
            th.join()
        print("\n".join(sorted(notes)), flush=True)
for e in errors:
    print("FAIL: " + e)
sys.exit(1 if errors else 0)
PY
no_leftovers "control channel faults"

# A server serves its client: an idle TCP connection (a port scan, a
# health check) and one that connects and closes come first; the real
# client then runs at once, not after the idle one's --timeout (60 s by
# default), and the idle connection is closed.
bg "$TMP/idle.server" "$W" -d "$DEV" -p 18960 -s 4096 -n 5
spid=$BG_PID
wait_listen 18960 20 "$spid" || fail "idle first: the server is not listening"
python3 -c '
import socket, time
s = socket.create_connection(("127.0.0.1", 18960))
socket.create_connection(("127.0.0.1", 18960)).close()
s.settimeout(90)
t = time.time()
try:
    got = s.recv(1)
except OSError as e:
    got = str(e)
print("idle connection: %r after %.1f s" % (got, time.time() - t))
' >"$TMP/idle.peer" 2>&1 &
ppid=$!
sleep 1
t0=$(now_ms)
timeout 60 "$W" -d "$DEV" -p 18960 -s 4096 -n 5 127.0.0.1 >"$TMP/idle.client" 2>&1
crc=$? el=$(( $(now_ms) - t0 ))
wait_pid "$spid" 30
src=$?
wait_pid "$ppid" 30
[ "$crc" = 0 ] && [ "$src" = 0 ] && [ "$(rows "$TMP/idle.client" | wc -l)" = 1 ] ||
	fail "idle first: client exit $crc, server exit $src: $(cat "$TMP/idle.client" "$TMP/idle.server")"
within "idle first: the real client's run" "$el" "$FAST_MS"
grep -q "^idle connection: b'' after" "$TMP/idle.peer" ||
	fail "idle first: the idle connection was not closed: $(cat "$TMP/idle.peer")"
grep -Eq '^rail_write_bw: warning: a connection from 127\.0\.0\.1:[0-9]+ ended without sending anything: closed, still waiting for the client$' "$TMP/idle.server" ||
	fail "idle first: no line for the closed connection: $(cat "$TMP/idle.server")"
note "$(cat "$TMP/idle.peer")"
no_leftovers "idle first"
