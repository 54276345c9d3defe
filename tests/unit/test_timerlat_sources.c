// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for timerlat's sources over a whole run (--aa): synthetic
 * timerlat samples and osnoise:*_noise events through timerlat_aa, the
 * CPU's table of sources out; its parts add up to the latencies counted,
 * overlapping events count once, a reset starts over, a stop covers what
 * the table covers; then the text and the JSON
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "analysis/run_models.h"
#include "analysis/timerlat_sources.h"
#include "render/json_writer.h"
#include "cmdline.h"

#define B	1000000000ULL	/* the expiry of the first period under test, ns */
#define P	1000000ULL	/* one period */

/* the analysis, its sources, and the last table read with table_of() */
struct fixture {
	struct timerlat_aa	*aa;
	struct timerlat_sources	*s;
	struct source_row	t[TIMERLAT_SOURCES_LEN];
	int			n;
	struct timerlat_sources_sum	sum;
};

static struct fixture *open_fixture(int nr_cpus, uint64_t floor_ns)
{
	struct fixture *f = calloc(1, sizeof(*f));

	assert_non_null(f);
	f->aa = timerlat_aa_new(nr_cpus);
	f->s = timerlat_sources_new(nr_cpus, floor_ns);
	assert_non_null(f->aa);
	assert_non_null(f->s);
	timerlat_aa_sum_into(f->aa, f->s);
	return f;
}

static void close_fixture(struct fixture *f)
{
	timerlat_aa_free(f->aa);
	timerlat_sources_free(f->s);
	free(f);
}

static struct rtl_record timerlat(int cpu, enum timerlat_context ctx, uint64_t seq, uint64_t ts,
				  uint64_t latency)
{
	struct rtl_record r = { .kind = RECORD_TIMERLAT };

	r.timerlat.cpu = cpu;
	r.timerlat.context = ctx;
	r.timerlat.seqnum = seq;
	r.timerlat.ts = ts;
	r.timerlat.latency_ns = latency;
	return r;
}

static struct rtl_record noise(int cpu, enum noise_kind kind, const char *name, int id,
			       uint64_t start, uint64_t duration)
{
	struct rtl_record r = { .kind = RECORD_NOISE_EVENT };

	r.noise.cpu = cpu;
	r.noise.kind = kind;
	r.noise.start_ns = start;
	r.noise.duration_ns = duration;
	r.noise.ts = start + duration;
	if (kind == NOISE_THREAD)
		r.noise.pid = id;
	else
		r.noise.vector = id;
	snprintf(r.noise.name, sizeof(r.noise.name), "%s", name);
	return r;
}

static void feed(struct fixture *f, struct rtl_record r)
{
	timerlat_aa_feed(f->aa, &r);
}

/*
 * One period of @cpu expiring at @e: IRQ latency 1 us, the timerlat IRQ
 * from e + 500 for 1.5 us (its handler 0.5 us late), then @thread_lat.
 */
static void irq_part(struct fixture *f, int cpu, uint64_t seq, uint64_t e)
{
	feed(f, timerlat(cpu, TIMERLAT_IRQ, seq, e + 1000, 1000));
	feed(f, noise(cpu, NOISE_IRQ, "local_timer", 236, e + 500, 1500));
}

static void thread_sample(struct fixture *f, int cpu, uint64_t seq, uint64_t e, uint64_t lat)
{
	feed(f, timerlat(cpu, TIMERLAT_THREAD, seq, e + lat, lat));
}

/* a thread ran from before the expiry to e + @until: it blocked the timerlat thread */
static void blocking_period(struct fixture *f, int cpu, uint64_t seq, uint64_t e,
			    const char *comm, int pid, uint64_t until, uint64_t lat)
{
	irq_part(f, cpu, seq, e);
	feed(f, noise(cpu, NOISE_THREAD, comm, pid, e - 10000, 10000 + until - 1500));
	thread_sample(f, cpu, seq, e, lat);
}

/* the row of @kind named @name, or NULL */
static const struct source_row *find_row(const struct source_row *t, int n, int kind,
					 const char *name)
{
	for (int i = 0; i < n; i++)
		if (t[i].kind == kind && !strcmp(t[i].name, name))
			return &t[i];
	return NULL;
}

/* the table of @cpu into f->t, f->n, its sums f->sum: rows + not explained == total */
static int table_of(struct fixture *f, int cpu)
{
	uint64_t rows = 0;

	f->n = timerlat_sources_table(f->s, cpu, f->t, TIMERLAT_SOURCES_LEN);
	timerlat_sources_sum(f->s, cpu, &f->sum);
	for (int i = 0; i < f->n; i++) {
		rows += f->t[i].total_ns;
		assert_true(f->t[i].max_ns <= f->t[i].total_ns);
		assert_true(f->t[i].count <= f->sum.counted);
		if (i)
			assert_true(f->t[i].total_ns <= f->t[i - 1].total_ns);
	}
	assert_int_equal(rows, f->sum.sources_ns);
	assert_int_equal(f->sum.sources_ns + f->sum.not_explained_ns, f->sum.total_ns);
	return f->n;
}

/* the row of @kind named @name in the last table read, or NULL */
static const struct source_row *row(const struct fixture *f, int kind, const char *name)
{
	return find_row(f->t, f->n, kind, name);
}

/*
 * Three latencies: one a thread blocked (31 us: 0.5 delay, 1.5 IRQ, 24
 * blocking, 5 not explained), one an IRQ held up (10 us: an IRQ of 6 us
 * after the timerlat IRQ), one with nothing but the timerlat IRQ (4 us).
 */
static void test_parts_add_up(void **state)
{
	struct fixture *f = open_fixture(2, 0);
	const struct source_row *r;
	struct source_row ne;
	uint64_t rows_ns = 0;

	(void)state;
	blocking_period(f, 1, 1, B, "stress-ng", 1234, 26000, 31000);
	irq_part(f, 1, 2, B + P);
	feed(f, noise(1, NOISE_IRQ, "eth0", 40, B + P + 2500, 6000));
	thread_sample(f, 1, 2, B + P, 10000);
	irq_part(f, 1, 3, B + 2 * P);
	thread_sample(f, 1, 3, B + 2 * P, 4000);

	table_of(f, 1);
	assert_int_equal(f->sum.latencies, 3);
	assert_int_equal(f->sum.counted, 3);
	assert_int_equal(f->sum.total_ns, 45000);
	r = row(f, TL_SOURCE_BLOCKING, "stress-ng");
	assert_non_null(r);
	assert_ptr_equal(r, &f->t[0]);		/* the most time, first */
	assert_int_equal(r->total_ns, 24000);
	assert_int_equal(r->count, 1);
	assert_int_equal(r->pid, 1234);
	r = row(f, TL_SOURCE_IRQ, "eth0");
	assert_non_null(r);
	assert_int_equal(r->total_ns, 6000);
	assert_int_equal(r->vector, 40);
	r = row(f, TL_SOURCE_TIMERLAT_IRQ, "timerlat IRQ");
	assert_non_null(r);
	assert_int_equal(r->count, 3);
	assert_int_equal(r->total_ns, 4500);
	assert_int_equal(r->max_ns, 1500);
	/* late while stress-ng ran; the other two from idle (no thread ran at the expiry) */
	r = row(f, TL_SOURCE_IRQ_DELAY, "IRQ handler delay");
	assert_int_equal(r->total_ns, 500);
	assert_int_equal(r->count, 1);
	r = row(f, TL_SOURCE_IDLE_EXIT, "exit from idle");
	assert_int_equal(r->total_ns, 1000);
	assert_int_equal(r->count, 2);
	/* 31 - 26 blocking/IRQ/delay, 10 - 8, 4 - 2 */
	assert_int_equal(f->sum.not_explained_ns, 5000 + 2000 + 2000);
	assert_int_equal(f->n, 5);
	/* the live pane's row of it: with the rows, the latencies whole */
	timerlat_sources_unexplained_row(f->s, 1, &ne);
	assert_int_equal(ne.kind, TL_SOURCE_NOT_EXPLAINED);
	assert_string_equal(ne.name, "not explained");
	assert_int_equal(ne.total_ns, 9000);
	assert_int_equal(ne.count, 3);
	assert_int_equal(ne.pid, -1);
	for (int i = 0; i < f->n; i++)
		rows_ns += f->t[i].total_ns;
	assert_int_equal(rows_ns + ne.total_ns, f->sum.total_ns);
	assert_string_equal(timerlat_source_kind_name(ne.kind), "not_explained");

	/* no other CPU had any */
	assert_int_equal(table_of(f, 0), 0);
	assert_int_equal(f->sum.latencies + f->sum.total_ns, 0);
	assert_int_equal(timerlat_sources_table(f->s, 7, f->t, TIMERLAT_SOURCES_LEN), 0);
	close_fixture(f);
}

/*
 * Events that overlap add up to more than the latency: a softirq reported
 * whole with an IRQ nested in it (6 us latency: 0.5 delay, 1.5 timerlat
 * IRQ, softirq 5, IRQ 2: 3 us too many). The outer one gives them back:
 * each moment once, in the innermost; not explained is 0, never below.
 */
static void test_nested_counted_once(void **state)
{
	struct fixture *f = open_fixture(1, 0);
	const struct source_row *r;

	(void)state;
	irq_part(f, 0, 1, B);
	feed(f, noise(0, NOISE_IRQ, "eth0", 40, B + 3000, 2000));
	feed(f, noise(0, NOISE_SOFTIRQ, "NET_RX", 3, B + 2000, 5000));
	thread_sample(f, 0, 1, B, 6000);
	table_of(f, 0);
	assert_int_equal(f->sum.total_ns, 6000);
	assert_int_equal(f->sum.not_explained_ns, 0);
	r = row(f, TL_SOURCE_SOFTIRQ, "NET_RX");
	assert_int_equal(r->total_ns, 2000);
	assert_int_equal(r->max_ns, 2000);
	r = row(f, TL_SOURCE_IRQ, "eth0");
	assert_int_equal(r->total_ns, 2000);		/* the innermost, whole */

	/* too much even without the softirq: then the IRQs, the largest first */
	irq_part(f, 0, 2, B + P);
	feed(f, noise(0, NOISE_IRQ, "eth0", 40, B + P + 2500, 4000));
	feed(f, noise(0, NOISE_IRQ, "eth1", 41, B + P + 3000, 3000));
	thread_sample(f, 0, 2, B + P, 8000);
	table_of(f, 0);
	assert_int_equal(f->sum.total_ns, 14000);
	assert_int_equal(f->sum.not_explained_ns, 0);
	/* 8 - 0.5 - 1.5 = 6 us for 7 us of IRQs: eth0 gives 1 back */
	assert_int_equal(row(f, TL_SOURCE_IRQ, "eth0")->total_ns, 2000 + 3000);
	assert_int_equal(row(f, TL_SOURCE_IRQ, "eth1")->total_ns, 3000);
	close_fixture(f);
}

/* below the floor: explained, not counted */
static void test_floor(void **state)
{
	struct fixture *f = open_fixture(1, 5000);

	(void)state;
	assert_int_equal(timerlat_sources_floor_ns(f->s), 5000);
	irq_part(f, 0, 1, B);
	thread_sample(f, 0, 1, B, 4999);
	blocking_period(f, 0, 2, B + P, "cc1", 77, 8000, 9000);
	table_of(f, 0);
	assert_int_equal(f->sum.latencies, 2);
	assert_int_equal(f->sum.counted, 1);
	assert_int_equal(f->sum.total_ns, 9000);
	assert_int_equal(row(f, TL_SOURCE_TIMERLAT_IRQ, "timerlat IRQ")->count, 1);
	close_fixture(f);
}

/* the threads of one command are one row: its pids counted, the top one named */
static void test_one_row_per_command(void **state)
{
	struct fixture *f = open_fixture(1, 0);
	const struct source_row *r;

	(void)state;
	blocking_period(f, 0, 1, B, "cc1", 100, 5000, 6000);
	blocking_period(f, 0, 2, B + P, "cc1", 101, 9000, 10000);
	blocking_period(f, 0, 3, B + 2 * P, "cc1", 100, 3000, 4000);
	table_of(f, 0);
	r = row(f, TL_SOURCE_BLOCKING, "cc1");
	assert_true(r->by_command);
	assert_int_equal(r->nr_pids, 2);
	assert_int_equal(r->pid, 101);		/* of the most in one latency */
	assert_int_equal(r->count, 3);
	assert_int_equal(r->total_ns, 3000 + 7000 + 1000);
	assert_int_equal(r->max_ns, 7000);
	assert_null(row(f, TL_SOURCE_THREAD, "cc1"));
	close_fixture(f);
}

/*
 * r: the tables start over; a period under way (its IRQ sample before the
 * reset) counts after it, with its thread sample, as the table counts it
 */
static void test_reset(void **state)
{
	struct fixture *f = open_fixture(1, 0);

	(void)state;
	blocking_period(f, 0, 1, B, "stress-ng", 1234, 26000, 31000);
	irq_part(f, 0, 2, B + P);
	timerlat_sources_reset(f->s);
	assert_int_equal(table_of(f, 0), 0);
	assert_int_equal(f->sum.latencies + f->sum.counted + f->sum.total_ns + f->sum.not_explained_ns, 0);
	thread_sample(f, 0, 2, B + P, 3000);
	table_of(f, 0);
	assert_int_equal(f->sum.latencies, 1);
	assert_int_equal(f->sum.total_ns, 3000);
	assert_null(row(f, TL_SOURCE_BLOCKING, "stress-ng"));
	assert_non_null(row(f, TL_SOURCE_TIMERLAT_IRQ, "timerlat IRQ"));
	timerlat_sources_reset(NULL);
	close_fixture(f);
}

/*
 * Left out as the table leaves them out: a latency that includes a stop
 * of rtlens (self_ns), an IRQ sample whose thread never ran
 */
static void test_left_out(void **state)
{
	struct fixture *f = open_fixture(1, 0);
	struct rtl_record r;

	(void)state;
	irq_part(f, 0, 1, B);
	r = timerlat(0, TIMERLAT_THREAD, 1, B + 900000, 900000);
	r.timerlat.self_ns = 800000;
	feed(f, r);
	irq_part(f, 0, 2, B + P);
	table_of(f, 0);
	assert_int_equal(f->sum.latencies, 0);
	close_fixture(f);
}

/* -u: a period ends at its return to user space, whose latency counts */
static void test_user_return(void **state)
{
	struct fixture *f = open_fixture(1, 0);

	(void)state;
	timerlat_aa_set_user_return(f->aa);
	irq_part(f, 0, 1, B);
	thread_sample(f, 0, 1, B, 5000);
	table_of(f, 0);
	assert_int_equal(f->sum.latencies, 0);		/* not yet: the return to come */
	feed(f, noise(0, NOISE_THREAD, "kworker/0:1", 33, B + 5000, 30000));
	feed(f, timerlat(0, TIMERLAT_USER, 1, B + 45000, 45000));
	table_of(f, 0);
	assert_int_equal(f->sum.latencies, 1);
	assert_int_equal(f->sum.total_ns, 45000);
	assert_int_equal(row(f, TL_SOURCE_THREAD, "kworker/0:1")->total_ns, 30000);
	close_fixture(f);
}

/* past the bound, one "other" row; a row never counts a source twice */
static void test_bound(void **state)
{
	struct fixture *f = open_fixture(1, 0);
	char name[16];

	(void)state;
	for (int i = 0; i < TIMERLAT_SOURCES_MAX + 5; i++) {
		snprintf(name, sizeof(name), "irq%d", i);
		irq_part(f, 0, i + 1, B + i * P);
		feed(f, noise(0, NOISE_IRQ, name, 100 + i, B + i * P + 2500, 1000));
		thread_sample(f, 0, i + 1, B + i * P, 4000);
	}
	table_of(f, 0);
	assert_int_equal(f->n, TIMERLAT_SOURCES_LEN);
	assert_int_equal(row(f, TL_SOURCE_OTHER, "other")->total_ns, 7 * 1000);
	assert_int_equal(f->sum.counted, TIMERLAT_SOURCES_MAX + 5);
	assert_string_equal(timerlat_source_kind_name(TL_SOURCE_IDLE_EXIT), "exit_from_idle");
	assert_string_equal(timerlat_source_kind_name(99), "unknown");
	close_fixture(f);
}

/* ---- a session's models: the sources cover what the table covers ---- */

struct run {
	struct rtl_params	p;
	struct run_models	m;
};

static void run_open(struct run *r, char **argv)
{
	memset(r, 0, sizeof(*r));
	assert_int_equal(cmdline_parse(&r->p, "timerlat top", 4, argv), OPTS_OK);
	assert_int_equal(run_models_init(&r->m, &r->p, NULL), 0);
	assert_non_null(timerlat_models_of(&r->m)->sources);
}

static void run_feed(struct run *r, struct rtl_record rec)
{
	run_models_add(&r->m, &rec);
}

/* each CPU's sources count every latency of the table's, and sum them */
static void assert_covers_table(const struct run *r, int cpu)
{
	const struct latency_stats *st = &timerlat_models_of(&r->m)->lat.cpu[cpu].stats[TIMERLAT_THREAD];
	struct timerlat_sources_sum sum;

	timerlat_sources_sum(timerlat_models_of(&r->m)->sources, cpu, &sum);
	assert_int_equal(sum.latencies, st->count);
	assert_int_equal(sum.counted, st->count);
	assert_int_equal(sum.total_ns / 1000, st->sum);	/* whole us each, here */
}

/*
 * -T 20 with --aa: the periods of both CPUs up to the one that stopped
 * the run, in the order the engine reads them; then r starts both over
 */
static void test_stop_and_reset_with_table(void **state)
{
	char *argv[] = { "timerlat", "--aa", "-T", "20", "-c", "0-1", NULL };
	struct run r;

	(void)state;
	run_open(&r, argv);
	for (int i = 0; i < 5; i++) {
		for (int cpu = 0; cpu < 2; cpu++) {
			uint64_t e = B + i * P + cpu * 1000;

			run_feed(&r, timerlat(cpu, TIMERLAT_IRQ, i + 1, e + 1000, 1000));
			run_feed(&r, noise(cpu, NOISE_IRQ, "local_timer", 236, e + 500, 1500));
			run_feed(&r, timerlat(cpu, TIMERLAT_THREAD, i + 1, e + 5000, 5000));
		}
	}
	/* cpu 1 stops it: a thread held it 30 us */
	run_feed(&r, timerlat(1, TIMERLAT_IRQ, 6, B + 5 * P + 1000, 1000));
	run_feed(&r, noise(1, NOISE_IRQ, "local_timer", 236, B + 5 * P + 500, 1500));
	run_feed(&r, noise(1, NOISE_THREAD, "spin", 99, B + 5 * P - 9000, 39000));
	run_feed(&r, timerlat(1, TIMERLAT_THREAD, 6, B + 5 * P + 32000, 32000));
	assert_covers_table(&r, 0);
	assert_covers_table(&r, 1);
	run_models_explain(&r.m, &r.p, 1);		/* the stop's, as before */
	assert_non_null(timerlat_models_stop_result(&r.m));
	assert_int_equal(timerlat_models_stop_result(&r.m)->total_ns, 32000);
	assert_string_equal(timerlat_models_stop_result(&r.m)->blocking.name, "spin");

	run_models_reset(&r.m);
	run_feed(&r, timerlat(0, TIMERLAT_IRQ, 7, B + 6 * P + 1000, 1000));
	run_feed(&r, timerlat(0, TIMERLAT_THREAD, 7, B + 6 * P + 7000, 7000));
	assert_covers_table(&r, 0);
	assert_covers_table(&r, 1);
	assert_int_equal(timerlat_models_of(&r.m)->lat.cpu[0].stats[TIMERLAT_THREAD].count, 1);
	run_models_free(&r.m);
	params_free(&r.p);
}

/* without --aa, no sources: the threshold's analysis alone */
static void test_no_sources_without_aa(void **state)
{
	char *argv[] = { "timerlat", "-T", "20", NULL };
	struct run r;

	(void)state;
	memset(&r, 0, sizeof(r));
	assert_int_equal(cmdline_parse(&r.p, "timerlat top", 4, argv), OPTS_OK);
	assert_int_equal(run_models_init(&r.m, &r.p, NULL), 0);
	assert_null(timerlat_models_of(&r.m)->sources);
	assert_non_null(timerlat_models_of(&r.m)->aa);
	run_models_free(&r.m);
	params_free(&r.p);
}

/* ---- text and JSON ---- */

static char *text_of(struct fixture *f, int cpu, bool user)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	assert_non_null(out);
	table_of(f, cpu);
	timerlat_sources_print(out, cpu, f->t, f->n, &f->sum, timerlat_sources_floor_ns(f->s),
			       user);
	assert_int_equal(fclose(out), 0);
	return buf;
}

static void assert_has(const char *text, const char *part)
{
	if (!strstr(text, part))
		fail_msg("'%s' not found in:\n%s", part, text);
}

static void test_text(void **state)
{
	struct fixture *f = open_fixture(2, 2000);
	char *text;

	(void)state;
	blocking_period(f, 1, 1, B, "stress-ng", 1234, 26000, 31000);
	irq_part(f, 1, 2, B + P);
	feed(f, noise(1, NOISE_SOFTIRQ, "NET_RX", 3, B + P + 2500, 6000));
	thread_sample(f, 1, 2, B + P, 10000);
	irq_part(f, 1, 3, B + 2 * P);
	thread_sample(f, 1, 3, B + 2 * P, 1000);	/* below the floor */
	text = text_of(f, 1, false);
	assert_has(text, "CPU 1 latency sources (the thread latencies of at least 2.00 us: "
		   "2 of 3)\n");
	assert_has(text, "  source                          count      total us        max us"
		   "   share\n");
	assert_has(text, "  blocking thread stress-ng:1234      1         24.00         24.00"
		   "   58.54 %\n");
	assert_has(text, "  softirq NET_RX                      1          6.00          6.00"
		   "   14.63 %\n");
	assert_has(text, "  timerlat IRQ                        2          3.00          1.50"
		   "    7.32 %\n");
	assert_has(text, "  IRQ handler delay                   1          0.50          0.50"
		   "    1.22 %\n");
	assert_has(text, "  exit from idle                      1          0.50          0.50"
		   "    1.22 %\n");
	assert_has(text, "  not explained                                  7.00              "
		   "   17.07 %  (no event: the wakeup, the context switch)\n");
	assert_has(text, "  total: the thread latencies                   41.00              "
		   "  100.00 %\n");
	free(text);
	text = text_of(f, 0, true);
	assert_string_equal(text, "CPU 0 latency sources (the return-to-user latencies of at "
			    "least 2.00 us: 0 of 0)\n  no return-to-user latency of at least "
			    "2.00 us\n");
	free(text);
	close_fixture(f);
}

static void test_json(void **state)
{
	struct fixture *f = open_fixture(1, 0);
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	struct json_writer *w;

	(void)state;
	blocking_period(f, 0, 1, B, "stress-ng", 1234, 26000, 31000);
	table_of(f, 0);
	assert_non_null(out);
	w = json_writer_new(out, false);
	json_begin_object(w, NULL);
	timerlat_sources_json_sum(w, &f->sum);
	timerlat_sources_json_sources(w, "sources", f->t, f->n);
	json_end_object(w);
	assert_int_equal(json_writer_finish(w), 0);
	json_writer_free(w);
	assert_int_equal(fclose(out), 0);
	assert_has(buf, "{\"latencies\":1,\"counted\":1,\"total_us\":31,\"sources_us\":26,"
		   "\"not_explained_us\":5,\"events_dropped\":0,\"sources\":[");
	assert_has(buf, "{\"kind\":\"blocking\",\"name\":\"stress-ng\",\"vector\":null,"
		   "\"pid\":1234,\"pids\":1,\"count\":1,\"total_us\":24,\"max_us\":24}");
	assert_has(buf, "{\"kind\":\"timerlat_irq\",\"name\":\"timerlat IRQ\",\"vector\":null,"
		   "\"pid\":null,\"pids\":null,\"count\":1,\"total_us\":1.5,\"max_us\":1.5}");
	assert_has(buf, "{\"kind\":\"irq_handler_delay\",");
	free(buf);
	close_fixture(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parts_add_up),
		cmocka_unit_test(test_nested_counted_once),
		cmocka_unit_test(test_floor),
		cmocka_unit_test(test_one_row_per_command),
		cmocka_unit_test(test_reset),
		cmocka_unit_test(test_left_out),
		cmocka_unit_test(test_user_return),
		cmocka_unit_test(test_bound),
		cmocka_unit_test(test_stop_and_reset_with_table),
		cmocka_unit_test(test_no_sources_without_aa),
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_json),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
