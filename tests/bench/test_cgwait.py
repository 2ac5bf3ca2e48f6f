#!/usr/bin/env python3
"""Test of tools/bench/cgwait.c, make bench's LD_PRELOAD for the latency
clients' instruction counts, under valgrind --tool=callgrind on the host
(no RDMA device): a fake libibverbs (its ibv_open_device and
ibv_qp_to_qp_ex give a context whose poll_cq comes back empty EMPTY times
before each completion, each empty poll burning about 2000 instructions)
under a client loop that posts (ibv_post_send, or ibv_wr_complete on an
ibv_qp_ex), polls, and does a fixed piece of work per iteration. Prints
TAP.

The shim must count the same per iteration however long the wait (0 or
200 empty polls: 400000 instructions of polling per iteration), count the
work (at least its loop's instructions), and dump exactly the sends
between RP_CG_FROM and RP_CG_TO (a run whose window is cut short leaves
no part 2). Skipped, visibly, without valgrind or its callgrind.h.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CGWAIT = os.path.join(HERE, "..", "..", "tools", "bench", "cgwait.c")

FAKE = r"""
#include <infiniband/verbs.h>

static int empty, left;
static volatile unsigned long burn;

static void spin(void)
{
	for (int i = 0; i < 500; i++)
		burn += i;
}

static int fake_poll(struct ibv_cq *cq, int ne, struct ibv_wc *wc)
{
	(void)cq; (void)ne;
	if (left-- > 0) {
		spin();
		return 0;
	}
	left = empty;
	wc->status = IBV_WC_SUCCESS;
	return 1;
}

static int fake_post(struct ibv_qp *qp, struct ibv_send_wr *wr,
		     struct ibv_send_wr **bad)
{
	(void)qp; (void)wr; (void)bad;
	return 0;
}

static int fake_complete(struct ibv_qp_ex *qx)
{
	(void)qx;
	return 0;
}

void fake_empty(int n);
void fake_empty(int n)
{
	empty = left = n;
}

struct ibv_context *ibv_open_device(struct ibv_device *dev)
{
	static struct ibv_context c;

	(void)dev;
	c.ops.poll_cq = fake_poll;
	c.ops.post_send = fake_post;
	return &c;
}

struct ibv_qp_ex *ibv_qp_to_qp_ex(struct ibv_qp *qp)
{
	static struct ibv_qp_ex qx;

	qx.qp_base = *qp;
	qx.wr_complete = fake_complete;
	return &qx;
}
"""

CLIENT = r"""
#include <stdlib.h>
#include <string.h>
#include <infiniband/verbs.h>

void fake_empty(int n);
static volatile unsigned long work;

int main(int argc, char **argv)
{
	int iters = atoi(argv[1]), wr_api = !strcmp(argv[3], "wr");
	struct ibv_context *ctx = ibv_open_device(NULL);
	struct ibv_qp qp = { .context = ctx };
	struct ibv_cq cq = { .context = ctx };
	struct ibv_qp_ex *qx = ibv_qp_to_qp_ex(&qp);
	struct ibv_send_wr wr = { 0 }, *bad;
	struct ibv_wc wc;

	fake_empty(atoi(argv[2]));
	for (int i = 0; i < iters; i++) {
		if (wr_api)
			ibv_wr_complete(qx);
		else
			ibv_post_send(&qp, &wr, &bad);
		while (ibv_poll_cq(&cq, 1, &wc) == 0)
			;
		for (int k = 0; k < 1000; k++)
			work += k;
	}
	return 0;
}
"""

sys.path.insert(0, HERE)
from test_analyze import check, finish  # noqa: E402 (TAP, one way)


def build(tmp):
    cc = os.environ.get("CC", "cc")
    flags = ["-O1", "-Wall", "-Werror"]
    subprocess.run([cc, *flags, "-fPIC", "-shared", "-o",
                    f"{tmp}/libfakeverbs.so", "-x", "c", "-"],
                   input=FAKE, text=True, check=True)
    subprocess.run([cc, "-O2", "-fPIC", "-shared", "-o",
                    f"{tmp}/cgwait.so", CGWAIT, "-ldl"], check=True)
    subprocess.run([cc, *flags, "-o", f"{tmp}/client", "-x", "c", "-",
                    "-x", "none", f"-L{tmp}", "-lfakeverbs",
                    f"-Wl,-rpath,{tmp}"], input=CLIENT, text=True,
                   check=True)


def window(tmp, empty, api, frm=5, to=25, iters=40):
    """(part 2's total instructions or None, the run's exit status)."""
    out = f"{tmp}/cg.{empty}.{api}.{to}"
    env = dict(os.environ, LD_PRELOAD=f"{tmp}/cgwait.so",
               RP_CG_FROM=str(frm), RP_CG_TO=str(to), RP_CG_PAUSE_US="0")
    p = subprocess.run(["valgrind", "--tool=callgrind",
                        f"--callgrind-out-file={out}", f"{tmp}/client",
                        str(iters), str(empty), api], env=env,
                       capture_output=True, text=True, timeout=120)
    try:
        with open(out + ".2") as f:
            m = re.search(r"^totals: *(\d+)", f.read(), re.M)
        return (int(m.group(1)) if m else None), p.returncode
    except FileNotFoundError:
        return None, p.returncode


def main():
    if not shutil.which("valgrind") or not os.path.exists(
            "/usr/include/valgrind/callgrind.h"):
        print("1..1\nok 1 - # SKIP no valgrind (Debian's valgrind) here")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        build(tmp)
        for api in ("post", "wr"):
            idle, rc0 = window(tmp, 0, api)
            busy, rc1 = window(tmp, 200, api)
            check(f"{api}: both runs exit 0 with a part 2", rc0 == 0 and
                  rc1 == 0 and idle is not None and busy is not None,
                  (rc0, rc1, idle, busy))
            if idle is None or busy is None:
                continue
            per = idle / 20
            check(f"{api}: 20 iterations of at least the work's 1000-step "
                  f"loop each and little more ({per:.0f} per iteration)",
                  3000 <= per <= 8000, per)
            check(f"{api}: 200 empty polls per wait (about 400000 "
                  f"instructions) left out: {busy} vs {idle}",
                  abs(busy - idle) <= 0.01 * idle, (busy, idle))
        short, _ = window(tmp, 0, "post", to=50, iters=40)
        check("a run that ends before send RP_CG_TO leaves no part 2",
              short is None, short)
    return finish()


if __name__ == "__main__":
    sys.exit(main())
