/* Description: rp_run_side, the run skeleton, with both sides on two
 * threads over a socketpair and fake parts that log their calls: the order
 * of the parts on each side (header, each size and its row, RESULT,
 * VERDICT, report, JSON, gates), the RESULT the server receives, -b's
 * READY and RESULT swap per size (each side gets the other's), who checks
 * --validate and who prints which verdict for a one-way run, -b and
 * READ latency (the data reaches the client), a failed verdict that still
 * reports, writes JSON and closes with BYE on both sides (no wait for a
 * timeout), a failed measurement that stops its side at once,
 * --run_infinitely's BYE from the side that ended the run, the run's
 * deadline that a client's PROGRESS or COUNTS cannot push back, and the
 * bound rp_run_length_ms derives from -D, -n, -q, -s and -a. */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>

#include "capture.h"
#include "app/rp_plan.h"
#include "app/rp_run.h"
#include "base/rp_time.h"
#include "ctrl/rp_exchange.h"

/* One side: its session, its options and the plan's parts the skeleton
 * reads (its role, one size), the log of its parts. */
struct side {
	struct rp_session *s;
	struct rp_opts o;
	struct rp_role role;
	struct rp_plan plan;
	struct rp_run r;
	char log[256];
	int measure_ret;      /* what each size returns */
	bool bad;	      /* check: the data arrived wrong */
	struct rp_result got; /* recv_results: the client's RESULT */
	int ret;	      /* rp_run_side's return */
};

static void say(struct side *d, const char *what)
{
	size_t n = strlen(d->log);

	snprintf(d->log + n, sizeof(d->log) - n, "%s%s", n ? " " : "", what);
}

static void f_header(void *app)
{
	say(app, "header");
}

static void f_begin(void *app)
{
	say(app, "begin");
}

static int f_size(void *app, uint64_t size)
{
	(void)size;
	say(app, "size");
	return ((struct side *)app)->measure_ret;
}

/* -b: a real RESULT swap, this side's iterations told by its role. */
static int f_swap(void *app)
{
	struct side *d = app;
	struct rp_result mine = { .size = 64, .iters = d->s->server ? 7 : 9 };

	say(d, "swap");
	return rp_exchange_result_swap(&d->s->ctrl, d->s->server, &mine,
				       &d->got);
}

static void f_row(void *app, size_t i)
{
	char w[16];

	snprintf(w, sizeof(w), "row%zu", i);
	say(app, w);
}

static void f_end(void *app, int ret)
{
	say(app, ret ? "end-failed" : "end");
}

static int f_send(void *app)
{
	struct side *d = app;
	struct rp_result r = { .size = 4096, .iters = 42 };

	say(d, "send");
	return rp_exchange_result_send(&d->s->ctrl, &r);
}

static int f_recv(void *app)
{
	struct side *d = app;

	say(d, "recv");
	return rp_exchange_result_recv(&d->s->ctrl, &d->got);
}

static void f_check(void *app, struct rp_verdict *v)
{
	struct side *d = app;

	say(d, "check");
	*v = (struct rp_verdict){ .ok = !d->bad, .qp = 3, .offset = 7 };
}

static void f_verdict(void *app, const struct rp_verdict *v, bool here)
{
	char w[64];

	snprintf(w, sizeof(w), "verdict-%s-%s", here ? "here" : "peer",
		 v->ok ? "ok" : "bad");
	say(app, w);
}

static void f_verdicts(void *app, const struct rp_verdict *here,
		       const struct rp_verdict *there)
{
	char w[64];

	snprintf(w, sizeof(w), "verdicts-%s-%s", here->ok ? "ok" : "bad",
		 there->ok ? "ok" : "bad");
	say(app, w);
}

static void f_report(void *app)
{
	say(app, "report");
}

static int f_json(void *app)
{
	say(app, "json");
	return 0;
}

static int f_gates(void *app)
{
	say(app, "gates");
	return 0;
}

static const struct rp_run_ops ops = {
	.header = f_header,
	.begin = f_begin,
	.size = f_size,
	.swap = f_swap,
	.row = f_row,
	.end = f_end,
	.send_results = f_send,
	.recv_results = f_recv,
	.check = f_check,
	.verdict = f_verdict,
	.verdicts = f_verdicts,
	.report = f_report,
	.json = f_json,
	.gates = f_gates,
};

/* Both sides over a socketpair; @srv and @cli are set up by the case. */
struct pair {
	struct side srv, cli;
};

static void side_init(struct side *d, bool server, int fd, bool validate)
{
	d->s = calloc(1, sizeof(*d->s));
	assert_non_null(d->s);
	d->o.validate = validate;
	d->s->o = &d->o;
	d->s->server = server;
	d->s->ctrl = (struct rp_ctrl){ .fd = fd, .timeout_ms = 5000 };
	snprintf(d->s->ctrl.peer, sizeof(d->s->ctrl.peer), "%s",
		 server ? "client" : "server");
	d->plan.o = &d->o;
	d->plan.role = &d->role;
	d->plan.n_sizes = 1;
	d->r.s = d->s;
	d->r.p = &d->plan;
	d->r.ops = &ops;
	d->r.app = d;
}

static void pair_init(struct pair *p, bool validate)
{
	int sv[2];

	memset(p, 0, sizeof(*p));
	assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	side_init(&p->srv, true, sv[0], validate);
	side_init(&p->cli, false, sv[1], validate);
}

static void *server_main(void *arg)
{
	struct side *d = arg;

	d->ret = rp_run_side(&d->r);
	return NULL;
}

/* Run both sides at once; returns the seconds it took. */
static double pair_run(struct pair *p)
{
	uint64_t t0 = rp_now_ns();
	pthread_t t;

	assert_int_equal(pthread_create(&t, NULL, server_main, &p->srv), 0);
	p->cli.ret = rp_run_side(&p->cli.r);
	pthread_join(t, NULL);
	close(p->srv.s->ctrl.fd);
	close(p->cli.s->ctrl.fd);
	free(p->srv.s);
	free(p->cli.s);
	return (double)(rp_now_ns() - t0) / 1e9;
}

/* A one-way bandwidth run: the client measures and sends its RESULT. */
static void bw_roles(struct pair *p)
{
	p->cli.role.measures = true;
	p->cli.role.result = p->srv.role.result = true;
	p->cli.role.leaves = true;
	p->srv.role.lands = true;
}

static void test_bw_order(void **state)
{
	struct pair p;

	(void)state;
	pair_init(&p, false);
	bw_roles(&p);
	pair_run(&p);
	assert_int_equal(p.cli.ret, 0);
	assert_int_equal(p.srv.ret, 0);
	assert_string_equal(p.cli.log,
			    "header begin size row0 end send report json "
			    "gates");
	assert_string_equal(p.srv.log, "header recv report json gates");
	assert_int_equal(p.srv.got.size, 4096);
	assert_int_equal(p.srv.got.iters, 42);
}

/* The server checks what arrived and tells the client; a bad verdict is
 * both sides' -EILSEQ, after their report and JSON, and both close with
 * BYE (no side waits for its timeout). */
static void test_bw_validate_bad(void **state)
{
	struct pair p;
	double secs;

	(void)state;
	pair_init(&p, true);
	bw_roles(&p);
	p.srv.bad = true;
	secs = pair_run(&p);
	assert_int_equal(p.cli.ret, -EILSEQ);
	assert_int_equal(p.srv.ret, -EILSEQ);
	assert_string_equal(p.srv.log, "header recv check verdict-here-bad "
				       "report json");
	assert_string_equal(p.cli.log, "header begin size row0 end send "
				       "verdict-peer-bad report json");
	assert_true(secs < 2.0);
}

static void test_bw_validate_ok(void **state)
{
	struct pair p;

	(void)state;
	pair_init(&p, true);
	bw_roles(&p);
	pair_run(&p);
	assert_int_equal(p.cli.ret, 0);
	assert_int_equal(p.srv.ret, 0);
	assert_string_equal(p.srv.log, "header recv check verdict-here-ok "
				       "report json gates");
	assert_string_equal(p.cli.log, "header begin size row0 end send "
				       "verdict-peer-ok report json gates");
}

/* -b: both measure, both check, the verdicts are swapped. */
static void test_bidir_swap(void **state)
{
	struct pair p;

	(void)state;
	pair_init(&p, true);
	p.cli.role.measures = p.srv.role.measures = true;
	p.cli.role.ready = p.srv.role.ready = true;
	p.cli.role.swaps = p.srv.role.swaps = true;
	p.cli.role.lands = p.srv.role.lands = true;
	p.cli.role.leaves = p.srv.role.leaves = true;
	p.cli.bad = true;
	pair_run(&p);
	assert_int_equal(p.cli.ret, -EILSEQ);
	assert_int_equal(p.srv.ret, -EILSEQ);
	assert_string_equal(p.cli.log, "header begin size swap row0 end check "
				       "verdicts-bad-ok report json");
	assert_string_equal(p.srv.log, "header begin size swap row0 end check "
				       "verdicts-ok-bad report json");
	assert_int_equal(p.cli.got.iters, 7); /* the server's */
	assert_int_equal(p.srv.got.iters, 9);
}

/* READ latency: the client READs, the data reaches it; a check that
 * failed during its sizes is still sent to the passive server. */
static void test_read_lat_roles(void **state)
{
	struct pair p;

	(void)state;
	pair_init(&p, true);
	p.cli.role.measures = true;
	p.cli.role.lands = true;
	p.srv.role.leaves = true;
	p.cli.measure_ret = -EILSEQ;
	p.cli.bad = true;
	pair_run(&p);
	assert_int_equal(p.cli.ret, -EILSEQ);
	assert_int_equal(p.srv.ret, -EILSEQ);
	assert_string_equal(p.cli.log, "header begin size end-failed check "
				       "verdict-here-bad report json");
	assert_string_equal(p.srv.log, "header verdict-peer-bad report json");
}

/* A failed measurement ends that side at once: no RESULT, no report. */
static void test_measure_fails(void **state)
{
	struct capture cap;
	char err[512];
	struct pair p;

	(void)state;
	pair_init(&p, false);
	bw_roles(&p);
	p.cli.measure_ret = -EIO;
	p.srv.s->ctrl.timeout_ms = 300; /* its RESULT never comes */
	capture_begin(&cap);
	pair_run(&p);
	capture_end(&cap, err, sizeof(err));
	assert_non_null(strstr(err, "no RESULT from client"));
	assert_int_equal(p.cli.ret, -EIO);
	assert_string_equal(p.cli.log, "header begin size end-failed");
	assert_true(p.srv.ret < 0);
	assert_string_equal(p.srv.log, "header recv");
}

/* --run_infinitely: the client's stop ends the run: its BYE, the
 * server's answer; then both report; only the measuring side's rows. */
static void test_infinite(void **state)
{
	struct pair p;

	(void)state;
	pair_init(&p, false);
	p.cli.o.run_infinitely = p.srv.o.run_infinitely = true;
	p.cli.role.measures = true;
	pair_run(&p);
	assert_int_equal(p.cli.ret, 0);
	assert_int_equal(p.srv.ret, 0);
	assert_string_equal(p.cli.log,
			    "header begin size end report json gates");
	assert_string_equal(p.srv.log, "header report json gates");
}

/* A client that sends @type (PROGRESS, or COUNTS in a one-way run that
 * never uses them) every 100 ms until the server returns, at most 10 s. */
struct holder {
	struct side *srv;
	atomic_bool done;
};

static void *holder_server(void *arg)
{
	struct holder *h = arg;

	h->srv->ret = rp_run_side(&h->srv->r);
	atomic_store(&h->done, true);
	return NULL;
}

static double hold_server(uint16_t type, char *err, size_t len)
{
	struct rp_counts k = { .seq = 1, .n = 1 };
	struct holder h = { 0 };
	struct capture cap;
	struct pair p;
	uint8_t buf[RP_COUNTS_MAX_LEN];
	size_t n = type == RP_MSG_COUNTS ?
			   rp_msg_encode_counts(buf, sizeof(buf), &k) :
			   0;
	uint64_t t0 = rp_now_ns();
	pthread_t t;
	int i;

	pair_init(&p, false);
	bw_roles(&p);
	p.srv.o.duration = 1; /* -D 1: 1 s + 1 s per size + --timeout 1 */
	p.srv.s->params.duration = 1; /* as agreed in HELLO */
	p.srv.s->ctrl.timeout_ms = 1000;
	p.srv.s->ctrl.running = true; /* the session passed READY */
	h.srv = &p.srv;
	capture_begin(&cap);
	if (!pthread_create(&t, NULL, holder_server, &h)) {
		for (i = 0; i < 100 && !atomic_load(&h.done); i++) {
			k.seq++;
			if (type == RP_MSG_COUNTS)
				rp_msg_encode_counts(buf, sizeof(buf), &k);
			rp_ctrl_send(&p.cli.s->ctrl, type, buf, n);
			usleep(100000);
		}
		shutdown(p.cli.s->ctrl.fd, SHUT_RDWR); /* before the fix */
		pthread_join(t, NULL);
	}
	capture_end(&cap, err, len);
	close(p.srv.s->ctrl.fd);
	close(p.cli.s->ctrl.fd);
	free(p.srv.s);
	free(p.cli.s);
	assert_int_equal(p.srv.ret, -ETIMEDOUT);
	assert_string_equal(p.srv.log, "header recv");
	return (double)(rp_now_ns() - t0) / 1e9;
}

/* A client that sends PROGRESS every 100 ms after READY holds the server
 * only until the run's deadline (-D 1 + 1 s + --timeout 1 = 3 s), then
 * one line naming it; the binary exits 1 (rp_main: any error). */
static void test_progress_cannot_hold(void **state)
{
	char err[512];
	double secs;

	(void)state;
	secs = hold_server(RP_MSG_PROGRESS, err, sizeof(err));
	assert_string_equal(err,
			    "test_run: no RESULT from client by the run's "
			    "deadline, 3 s after its start (the run's expected "
			    "length plus --timeout; heartbeats do not extend "
			    "it)\n");
	assert_true(secs > 2.9 && secs < 3.6);
}

/* COUNTS likewise (a one-way run, where no client sends any). */
static void test_counts_cannot_hold(void **state)
{
	char err[512];
	double secs;

	(void)state;
	secs = hold_server(RP_MSG_COUNTS, err, sizeof(err));
	assert_non_null(strstr(err, "by the run's deadline, 3 s after"));
	assert_true(secs > 2.9 && secs < 3.6);
}

/* The bound: -D per size, -n's floor of 1 ms + 10 MB/s per WR and QP,
 * a second per size; none with --run_infinitely. -D and -n are the
 * agreed parameters': a passive server given no -D runs the client's. */
/* rp_run_length_ms of the plan of @o (its sizes: -s, or -a's 23) with
 * the parameters @agreed. */
static uint64_t length_of(struct rp_opts *o, const struct rp_params *agreed)
{
	struct rp_plan p;

	o->desc = rp_test_desc_of(RP_TEST_WRITE_BW);
	o->gid_index = -1;
	rp_plan_make(&p, o, NULL);
	return rp_run_length_ms(&p, agreed);
}

static void test_run_length(void **state)
{
	struct rp_opts o = { .size = 10000, .iters = 1000, .num_qps = 2 };
	struct rp_params p = { .size = 10000, .iters = 1000 };

	(void)state;
	/* 2000 WRs x (1 ms + 1 ms) + 1 s */
	assert_int_equal(length_of(&o, &p), 5000);
	p.duration = 7; /* the client's -D, followed; this side gave none */
	assert_int_equal(length_of(&o, &p), 8000);
	o.duration = 7;
	o.all_sizes = true; /* 23 sizes of -D 7 (not allowed, but bounded) */
	assert_int_equal(length_of(&o, &p), 23 * 8000);
	o.run_infinitely = true;
	assert_int_equal(length_of(&o, &p), 0);
	o = (struct rp_opts){ .size = 1ULL << 31,
			      .iters = 1ULL << 32,
			      .num_qps = 1024 };
	p = (struct rp_params){ .iters = 1ULL << 32 };
	assert_int_equal(length_of(&o, &p), 1ULL << 40);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bw_order),
		cmocka_unit_test(test_bw_validate_bad),
		cmocka_unit_test(test_bw_validate_ok),
		cmocka_unit_test(test_bidir_swap),
		cmocka_unit_test(test_read_lat_roles),
		cmocka_unit_test(test_measure_fails),
		cmocka_unit_test(test_infinite),
		cmocka_unit_test(test_progress_cannot_hold),
		cmocka_unit_test(test_counts_cannot_hold),
		cmocka_unit_test(test_run_length),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
