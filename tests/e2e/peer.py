"""tests/e2e/peer.py - a fake railperf peer's vocabulary, for the fault
tests that speak the control protocol themselves (t_fault_ctrl.sh,
t_fault_garbage.sh): the message header, a HELLO, connecting to a server
that is still starting. The protocol version is read from the code under
test (common/proto/rp_msg.h), never written down here."""
import re
import socket
import struct
import time

# the binaries with a server, and the test number each puts in HELLO
BINS = {"rail_write_bw": 1, "rail_read_lat": 2, "rail_multi_bw": 3}

# the build's protocol version, as the code under test defines it
PROTO = int(re.search(r"#define RP_PROTO_VERSION (\d+)",
                      open("common/proto/rp_msg.h").read()).group(1))


def hdr(mtype, length, version=PROTO):
    """A 12-byte header: magic "RPF1", version, type, payload length."""
    return struct.pack(">IHHI", 0x52504631, version, mtype, length)


READ_TESTS = (2, 5)   # RP_TEST_READ_LAT, RP_TEST_READ_BW (rp_proto.h)
PF_READ = 1 << 5      # RP_PF_READ (rp_msg.h): the READ verb


def hello(test, flags=0):
    """The HELLO the servers expect: -s 4096 -n 100, one QP, one rail;
    the READ tests' verb flag set, as their clients set it."""
    if test in READ_TESTS:
        flags |= PF_READ
    return hdr(1, 32) + struct.pack(">HHQQIII", test, flags, 4096, 100,
                                    0, 1, 1)


def recv_exact(s, n):
    """n bytes from s, or fewer at EOF (a message comes in two sends)."""
    got = b""
    while len(got) < n:
        part = s.recv(n - len(got))
        if not part:
            break
        got += part
    return got


def connect(port, proc, timeout=5):
    """A connection to the server process proc on 127.0.0.1:port, retried
    for up to 20 s while it starts; None if it never listened."""
    end = time.time() + 20
    while time.time() < end and proc.poll() is None:
        try:
            return socket.create_connection(("127.0.0.1", port),
                                            timeout=timeout)
        except OSError:
            time.sleep(0.1)
    return None
