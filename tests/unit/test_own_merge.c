// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for own_merge: the user engine's two streams (the measuring
 * threads' records and what the trace gives) merged by time and completed
 * as the kernel tracer's records would be
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "analysis/timerlat_aa.h"
#include "base/params.h"
#include "source/engine/own_merge.h"

#define MAX_OUT	64

struct out {
	int			n;
	struct rtl_record	rec[MAX_OUT];
};

static void collect(const struct rtl_record *rec, void *ctx)
{
	struct out *o = ctx;

	assert_true(o->n < MAX_OUT);
	o->rec[o->n++] = *rec;
}

static struct own_merge *merge(enum rtl_tool tool, uint64_t period_us, uint64_t runtime_us,
				uint64_t stop_us, uint64_t stop_total_us)
{
	struct rtl_params p;
	struct own_merge *m;

	memset(&p, 0, sizeof(p));
	p.tool = tool;
	p.nr_cpus = 2;
	p.period_us = period_us;
	p.runtime_us = runtime_us;
	p.stop_us = stop_us;
	p.stop_total_us = stop_total_us;
	m = own_merge_new(&p);
	assert_non_null(m);
	return m;
}

static void event(struct own_merge *m, int cpu, enum noise_kind kind, uint64_t start,
		  uint64_t end)
{
	struct rtl_record r = { .kind = RECORD_NOISE_EVENT };

	r.noise.cpu = cpu;
	r.noise.ts = end;
	r.noise.kind = kind;
	r.noise.start_ns = start;
	r.noise.duration_ns = end - start;
	assert_int_equal(own_merge_add(m, OWN_MERGE_TRACE, &r), 0);
}

/* a thread's event: it ran from start to end, @duration_ns of it net */
static void thread_ran(struct own_merge *m, int cpu, const char *name, int pid, uint64_t start,
		       uint64_t duration_ns, uint64_t end)
{
	struct rtl_record r = { .kind = RECORD_NOISE_EVENT };

	r.noise.cpu = cpu;
	r.noise.ts = end;
	r.noise.kind = NOISE_THREAD;
	r.noise.start_ns = start;
	r.noise.duration_ns = duration_ns;
	r.noise.pid = pid;
	snprintf(r.noise.name, sizeof(r.noise.name), "%s", name);
	assert_int_equal(own_merge_add(m, OWN_MERGE_TRACE, &r), 0);
}

static void sample(struct own_merge *m, int cpu, uint64_t start, uint64_t end)
{
	struct rtl_record r = { .kind = RECORD_NOISE_SAMPLE };

	r.sample.cpu = cpu;
	r.sample.ts = end;
	r.sample.start_ns = start;
	r.sample.duration_ns = end - start;
	assert_int_equal(own_merge_add(m, OWN_MERGE_WORK, &r), 0);
}

static void period(struct own_merge *m, int cpu, uint64_t end, uint64_t noise_us)
{
	struct rtl_record r = { .kind = RECORD_OSNOISE_PERIOD };

	r.period.cpu = cpu;
	r.period.ts = end;
	r.period.runtime_us = 1000;
	r.period.noise_us = noise_us;
	assert_int_equal(own_merge_add(m, OWN_MERGE_WORK, &r), 0);
}

static void latency(struct own_merge *m, enum own_merge_stream stream,
		    enum timerlat_context context, uint64_t ts, uint64_t seq, uint64_t lat)
{
	struct rtl_record r = { .kind = RECORD_TIMERLAT };

	r.timerlat.cpu = 1;
	r.timerlat.ts = ts;
	r.timerlat.context = context;
	r.timerlat.seqnum = seq;
	r.timerlat.latency_ns = lat;
	assert_int_equal(own_merge_add(m, stream, &r), 0);
}

/* the measuring thread of cpu switched out stopped at start, or resumed at end */
static void own_stop(struct own_merge *m, int cpu, uint64_t ts, bool resumed, uint64_t start,
		     uint64_t end)
{
	struct rtl_record r = { .kind = RECORD_OWN_STOP };

	r.stop.cpu = cpu;
	r.stop.ts = ts;
	r.stop.resumed = resumed;
	r.stop.start_ns = start;
	r.stop.end_ns = end;
	r.stop.pid = 500;
	assert_int_equal(own_merge_add(m, OWN_MERGE_TRACE, &r), 0);
}

/* a whole stop, from start to end */
static void stopped(struct own_merge *m, int cpu, uint64_t start, uint64_t end)
{
	own_stop(m, cpu, start, false, start, 0);
	own_stop(m, cpu, end, true, start, end);
}

static void check_self(const struct rtl_record *r, uint64_t start, uint64_t end)
{
	assert_int_equal(r->kind, RECORD_NOISE_EVENT);
	assert_int_equal(r->noise.kind, NOISE_SELF);
	assert_int_equal(r->noise.start_ns, start);
	assert_int_equal(r->noise.duration_ns, end - start);
	assert_int_equal(r->noise.ts, end);
	assert_int_equal(r->noise.pid, 500);
	assert_string_equal(r->noise.name, NOISE_SELF_NAME);
}

/*
 * Events before the sample that holds them, even at the same time; the
 * sample's interference is the events that started inside it; the period
 * counts its events by kind and its samples without interference as HW.
 */
static void test_osnoise_completion(void **state)
{
	struct own_merge *m = merge(TOOL_OSNOISE, 1000, 1000, 0, 0);
	struct out o = { 0 };

	(void)state;
	event(m, 0, NOISE_IRQ, 100, 150);		/* before the sample: not in it */
	sample(m, 0, 200, 900);
	event(m, 0, NOISE_THREAD, 300, 800);		/* inside */
	event(m, 0, NOISE_SOFTIRQ, 820, 900);		/* inside, ends with the sample */
	sample(m, 0, 1000, 1100);			/* nothing inside: HW */
	period(m, 0, 2000, 800);
	assert_int_equal(own_merge_flush(m, 5000, collect, &o), 6);
	assert_int_equal(o.rec[0].kind, RECORD_NOISE_EVENT);
	assert_int_equal(o.rec[1].kind, RECORD_NOISE_EVENT);
	assert_int_equal(o.rec[1].noise.kind, NOISE_THREAD);
	assert_int_equal(o.rec[2].kind, RECORD_NOISE_EVENT);
	assert_int_equal(o.rec[3].kind, RECORD_NOISE_SAMPLE);
	assert_int_equal(o.rec[3].sample.interference, 2);
	assert_int_equal(o.rec[4].sample.interference, 0);
	assert_int_equal(o.rec[5].kind, RECORD_OSNOISE_PERIOD);
	assert_int_equal(o.rec[5].period.irq_count, 1);
	assert_int_equal(o.rec[5].period.thread_count, 1);
	assert_int_equal(o.rec[5].period.softirq_count, 1);
	assert_int_equal(o.rec[5].period.nmi_count, 0);
	assert_int_equal(o.rec[5].period.hw_count, 1);
	assert_false(own_merge_stopped(m));
	own_merge_free(m);
}

static void count_events(const struct rtl_record *rec, void *ctx)
{
	uint64_t *n = ctx;

	n[rec->kind == RECORD_OSNOISE_PERIOD] += rec->kind == RECORD_OSNOISE_PERIOD ?
						 rec->period.thread_count : 1;
}

/*
 * A backlog far past what a drained queue keeps (the main thread stalled
 * while the trace kept coming): every event still comes out, in its
 * period, and the queue, given back, takes the next ones as before.
 */
static void test_backlog_drained(void **state)
{
	struct own_merge *m = merge(TOOL_OSNOISE, 1000, 1000, 0, 0);
	uint64_t n[2] = { 0 }, i, big = 20000;

	(void)state;
	for (i = 0; i < big; i++)
		event(m, 1, NOISE_THREAD, 10 + 10 * i, 15 + 10 * i);
	period(m, 1, 10 * big + 100, 1);
	assert_int_equal(own_merge_flush(m, 20 * big, count_events, n), big + 1);
	assert_int_equal(n[0], big);
	assert_int_equal(n[1], big);
	for (i = 0; i < 3; i++)
		event(m, 1, NOISE_THREAD, 30 * big + i, 30 * big + i + 1);
	period(m, 1, 31 * big, 1);
	memset(n, 0, sizeof(n));
	assert_int_equal(own_merge_flush(m, 40 * big, count_events, n), 4);
	assert_int_equal(n[0], 3);
	assert_int_equal(n[1], 3);
	own_merge_free(m);
}

/*
 * KVM exits pass through in the trace's order, before the vCPU thread's
 * noise event that ends their run, whole, and are no interference.
 */
static void test_kvm_exits(void **state)
{
	struct own_merge *m = merge(TOOL_OSNOISE, 1000, 1000, 0, 0);
	struct rtl_record r = { .kind = RECORD_KVM };
	struct out o = { 0 };

	(void)state;
	r.kvm.cpu = 1;
	r.kvm.pid = 4321;
	r.kvm.vcpu_id = 3;
	snprintf(r.kvm.reason, sizeof(r.kvm.reason), "EXTERNAL_INTERRUPT FAILED_VMENTRY");
	r.kvm.ts = 400;
	assert_int_equal(own_merge_add(m, OWN_MERGE_TRACE, &r), 0);
	r.kvm.ts = 500;
	assert_int_equal(own_merge_add(m, OWN_MERGE_TRACE, &r), 0);
	event(m, 1, NOISE_THREAD, 300, 800);
	sample(m, 1, 200, 900);
	r.kvm.cpu = 7;					/* no such cpu: dropped */
	assert_int_equal(own_merge_add(m, OWN_MERGE_TRACE, &r), 0);
	assert_int_equal(own_merge_flush(m, 5000, collect, &o), 4);
	assert_int_equal(o.rec[0].kind, RECORD_KVM);
	assert_int_equal(o.rec[0].kvm.ts, 400);
	assert_int_equal(o.rec[0].kvm.cpu, 1);
	assert_int_equal(o.rec[0].kvm.pid, 4321);
	assert_int_equal(o.rec[0].kvm.vcpu_id, 3);
	assert_string_equal(o.rec[0].kvm.reason, "EXTERNAL_INTERRUPT FAILED_VMENTRY");
	assert_int_equal(o.rec[1].kvm.ts, 500);
	assert_int_equal(o.rec[2].kind, RECORD_NOISE_EVENT);
	assert_int_equal(o.rec[3].kind, RECORD_NOISE_SAMPLE);
	assert_int_equal(o.rec[3].sample.interference, 1);
	own_merge_free(m);
}

/*
 * The measuring thread stopped (SIGSTOP) inside a noise sample: the stop
 * goes out as a NOISE_SELF event when it ends, what started during it is
 * dropped, the sample gets its self_ns, and the period leaves the sample
 * out of its runtime, noise and longest sample.
 */
static void test_own_stop_osnoise(void **state)
{
	struct own_merge *m = merge(TOOL_OSNOISE, 10000, 10000, 0, 0);
	struct rtl_record r = { .kind = RECORD_OSNOISE_PERIOD };
	struct out o = { 0 };

	(void)state;
	sample(m, 0, 100000, 200000);			/* 100 us, quiet */
	event(m, 0, NOISE_IRQ, 300000, 310000);		/* the IPI of the signal */
	own_stop(m, 0, 400000, false, 400000, 0);
	event(m, 0, NOISE_THREAD, 500000, 900000);	/* ran while stopped */
	event(m, 0, NOISE_IRQ, 600000, 610000);
	own_stop(m, 0, 5000000, true, 400000, 5000000);
	sample(m, 0, 250000, 5050000);			/* 4800 us */
	r.period.cpu = 0;
	r.period.ts = 6000000;
	r.period.runtime_us = 10000;
	r.period.noise_us = 4900;
	r.period.max_sample_us = 4800;
	assert_int_equal(own_merge_add(m, OWN_MERGE_WORK, &r), 0);
	assert_int_equal(own_merge_flush(m, UINT64_MAX, collect, &o), 5);
	assert_int_equal(o.rec[0].sample.self_ns, 0);
	assert_int_equal(o.rec[1].noise.kind, NOISE_IRQ);
	check_self(&o.rec[2], 400000, 5000000);
	assert_int_equal(o.rec[3].kind, RECORD_NOISE_SAMPLE);
	assert_int_equal(o.rec[3].sample.self_ns, 4600000);
	assert_int_equal(o.rec[3].sample.interference, 2);
	assert_int_equal(o.rec[4].kind, RECORD_OSNOISE_PERIOD);
	assert_int_equal(o.rec[4].period.runtime_us, 10000 - 4800);
	assert_int_equal(o.rec[4].period.noise_us, 100);
	assert_int_equal(o.rec[4].period.max_sample_us, 100);
	assert_int_equal(o.rec[4].period.irq_count, 1);
	assert_int_equal(o.rec[4].period.thread_count, 0);
	assert_int_equal(o.rec[4].period.hw_count, 1);
	own_merge_free(m);
}

/*
 * Its switch back in not traced: the thread's next record ends the stop
 * (a late end is ignored); a stop sample reaches no -s threshold, the next
 * sample over it does.
 */
static void test_own_stop_closed_by_sample(void **state)
{
	struct own_merge *m = merge(TOOL_OSNOISE, 10000, 10000, 50, 0);
	struct out o = { 0 };

	(void)state;
	own_stop(m, 1, 400000, false, 400000, 0);
	event(m, 1, NOISE_IRQ, 600000, 610000);
	sample(m, 1, 390000, 3000000);
	own_stop(m, 1, 3500000, true, 400000, 3400000);
	event(m, 1, NOISE_IRQ, 3600000, 3610000);
	sample(m, 1, 4000000, 4001000);
	sample(m, 1, 5000000, 5100000);			/* 100 us >= 50 */
	assert_int_equal(own_merge_flush(m, UINT64_MAX, collect, &o), 4);
	assert_int_equal(own_merge_release(m, collect, &o), 1);
	check_self(&o.rec[0], 400000, 3000000);
	assert_int_equal(o.rec[1].sample.self_ns, 2600000);
	assert_int_equal(o.rec[2].noise.start_ns, 3600000);
	assert_int_equal(o.rec[3].sample.self_ns, 0);
	assert_int_equal(o.rec[4].sample.duration_ns, 100000);
	assert_true(own_merge_stopped(m));
	own_merge_free(m);
}

/*
 * timerlat: the thread stopped in its sleep. Resumed before its timer was
 * due: nothing of it in the next latencies; after: the IRQ and thread
 * latencies that include it get their self_ns and reach no threshold.
 */
static void test_own_stop_timerlat(void **state)
{
	struct own_merge *m = merge(TOOL_TIMERLAT, 1000, 0, 100, 100);
	struct out o = { 0 };

	(void)state;
	stopped(m, 1, 1000000, 1300000);
	latency(m, OWN_MERGE_TRACE, TIMERLAT_IRQ, 1500000, 0, 2000);	/* due 1498000 */
	latency(m, OWN_MERGE_WORK, TIMERLAT_THREAD, 1505000, 1, 7000);
	stopped(m, 1, 2000000, 5000000);
	latency(m, OWN_MERGE_TRACE, TIMERLAT_IRQ, 5000100, 0, 2500100);	/* due 2500000 */
	latency(m, OWN_MERGE_WORK, TIMERLAT_THREAD, 5000200, 3, 2500200);
	assert_int_equal(own_merge_flush(m, UINT64_MAX, collect, &o), 6);
	check_self(&o.rec[0], 1000000, 1300000);
	assert_int_equal(o.rec[1].timerlat.self_ns, 0);
	assert_int_equal(o.rec[2].timerlat.self_ns, 0);
	check_self(&o.rec[3], 2000000, 5000000);
	assert_int_equal(o.rec[4].timerlat.context, TIMERLAT_IRQ);
	assert_int_equal(o.rec[4].timerlat.self_ns, 2500000);
	assert_int_equal(o.rec[5].timerlat.self_ns, 2500000);
	assert_false(own_merge_stopped(m));
	own_merge_free(m);
}

/* only what is due; the sleep between runtimes does not count */
static void test_until_and_sleep(void **state)
{
	struct own_merge *m = merge(TOOL_OSNOISE, 1000, 600, 0, 0);
	struct out o = { 0 };

	(void)state;
	event(m, 1, NOISE_IRQ, 100, 110);
	period(m, 1, 600000, 0);			/* runtime 0..600 us */
	event(m, 1, NOISE_IRQ, 700000, 700010);		/* in the sleep */
	event(m, 1, NOISE_IRQ, 1100000, 1100010);	/* in the next runtime */
	period(m, 1, 1600000, 0);
	assert_int_equal(own_merge_flush(m, 650000, collect, &o), 2);
	assert_int_equal(o.rec[1].period.irq_count, 1);
	assert_int_equal(own_merge_flush(m, UINT64_MAX, collect, &o), 3);
	assert_int_equal(o.rec[4].kind, RECORD_OSNOISE_PERIOD);
	assert_int_equal(o.rec[4].period.irq_count, 1);
	own_merge_free(m);
}

/* the record over -s is the last one out, once released, until resumed */
static void test_stop_threshold(void **state)
{
	struct own_merge *m = merge(TOOL_OSNOISE, 1000, 1000, 50, 0);
	struct out o = { 0 };

	(void)state;
	sample(m, 0, 100, 120);
	sample(m, 0, 200, 60200);			/* 60 us >= 50 */
	sample(m, 0, 70000, 70010);
	sample(m, 1, 100, 200);
	assert_int_equal(own_merge_flush(m, UINT64_MAX, collect, &o), 1);
	assert_true(own_merge_stopped(m));
	assert_int_equal(own_merge_release(m, collect, &o), 1);
	assert_int_equal(o.rec[1].sample.duration_ns, 60000);
	assert_int_equal(own_merge_flush(m, UINT64_MAX, collect, &o), 0);
	assert_int_equal(own_merge_release(m, collect, &o), 0);
	own_merge_resume(m);
	assert_false(own_merge_stopped(m));
	assert_int_equal(own_merge_flush(m, UINT64_MAX, collect, &o), 0);	/* dropped */
	sample(m, 0, 90000, 90010);
	assert_int_equal(own_merge_flush(m, UINT64_MAX, collect, &o), 1);
	own_merge_free(m);
}

/*
 * timerlat: an IRQ record waits for the thread record after it and takes
 * its seqnum (the thread skipped periods); without it, the next seqnum;
 * -T stops on the thread latency.
 */
static void test_timerlat_seqnum(void **state)
{
	struct own_merge *m = merge(TOOL_TIMERLAT, 1000, 0, 0, 30);
	struct out o = { 0 };

	(void)state;
	latency(m, OWN_MERGE_TRACE, TIMERLAT_IRQ, 1000, 0, 5000);
	assert_int_equal(own_merge_flush(m, UINT64_MAX, collect, &o), 0);	/* held */
	latency(m, OWN_MERGE_WORK, TIMERLAT_THREAD, 1200, 7, 8000);
	assert_int_equal(own_merge_flush(m, UINT64_MAX, collect, &o), 2);
	assert_int_equal(o.rec[0].timerlat.context, TIMERLAT_IRQ);
	assert_int_equal(o.rec[0].timerlat.seqnum, 7);
	assert_int_equal(o.rec[1].timerlat.seqnum, 7);
	/* two IRQs in a row: the first goes out with the next seqnum */
	latency(m, OWN_MERGE_TRACE, TIMERLAT_IRQ, 2000, 0, 1000);
	latency(m, OWN_MERGE_TRACE, TIMERLAT_IRQ, 3000, 0, 1000);
	latency(m, OWN_MERGE_WORK, TIMERLAT_THREAD, 3100, 9, 40000);	/* 40 us >= 30 */
	assert_int_equal(own_merge_flush(m, UINT64_MAX, collect, &o), 2);
	assert_int_equal(own_merge_release(m, collect, &o), 1);
	assert_int_equal(o.rec[2].timerlat.seqnum, 8);
	assert_int_equal(o.rec[3].timerlat.seqnum, 9);
	assert_int_equal(o.rec[4].timerlat.context, TIMERLAT_THREAD);
	assert_true(own_merge_stopped(m));
	own_merge_free(m);
}

/*
 * The trace read late (the reader's budget): a 39.5 ms latency, the timer
 * due at E, is merged before what explains it, a spinner that ran from
 * before E until the thread could. The trace of its CPU up to it still
 * goes out, its IRQ record with its seqnum, then, released, the latency:
 * the analysis names the spinner. Later events, the threads' later
 * records and the other CPUs' events are dropped.
 */
static void test_stop_trace_late(void **state)
{
	const uint64_t E = 1000000000;
	struct own_merge *m = merge(TOOL_TIMERLAT, 1000, 0, 0, 30000);
	struct timerlat_aa *aa = timerlat_aa_new(2);
	struct timerlat_aa_result r;
	struct out o = { 0 };
	int i;

	(void)state;
	latency(m, OWN_MERGE_WORK, TIMERLAT_THREAD, E + 39500000, 5, 39500000);
	assert_int_equal(own_merge_flush(m, UINT64_MAX, collect, &o), 0);
	assert_true(own_merge_stopped(m));
	latency(m, OWN_MERGE_WORK, TIMERLAT_THREAD, E + 41000000, 6, 1000);
	latency(m, OWN_MERGE_TRACE, TIMERLAT_IRQ, E + 2000, 0, 2000);
	event(m, 1, NOISE_IRQ, E + 1000, E + 3000);
	thread_ran(m, 1, "rtl_spin", 4321, E - 5000000, 44398000, E + 39400000);
	event(m, 1, NOISE_IRQ, E + 40000000, E + 40001000);
	event(m, 0, NOISE_IRQ, E + 1000, E + 2000);
	assert_int_equal(own_merge_flush(m, UINT64_MAX, collect, &o), 2);
	assert_int_equal(own_merge_release(m, collect, &o), 2);
	assert_int_equal(own_merge_release(m, collect, &o), 0);		/* once */
	assert_int_equal(own_merge_flush(m, UINT64_MAX, collect, &o), 0);
	assert_int_equal(o.n, 4);
	assert_int_equal(o.rec[0].noise.start_ns, E + 1000);
	assert_string_equal(o.rec[1].noise.name, "rtl_spin");
	assert_int_equal(o.rec[2].timerlat.context, TIMERLAT_IRQ);
	assert_int_equal(o.rec[2].timerlat.seqnum, 5);
	assert_int_equal(o.rec[3].timerlat.context, TIMERLAT_THREAD);
	assert_int_equal(o.rec[3].timerlat.latency_ns, 39500000);

	for (i = 0; i < o.n; i++)
		timerlat_aa_feed(aa, &o.rec[i]);
	assert_int_equal(timerlat_aa_explain(aa, 1, &r), 0);
	assert_true(r.irq_seen);
	assert_true(r.blocking.found);
	assert_string_equal(r.blocking.name, "rtl_spin");
	assert_int_equal(r.blocking.pid, 4321);
	assert_int_equal(r.blocking.ns, 39397000);
	assert_int_equal(r.remainder_ns, 100000);
	timerlat_aa_free(aa);
	own_merge_free(m);
}

/* osnoise -s: the same; the sample's interference counts the late event */
static void test_stop_sample_late(void **state)
{
	struct own_merge *m = merge(TOOL_OSNOISE, 1000, 1000, 50, 0);
	struct out o = { 0 };

	(void)state;
	sample(m, 0, 200, 60200);			/* 60 us >= 50 */
	assert_int_equal(own_merge_flush(m, UINT64_MAX, collect, &o), 0);
	sample(m, 0, 70000, 70010);
	event(m, 0, NOISE_IRQ, 1000, 30000);
	event(m, 0, NOISE_IRQ, 65000, 66000);
	assert_int_equal(own_merge_flush(m, UINT64_MAX, collect, &o), 1);
	assert_int_equal(own_merge_release(m, collect, &o), 1);
	assert_int_equal(o.n, 2);
	assert_int_equal(o.rec[0].noise.start_ns, 1000);
	assert_int_equal(o.rec[1].kind, RECORD_NOISE_SAMPLE);
	assert_int_equal(o.rec[1].sample.duration_ns, 60000);
	assert_int_equal(o.rec[1].sample.interference, 1);
	own_merge_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_osnoise_completion),
		cmocka_unit_test(test_kvm_exits),
		cmocka_unit_test(test_backlog_drained),
		cmocka_unit_test(test_until_and_sleep),
		cmocka_unit_test(test_stop_threshold),
		cmocka_unit_test(test_timerlat_seqnum),
		cmocka_unit_test(test_stop_trace_late),
		cmocka_unit_test(test_stop_sample_late),
		cmocka_unit_test(test_own_stop_osnoise),
		cmocka_unit_test(test_own_stop_closed_by_sample),
		cmocka_unit_test(test_own_stop_timerlat),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
