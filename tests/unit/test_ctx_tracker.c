// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the ctx_tracker: synthetic sequences of context edges
 * (IRQ, system vector, softirq, NMI, context switch) and the exact noise
 * events they must give: start, net duration, end, name, vector, pid
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "model/ctx_tracker.h"

#define MAX_OUT	32

struct out {
	int			n;
	struct noise_event	ev[MAX_OUT];
	int			nr_stops;	/* RECORD_OWN_STOP */
	struct own_stop		stop[MAX_OUT];
};

static void collect(const struct rtl_record *rec, void *ctx)
{
	struct out *o = ctx;

	if (rec->kind == RECORD_OWN_STOP) {
		assert_true(o->nr_stops < MAX_OUT);
		o->stop[o->nr_stops++] = rec->stop;
		return;
	}
	assert_int_equal(rec->kind, RECORD_NOISE_EVENT);
	assert_true(o->n < MAX_OUT);
	o->ev[o->n++] = rec->noise;
}

/* the workload: tids 500 and 501 */
static bool own_tid(int tid, void *ctx)
{
	(void)ctx;
	return tid == 500 || tid == 501;
}

static struct ctx_tracker *tracker(void)
{
	struct ctx_tracker *t = ctx_tracker_new(2, own_tid, NULL);

	assert_non_null(t);
	return t;
}

/* ---- edges ---- */

static void feed_edge(struct ctx_tracker *t, struct out *o, int cpu, uint64_t ts,
		      enum ctx_edge_kind kind, int vector, const char *name)
{
	struct rtl_record r;

	memset(&r, 0, sizeof(r));
	r.kind = RECORD_CTX;
	r.edge.cpu = cpu;
	r.edge.ts = ts;
	r.edge.kind = kind;
	r.edge.vector = vector;
	snprintf(r.edge.name, sizeof(r.edge.name), "%s", name);
	ctx_tracker_feed(t, &r, collect, o);
}

static void irq_in(struct ctx_tracker *t, struct out *o, uint64_t ts, int irq, const char *name)
{
	feed_edge(t, o, 0, ts, CTX_IRQ_ENTRY, irq, name);
}

static void irq_out(struct ctx_tracker *t, struct out *o, uint64_t ts, int irq)
{
	feed_edge(t, o, 0, ts, CTX_IRQ_EXIT, irq, "");
}

static void vec_in(struct ctx_tracker *t, struct out *o, uint64_t ts, int vec, const char *src)
{
	feed_edge(t, o, 0, ts, CTX_VECTOR_ENTRY, vec, src);
}

static void vec_out(struct ctx_tracker *t, struct out *o, uint64_t ts, int vec, const char *src)
{
	feed_edge(t, o, 0, ts, CTX_VECTOR_EXIT, vec, src);
}

static const char *const softirq_names[] = { "HI", "TIMER", "NET_TX", "NET_RX" };

static void soft_in(struct ctx_tracker *t, struct out *o, uint64_t ts, int vec)
{
	feed_edge(t, o, 0, ts, CTX_SOFTIRQ_ENTRY, vec, softirq_names[vec]);
}

static void soft_out(struct ctx_tracker *t, struct out *o, uint64_t ts, int vec)
{
	feed_edge(t, o, 0, ts, CTX_SOFTIRQ_EXIT, vec, softirq_names[vec]);
}

/* a handler of an NMI returns on cpu 0, having handled it or not */
static void nmi_handler(struct ctx_tracker *t, struct out *o, uint64_t ts, uint64_t delta,
			const char *handler, int handled)
{
	struct rtl_record r;

	memset(&r, 0, sizeof(r));
	r.kind = RECORD_CTX;
	r.edge.ts = ts;
	r.edge.kind = CTX_NMI;
	r.edge.delta_ns = delta;
	r.edge.ret = handled;
	r.edge.handler = 0xffffffff81000000ULL + strlen(handler);	/* one a name here */
	snprintf(r.edge.name, sizeof(r.edge.name), "%s", handler);
	ctx_tracker_feed(t, &r, collect, o);
}

static void nmi(struct ctx_tracker *t, struct out *o, uint64_t ts, uint64_t delta,
		const char *handler)
{
	nmi_handler(t, o, ts, delta, handler, 1);
}

/* a switch on cpu; prev_stopped: prev leaves stopped (T) */
static void sw_edge(struct ctx_tracker *t, struct out *o, int cpu, uint64_t ts, int prev,
		    bool prev_stopped, int next, const char *next_comm)
{
	struct rtl_record r;

	memset(&r, 0, sizeof(r));
	r.kind = RECORD_CTX;
	r.edge.cpu = cpu;
	r.edge.ts = ts;
	r.edge.kind = CTX_SWITCH;
	r.edge.prev_pid = prev;
	r.edge.prev_stopped = prev_stopped;
	r.edge.next_pid = next;
	snprintf(r.edge.prev_comm, sizeof(r.edge.prev_comm), "prev-%d", prev);
	snprintf(r.edge.next_comm, sizeof(r.edge.next_comm), "%s", next_comm);
	ctx_tracker_feed(t, &r, collect, o);
}

static void sw_cpu(struct ctx_tracker *t, struct out *o, int cpu, uint64_t ts, int prev,
		   int next, const char *next_comm)
{
	sw_edge(t, o, cpu, ts, prev, false, next, next_comm);
}

/* prev is switched out stopped (SIGSTOP) */
static void sw_stopped(struct ctx_tracker *t, struct out *o, uint64_t ts, int prev, int next,
		       const char *next_comm)
{
	sw_edge(t, o, 0, ts, prev, true, next, next_comm);
}

static void sw(struct ctx_tracker *t, struct out *o, uint64_t ts, int prev, int next,
	       const char *next_comm)
{
	sw_cpu(t, o, 0, ts, prev, next, next_comm);
}

/* ---- checks ---- */

static void check(const struct noise_event *e, enum noise_kind kind, uint64_t start,
		  uint64_t duration, uint64_t ts, const char *name, int vector, int pid)
{
	assert_int_equal(e->kind, kind);
	assert_int_equal(e->start_ns, start);
	assert_int_equal(e->duration_ns, duration);
	assert_int_equal(e->ts, ts);
	assert_string_equal(e->name, name);
	assert_int_equal(e->vector, vector);
	assert_int_equal(e->pid, pid);
}

static struct ctx_tracker_stats stats(const struct ctx_tracker *t)
{
	struct ctx_tracker_stats s;

	ctx_tracker_stats(t, &s);
	return s;
}

/* ---- tests ---- */

static void test_lone_irq(void **state)
{
	struct ctx_tracker *t = tracker();
	struct out o = { 0 };

	(void)state;
	irq_in(t, &o, 1000, 42, "eth0-rx-0");
	irq_out(t, &o, 1500, 42);
	assert_int_equal(o.n, 1);
	check(&o.ev[0], NOISE_IRQ, 1000, 500, 1500, "eth0-rx-0", 42, 0);
	assert_int_equal(o.ev[0].cpu, 0);

	/* a system vector: the same, named by its source */
	vec_in(t, &o, 2000, 236, "local_timer");
	vec_out(t, &o, 2300, 236, "local_timer");
	assert_int_equal(o.n, 2);
	check(&o.ev[1], NOISE_IRQ, 2000, 300, 2300, "local_timer", 236, 0);
	assert_int_equal(stats(t).emitted, 2);
	assert_int_equal(stats(t).edges, 4);
	ctx_tracker_free(t);
}

/* thread net = its run time - the IRQ in it */
static void test_irq_in_thread(void **state)
{
	struct ctx_tracker *t = tracker();
	struct out o = { 0 };

	(void)state;
	sw(t, &o, 1000, 0, 200, "kworker/0:1");
	vec_in(t, &o, 1200, 236, "local_timer");
	vec_out(t, &o, 1300, 236, "local_timer");
	sw(t, &o, 2000, 200, 0, "swapper/0");
	assert_int_equal(o.n, 2);
	check(&o.ev[0], NOISE_IRQ, 1200, 100, 1300, "local_timer", 236, 0);
	check(&o.ev[1], NOISE_THREAD, 1000, 900, 2000, "kworker/0:1", 0, 200);
	ctx_tracker_free(t);
}

/* the softirq raised by an IRQ runs after its exit, not inside it */
static void test_softirq_after_irq(void **state)
{
	struct ctx_tracker *t = tracker();
	struct out o = { 0 };

	(void)state;
	vec_in(t, &o, 1000, 236, "local_timer");
	vec_out(t, &o, 1100, 236, "local_timer");
	soft_in(t, &o, 1100, 1);
	soft_out(t, &o, 1400, 1);
	assert_int_equal(o.n, 2);
	check(&o.ev[0], NOISE_IRQ, 1000, 100, 1100, "local_timer", 236, 0);
	check(&o.ev[1], NOISE_SOFTIRQ, 1100, 300, 1400, "TIMER", 1, 0);
	ctx_tracker_free(t);
}

/* NMI: start = ts - delta, and its delta is taken from the IRQ it hit */
static void test_nmi_in_irq(void **state)
{
	struct ctx_tracker *t = tracker();
	struct out o = { 0 };

	(void)state;
	irq_in(t, &o, 1000, 42, "eth0");
	nmi(t, &o, 1250, 50, "perf_event_nmi_handler");
	irq_out(t, &o, 1400, 42);
	assert_int_equal(o.n, 2);
	check(&o.ev[0], NOISE_NMI, 1200, 50, 1250, "perf_event_nmi_handler", 0, 0);
	check(&o.ev[1], NOISE_IRQ, 1000, 350, 1400, "eth0", 42, 0);

	/* an NMI in a thread; unnamed handler: "nmi" */
	sw(t, &o, 2000, 0, 300, "stress-ng");
	nmi(t, &o, 2500, 20, "");
	sw(t, &o, 3000, 300, 0, "swapper/0");
	assert_int_equal(o.n, 4);
	check(&o.ev[2], NOISE_NMI, 2480, 20, 2500, "nmi", 0, 0);
	check(&o.ev[3], NOISE_THREAD, 2000, 980, 3000, "stress-ng", 0, 300);
	ctx_tracker_free(t);
}

/*
 * The handlers of one NMI, one after the other, are one NMI, named by the
 * one that handled it, its time the span of them all, taken from the
 * thread it hit; a handler that ran in it already starts the next NMI, as
 * does one long after; the last one goes out when the CPU's next edge
 * comes, or when settled
 */
static void test_nmi_handlers(void **state)
{
	struct ctx_tracker *t = tracker();
	struct out o = { 0 };
	uint64_t far = 2000 + CTX_NMI_GAP_NS + 100;

	(void)state;
	sw(t, &o, 1000, 0, 300, "stress-ng");
	nmi_handler(t, &o, 1100, 20, "perf_event_nmi_handler", 0);
	nmi_handler(t, &o, 1400, 200, "rtl_zoo_nmi", 1);	/* 120 after: the trace record */
	nmi_handler(t, &o, 1405, 2, "nmi_cpu_backtrace_handler", 0);
	assert_int_equal(o.n, 0);		/* more handlers may come */
	nmi_handler(t, &o, 1500, 50, "perf_event_nmi_handler", 1);	/* ran: the next NMI */
	assert_int_equal(o.n, 1);
	check(&o.ev[0], NOISE_NMI, 1080, 325, 1405, "rtl_zoo_nmi", 0, 0);
	nmi_handler(t, &o, far, 100, "rtl_zoo_nmi", 0);		/* long after: the next */
	assert_int_equal(o.n, 2);
	check(&o.ev[1], NOISE_NMI, 1450, 50, 1500, "perf_event_nmi_handler", 0, 0);
	ctx_tracker_settle(t, far, collect, &o);
	assert_int_equal(o.n, 2);		/* not before its end */
	ctx_tracker_settle(t, far + 1, collect, &o);
	assert_int_equal(o.n, 3);		/* none handled it: "nmi" */
	check(&o.ev[2], NOISE_NMI, far - 100, 100, far, "nmi", 0, 0);
	sw(t, &o, far + 10000, 300, 0, "swapper/0");
	assert_int_equal(o.n, 4);
	check(&o.ev[3], NOISE_THREAD, 1000, far + 9000 - 325 - 50 - 100, far + 10000, "stress-ng",
	      0, 300);

	/* closed on demand, before an edge that goes on as it is; once */
	nmi_handler(t, &o, far + 20000, 10, "rtl_zoo_nmi", 1);
	ctx_tracker_close_nmi(t, 1, collect, &o);		/* another CPU's: nothing */
	assert_int_equal(o.n, 4);
	ctx_tracker_close_nmi(t, 0, collect, &o);
	assert_int_equal(o.n, 5);
	check(&o.ev[4], NOISE_NMI, far + 19990, 10, far + 20000, "rtl_zoo_nmi", 0, 0);
	ctx_tracker_close_nmi(t, 0, collect, &o);
	ctx_tracker_settle(t, far + 30000, collect, &o);
	assert_int_equal(o.n, 5);
	ctx_tracker_free(t);
}

/* ksoftirqd runs NET_RX, an IRQ hits the softirq: each net of what it holds */
static void test_irq_in_softirq_in_thread(void **state)
{
	struct ctx_tracker *t = tracker();
	struct out o = { 0 };

	(void)state;
	sw(t, &o, 1000, 0, 30, "ksoftirqd/0");
	soft_in(t, &o, 1100, 3);
	irq_in(t, &o, 1200, 33, "nvme0q3");
	nmi(t, &o, 1230, 10, "nmi");
	irq_out(t, &o, 1250, 33);
	soft_out(t, &o, 1500, 3);
	sw(t, &o, 1800, 30, 0, "swapper/0");
	assert_int_equal(o.n, 4);
	check(&o.ev[0], NOISE_NMI, 1220, 10, 1230, "nmi", 0, 0);
	check(&o.ev[1], NOISE_IRQ, 1200, 40, 1250, "nvme0q3", 33, 0);
	check(&o.ev[2], NOISE_SOFTIRQ, 1100, 350, 1500, "NET_RX", 3, 0);
	check(&o.ev[3], NOISE_THREAD, 1000, 400, 1800, "ksoftirqd/0", 0, 30);
	ctx_tracker_free(t);
}

/* the workload's own threads are not interference; what hits them is */
static void test_own_thread(void **state)
{
	struct ctx_tracker *t = tracker();
	struct out o = { 0 };

	(void)state;
	sw(t, &o, 1000, 0, 500, "rtl_worker");
	irq_in(t, &o, 1100, 42, "eth0");
	irq_out(t, &o, 1200, 42);
	sw(t, &o, 2000, 500, 501, "rtl_worker");
	sw(t, &o, 3000, 501, 0, "swapper/0");
	assert_int_equal(o.n, 1);
	check(&o.ev[0], NOISE_IRQ, 1100, 100, 1200, "eth0", 42, 0);

	/* no is_own callback: every non-idle task is interference */
	ctx_tracker_free(t);
	t = ctx_tracker_new(1, NULL, NULL);
	assert_non_null(t);
	o.n = 0;
	sw(t, &o, 1000, 0, 500, "rtl_worker");
	sw(t, &o, 1600, 500, 0, "swapper/0");
	assert_int_equal(o.n, 1);
	check(&o.ev[0], NOISE_THREAD, 1000, 600, 1600, "rtl_worker", 0, 500);
	ctx_tracker_free(t);
}

/* idle (pid 0) is not interference; the first task seen has no known start */
static void test_idle(void **state)
{
	struct ctx_tracker *t = tracker();
	struct out o = { 0 };

	(void)state;
	sw(t, &o, 1000, 77, 0, "swapper/0");	/* 77's switch-in was not seen */
	nmi(t, &o, 1500, 10, "nmi");
	vec_in(t, &o, 1600, 236, "local_timer");
	vec_out(t, &o, 1650, 236, "local_timer");
	sw(t, &o, 2000, 0, 88, "bash");
	assert_int_equal(o.n, 2);
	check(&o.ev[0], NOISE_NMI, 1490, 10, 1500, "nmi", 0, 0);
	check(&o.ev[1], NOISE_IRQ, 1600, 50, 1650, "local_timer", 236, 0);
	assert_int_equal(stats(t).lost_switches, 0);
	ctx_tracker_free(t);
}

static void wakeup(struct ctx_tracker *t, struct out *o, int waker_cpu, uint64_t ts, int pid,
		   int target)
{
	struct rtl_record r;

	memset(&r, 0, sizeof(r));
	r.kind = RECORD_CTX;
	r.edge.cpu = waker_cpu;
	r.edge.ts = ts;
	r.edge.kind = CTX_WAKEUP;
	r.edge.next_pid = pid;
	r.edge.vector = target;
	ctx_tracker_feed(t, &r, collect, o);
}

/*
 * Some kernels do not trace the switch out of idle: a task switched out of
 * a CPU known idle ran since its wakeup to that CPU (the nested time since
 * then is taken off), or since the CPU went idle when no wakeup was seen.
 */
static void test_idle_exit_not_traced(void **state)
{
	struct ctx_tracker *t = tracker();
	struct out o = { 0 };

	(void)state;
	sw(t, &o, 1000, 88, 0, "swapper/0");		/* 88 goes idle */
	vec_in(t, &o, 1500, 236, "local_timer");	/* a tick while idle */
	vec_out(t, &o, 1540, 236, "local_timer");
	vec_in(t, &o, 2000, 236, "local_timer");	/* the IRQ that wakes 77 */
	wakeup(t, &o, 0, 2010, 77, 0);
	vec_out(t, &o, 2030, 236, "local_timer");
	/* swapper -> 77 at ~2030 not traced; 77 runs with a tick inside */
	vec_in(t, &o, 3000, 236, "local_timer");
	vec_out(t, &o, 3100, 236, "local_timer");
	sw(t, &o, 5000, 77, 0, "swapper/0");
	assert_int_equal(o.n, 4);
	/* from its wakeup, less the rest of that IRQ (20) and the tick (100) */
	check(&o.ev[3], NOISE_THREAD, 2010, 5000 - 2010 - 20 - 100, 5000, "prev-77", 0, 77);
	assert_int_equal(stats(t).idle_exits, 1);
	assert_int_equal(stats(t).lost_switches, 0);

	/* no wakeup seen (a remote waker not traced): since the CPU went idle */
	vec_in(t, &o, 5500, 236, "local_timer");
	vec_out(t, &o, 5600, 236, "local_timer");
	sw(t, &o, 7000, 99, 0, "swapper/0");
	assert_int_equal(o.n, 6);
	check(&o.ev[5], NOISE_THREAD, 5000, 2000 - 100, 7000, "prev-99", 0, 99);

	/* the workload's own thread out of idle: nothing, and a wakeup of cpu 1 stays there */
	wakeup(t, &o, 0, 7100, 500, 1);
	sw(t, &o, 8000, 500, 0, "swapper/0");
	assert_int_equal(o.n, 6);
	assert_int_equal(stats(t).idle_exits, 3);
	ctx_tracker_free(t);
}

static void check_stop(const struct own_stop *s, uint64_t ts, bool resumed, uint64_t start,
		       uint64_t end, int pid)
{
	assert_int_equal(s->cpu, 0);
	assert_int_equal(s->ts, ts);
	assert_int_equal(s->resumed, resumed);
	assert_int_equal(s->start_ns, start);
	assert_int_equal(s->end_ns, end);
	assert_int_equal(s->pid, pid);
}

/*
 * The workload's thread switched out stopped (SIGSTOP): a stop from that
 * switch to its switch-in; what ran meanwhile is emitted as usual. Another
 * task stopped is not the workload's: nothing.
 */
static void test_own_thread_stopped(void **state)
{
	struct ctx_tracker *t = tracker();
	struct out o = { 0 };

	(void)state;
	sw(t, &o, 1000, 0, 500, "rtlens-osn/0");
	sw_stopped(t, &o, 2000, 500, 0, "swapper/0");
	assert_int_equal(o.nr_stops, 1);
	check_stop(&o.stop[0], 2000, false, 2000, 0, 500);
	vec_in(t, &o, 3000, 236, "local_timer");
	vec_out(t, &o, 3100, 236, "local_timer");
	sw(t, &o, 4000, 0, 200, "bash");
	sw(t, &o, 4500, 200, 500, "rtlens-osn/0");
	assert_int_equal(o.nr_stops, 2);
	check_stop(&o.stop[1], 4500, true, 2000, 4500, 500);
	assert_int_equal(o.n, 2);
	check(&o.ev[0], NOISE_IRQ, 3000, 100, 3100, "local_timer", 236, 0);
	check(&o.ev[1], NOISE_THREAD, 4000, 500, 4500, "bash", 0, 200);
	assert_int_equal(stats(t).own_stops, 1);

	/* not the workload's: thread noise only */
	sw(t, &o, 5000, 500, 200, "bash");
	sw_stopped(t, &o, 6000, 200, 500, "rtlens-osn/0");
	assert_int_equal(o.nr_stops, 2);
	assert_int_equal(o.n, 3);
	check(&o.ev[2], NOISE_THREAD, 5000, 1000, 6000, "bash", 0, 200);
	ctx_tracker_free(t);
}

/*
 * The switch in of the resumed thread is not traced (out of idle): it ends
 * when the thread is next switched out, at its wakeup if seen; at the end of
 * the run if it is still stopped.
 */
static void test_own_stop_resume_not_traced(void **state)
{
	struct ctx_tracker *t = tracker();
	struct out o = { 0 };

	(void)state;
	sw(t, &o, 1000, 0, 500, "rtlens-osn/0");
	sw_stopped(t, &o, 2000, 500, 0, "swapper/0");
	wakeup(t, &o, 1, 5000, 500, 0);		/* SIGCONT, from cpu 1 */
	sw(t, &o, 7000, 500, 200, "kworker/0:1");
	assert_int_equal(o.nr_stops, 2);
	check_stop(&o.stop[1], 7000, true, 2000, 5000, 500);

	/* no wakeup seen: until that switch */
	sw(t, &o, 7100, 200, 501, "rtlens-osn/0");
	sw_stopped(t, &o, 8000, 501, 0, "swapper/0");
	sw(t, &o, 9000, 501, 0, "swapper/0");
	assert_int_equal(o.nr_stops, 4);
	check_stop(&o.stop[3], 9000, true, 8000, 9000, 501);

	/* still stopped at the end */
	sw(t, &o, 9500, 0, 500, "rtlens-osn/0");
	sw_stopped(t, &o, 10000, 500, 0, "swapper/0");
	ctx_tracker_flush(t, 12000, collect, &o);
	assert_int_equal(o.nr_stops, 6);
	check_stop(&o.stop[5], 12000, true, 10000, 12000, 500);
	assert_int_equal(stats(t).own_stops, 3);
	ctx_tracker_free(t);
}

/* the tracking began inside a context: its exit is ignored */
static void test_exit_without_entry(void **state)
{
	struct ctx_tracker *t = tracker();
	struct out o = { 0 };
	struct ctx_tracker_stats s;

	(void)state;
	irq_out(t, &o, 500, 42);
	soft_out(t, &o, 600, 1);
	vec_out(t, &o, 700, 236, "local_timer");
	irq_in(t, &o, 800, 236, "not-a-vector");	/* an IRQ does not match a vector */
	vec_out(t, &o, 850, 236, "local_timer");
	irq_out(t, &o, 900, 236);
	assert_int_equal(o.n, 1);
	check(&o.ev[0], NOISE_IRQ, 800, 100, 900, "not-a-vector", 236, 0);
	s = stats(t);
	assert_int_equal(s.unmatched, 4);
	assert_int_equal(s.dropped, 0);

	/* a switch out of a task other than the one switched in: not emitted */
	sw(t, &o, 1000, 0, 200, "kworker/0:1");
	sw(t, &o, 2000, 201, 0, "swapper/0");
	assert_int_equal(o.n, 1);
	assert_int_equal(stats(t).lost_switches, 1);
	ctx_tracker_free(t);
}

/* lost exits: popped until the matching entry, or by a softirq or a switch */
static void test_mismatch_recovery(void **state)
{
	struct ctx_tracker *t = tracker();
	struct out o = { 0 };

	(void)state;
	irq_in(t, &o, 1000, 42, "eth0");
	vec_in(t, &o, 1100, 251, "call_function_single");	/* its exit is lost */
	irq_out(t, &o, 1500, 42);
	assert_int_equal(o.n, 1);
	check(&o.ev[0], NOISE_IRQ, 1000, 500, 1500, "eth0", 42, 0);
	assert_int_equal(stats(t).dropped, 1);

	irq_in(t, &o, 2000, 42, "eth0");			/* its exit is lost */
	soft_in(t, &o, 2100, 3);
	soft_out(t, &o, 2300, 3);
	assert_int_equal(o.n, 2);
	check(&o.ev[1], NOISE_SOFTIRQ, 2100, 200, 2300, "NET_RX", 3, 0);
	assert_int_equal(stats(t).dropped, 2);

	/* PREEMPT_RT: a softirq preempted by a switch is closed at the switch */
	sw(t, &o, 3000, 0, 30, "ksoftirqd/0");
	soft_in(t, &o, 3100, 1);
	irq_in(t, &o, 3200, 42, "eth0");			/* its exit is lost */
	sw(t, &o, 3500, 30, 600, "cyclictest");
	soft_out(t, &o, 3700, 1);				/* in 600: unmatched */
	sw(t, &o, 4000, 600, 0, "swapper/0");
	assert_int_equal(o.n, 5);
	check(&o.ev[2], NOISE_SOFTIRQ, 3100, 400, 3500, "TIMER", 1, 0);
	check(&o.ev[3], NOISE_THREAD, 3000, 100, 3500, "ksoftirqd/0", 0, 30);
	check(&o.ev[4], NOISE_THREAD, 3500, 500, 4000, "cyclictest", 0, 600);
	assert_int_equal(stats(t).switch_closed, 1);
	assert_int_equal(stats(t).dropped, 3);
	assert_int_equal(stats(t).unmatched, 1);
	ctx_tracker_free(t);
}

/* CTX_MAX_DEPTH open contexts, then one more: counted, not tracked */
static void test_overflow(void **state)
{
	struct ctx_tracker *t = tracker();
	struct out o = { 0 };
	char name[16];
	int i;

	(void)state;
	for (i = 1; i <= CTX_MAX_DEPTH; i++) {
		snprintf(name, sizeof(name), "irq%d", i);
		irq_in(t, &o, 100 * i, i, name);
	}
	irq_in(t, &o, 900, 9, "irq9");
	assert_int_equal(stats(t).overflows, 1);
	irq_out(t, &o, 950, 9);
	assert_int_equal(stats(t).unmatched, 1);
	/* exits at 1000, 1100, ... 1700: every one 200 net */
	for (i = CTX_MAX_DEPTH; i >= 1; i--)
		irq_out(t, &o, 1000 + 100 * (CTX_MAX_DEPTH - i), i);
	assert_int_equal(o.n, CTX_MAX_DEPTH);
	for (i = 0; i < CTX_MAX_DEPTH; i++) {
		int irq = CTX_MAX_DEPTH - i;

		snprintf(name, sizeof(name), "irq%d", irq);
		check(&o.ev[i], NOISE_IRQ, 100 * irq, 200, 1000 + 100 * i, name, irq, 0);
	}
	assert_int_equal(stats(t).dropped, 0);

	/* and the stack works again */
	irq_in(t, &o, 2000, 42, "eth0");
	irq_out(t, &o, 2010, 42);
	check(&o.ev[CTX_MAX_DEPTH], NOISE_IRQ, 2000, 10, 2010, "eth0", 42, 0);
	ctx_tracker_free(t);
}

/* end of run: the running task and the open IRQ are emitted at the end */
static void test_flush_running_thread(void **state)
{
	struct ctx_tracker *t = tracker();
	struct out o = { 0 };

	(void)state;
	sw(t, &o, 1000, 0, 300, "stress");
	irq_in(t, &o, 1200, 42, "eth0");
	irq_out(t, &o, 1300, 42);
	irq_in(t, &o, 4000, 43, "eth1");
	assert_int_equal(o.n, 1);
	ctx_tracker_flush(t, 5000, collect, &o);
	assert_int_equal(o.n, 3);
	check(&o.ev[0], NOISE_IRQ, 1200, 100, 1300, "eth0", 42, 0);
	check(&o.ev[1], NOISE_IRQ, 4000, 1000, 5000, "eth1", 43, 0);
	check(&o.ev[2], NOISE_THREAD, 1000, 2900, 5000, "stress", 0, 300);

	/* afresh: nothing known, nothing more to flush */
	irq_out(t, &o, 5100, 43);
	assert_int_equal(stats(t).unmatched, 1);
	ctx_tracker_flush(t, 6000, collect, &o);
	assert_int_equal(o.n, 3);

	/* an end before the CPU's last edge: the last edge */
	sw(t, &o, 7000, 0, 301, "stress");
	ctx_tracker_flush(t, 10, collect, &o);
	assert_int_equal(o.n, 4);
	check(&o.ev[3], NOISE_THREAD, 7000, 0, 7000, "stress", 0, 301);

	/* idle and the workload are not emitted at the flush either */
	sw(t, &o, 8000, 0, 500, "rtl_worker");
	sw_cpu(t, &o, 1, 8000, 0, 0, "swapper/1");
	ctx_tracker_flush(t, 9000, collect, &o);
	assert_int_equal(o.n, 4);
	ctx_tracker_free(t);
}

/* CPUs are tracked apart; other records and CPUs out of range are ignored */
static void test_cpus(void **state)
{
	struct ctx_tracker *t = tracker();
	struct out o = { 0 };
	struct rtl_record other;

	(void)state;
	sw_cpu(t, &o, 0, 1000, 0, 200, "a");
	sw_cpu(t, &o, 1, 1100, 0, 201, "b");
	feed_edge(t, &o, 1, 1200, CTX_IRQ_ENTRY, 42, "eth0");
	feed_edge(t, &o, 0, 1300, CTX_IRQ_EXIT, 42, "");	/* not CPU 0's */
	feed_edge(t, &o, 1, 1400, CTX_IRQ_EXIT, 42, "");
	sw_cpu(t, &o, 0, 2000, 200, 0, "swapper/0");
	sw_cpu(t, &o, 1, 2100, 201, 0, "swapper/1");
	sw_cpu(t, &o, 2, 2200, 0, 7, "c");			/* nr_cpus is 2 */
	memset(&other, 0, sizeof(other));
	other.kind = RECORD_NOISE_SAMPLE;
	ctx_tracker_feed(t, &other, collect, &o);
	assert_int_equal(o.n, 3);
	check(&o.ev[0], NOISE_IRQ, 1200, 200, 1400, "eth0", 42, 0);
	assert_int_equal(o.ev[0].cpu, 1);
	check(&o.ev[1], NOISE_THREAD, 1000, 1000, 2000, "a", 0, 200);
	assert_int_equal(o.ev[1].cpu, 0);
	check(&o.ev[2], NOISE_THREAD, 1100, 800, 2100, "b", 0, 201);
	assert_int_equal(o.ev[2].cpu, 1);
	assert_int_equal(stats(t).bad_cpu, 1);
	assert_int_equal(stats(t).unmatched, 1);
	assert_int_equal(stats(t).edges, 8);
	assert_null(ctx_tracker_new(0, NULL, NULL));
	ctx_tracker_free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lone_irq),
		cmocka_unit_test(test_irq_in_thread),
		cmocka_unit_test(test_softirq_after_irq),
		cmocka_unit_test(test_nmi_in_irq),
		cmocka_unit_test(test_nmi_handlers),
		cmocka_unit_test(test_irq_in_softirq_in_thread),
		cmocka_unit_test(test_own_thread),
		cmocka_unit_test(test_idle),
		cmocka_unit_test(test_idle_exit_not_traced),
		cmocka_unit_test(test_own_thread_stopped),
		cmocka_unit_test(test_own_stop_resume_not_traced),
		cmocka_unit_test(test_exit_without_entry),
		cmocka_unit_test(test_mismatch_recovery),
		cmocka_unit_test(test_overflow),
		cmocka_unit_test(test_flush_running_thread),
		cmocka_unit_test(test_cpus),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
