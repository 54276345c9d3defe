// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the timerlat auto-analysis: synthetic timerlat samples,
 * osnoise:*_noise events and stacks in, the parts of the latency out
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "render/json_writer.h"
#include "analysis/timerlat_aa.h"
#include "utf8_check.h"

#define B	1000000000ULL	/* the expiry of the period under test, ns */

static void add_sample_pid(struct timerlat_aa *aa, int cpu, enum timerlat_context ctx,
			   uint64_t seq, uint64_t ts, uint64_t latency, int pid)
{
	struct rtl_record r = { .kind = RECORD_TIMERLAT };

	r.timerlat.cpu = cpu;
	r.timerlat.context = ctx;
	r.timerlat.seqnum = seq;
	r.timerlat.ts = ts;
	r.timerlat.latency_ns = latency;
	r.timerlat.pid = pid;
	timerlat_aa_feed(aa, &r);
}

static void add_sample(struct timerlat_aa *aa, int cpu, enum timerlat_context ctx, uint64_t seq,
		       uint64_t ts, uint64_t latency)
{
	add_sample_pid(aa, cpu, ctx, seq, ts, latency, 0);
}

/* IRQ sample at expiry + irq_lat, thread sample at expiry + thread_lat. */
static void add_irq(struct timerlat_aa *aa, int cpu, uint64_t seq, uint64_t expiry, uint64_t lat)
{
	add_sample(aa, cpu, TIMERLAT_IRQ, seq, expiry + lat, lat);
}

static void add_thread(struct timerlat_aa *aa, int cpu, uint64_t seq, uint64_t expiry, uint64_t lat)
{
	add_sample(aa, cpu, TIMERLAT_THREAD, seq, expiry + lat, lat);
}

/* One interference event; it is recorded at end (start + duration when 0). */
static void add_noise(struct timerlat_aa *aa, int cpu, enum noise_kind kind, const char *name,
		      int id, uint64_t start, uint64_t duration, uint64_t end)
{
	struct rtl_record r = { .kind = RECORD_NOISE_EVENT };

	r.noise.cpu = cpu;
	r.noise.kind = kind;
	r.noise.start_ns = start;
	r.noise.duration_ns = duration;
	r.noise.ts = end ? end : start + duration;
	if (kind == NOISE_THREAD)
		r.noise.pid = id;
	else
		r.noise.vector = id;
	snprintf(r.noise.name, sizeof(r.noise.name), "%s", name ? name : "");
	timerlat_aa_feed(aa, &r);
}

static void add_irq_noise(struct timerlat_aa *aa, int cpu, const char *name, int vector,
			  uint64_t start, uint64_t duration)
{
	add_noise(aa, cpu, NOISE_IRQ, name, vector, start, duration, 0);
}

static void add_stack(struct timerlat_aa *aa, int cpu, uint64_t ts)
{
	struct rtl_record r = { .kind = RECORD_STACK };

	r.stack.cpu = cpu;
	r.stack.ts = ts;
	r.stack.depth = 3;
	r.stack.sym[0] = "do_spin";
	r.stack.sym[1] = "do_something";
	r.stack.ip[2] = 0xffffffff81000abcULL;	/* unknown symbol */
	timerlat_aa_feed(aa, &r);
}

/* sum(parts) + remainder == total, exactly, summed here independently. */
static void assert_adds_up(const struct timerlat_aa_result *r)
{
	int64_t sum = 0;

	sum += (int64_t)r->previous_irq.total_ns + r->irq_handler_delay_ns;
	sum += (int64_t)r->timerlat_irq_ns + (int64_t)r->blocking.ns;
	sum += (int64_t)r->nmi.total_ns + (int64_t)r->irq.total_ns;
	sum += (int64_t)r->softirq.total_ns + (int64_t)r->thread.total_ns;
	assert_true(sum + r->remainder_ns == (int64_t)r->total_ns);
	assert_true(timerlat_aa_parts_sum(r) == sum);
	assert_int_equal(r->total_ns, r->user_return ? r->user_latency_ns :
			 r->thread_ran ? r->thread_latency_ns : r->irq_latency_ns);
}

static struct timerlat_aa_result *explain(struct timerlat_aa *aa, int cpu)
{
	struct timerlat_aa_result *r = calloc(1, sizeof(*r));

	assert_non_null(r);
	assert_int_equal(timerlat_aa_explain(aa, cpu, r), 0);
	assert_int_equal(r->cpu, cpu);
	assert_adds_up(r);
	return r;
}

static char *print_as(const struct timerlat_aa_result *r, enum stack_format fmt)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	assert_non_null(out);
	timerlat_aa_print(out, r, fmt);
	assert_int_equal(fclose(out), 0);
	return buf;
}

static char *print(const struct timerlat_aa_result *r)
{
	return print_as(r, STACK_TRUNCATE);
}

/* The line "  label" padded to the number column, then "value". */
static void assert_line(const char *text, const char *label, const char *value)
{
	char line[256];

	snprintf(line, sizeof(line), "\n%-48s%s\n", label, value);
	if (!strstr(text, line))
		fail_msg("line not found: \"%s\" in:\n%s", line + 1, text);
}

/* A source line: its label right-aligned in 24 columns, indented by 4. */
static void assert_source(const char *text, const char *label, const char *value)
{
	char padded[64];

	snprintf(padded, sizeof(padded), "    %24s", label);
	assert_line(text, padded, value);
}

static void test_empty_and_bounds(void **state)
{
	struct timerlat_aa *aa = timerlat_aa_new(2);
	struct timerlat_aa_result r;

	(void)state;
	assert_null(timerlat_aa_new(0));
	assert_int_equal(timerlat_aa_explain(aa, 0, &r), -1);
	assert_int_equal(timerlat_aa_explain(aa, -1, &r), -1);
	assert_int_equal(timerlat_aa_explain(aa, 2, &r), -1);
	add_irq(aa, 5, 1, B, 1000);		/* out of range: ignored */
	add_irq_noise(aa, 0, "local_timer", 236, B - 5000, 100);
	assert_int_equal(timerlat_aa_explain(aa, 0, &r), -1);	/* events alone: nothing */
	assert_string_equal(timerlat_aa_softirq_name(1), "TIMER");
	assert_string_equal(timerlat_aa_softirq_name(9), "RCU");
	assert_null(timerlat_aa_softirq_name(10));
	timerlat_aa_free(aa);
	timerlat_aa_free(NULL);
}

/* The trace stopped in the timer IRQ: the thread never ran. */
static void test_pure_irq_latency(void **state)
{
	struct timerlat_aa *aa = timerlat_aa_new(1);
	struct timerlat_aa_result *r;
	char *text;

	(void)state;
	add_irq(aa, 0, 7, B, 4000);
	add_stack(aa, 0, B + 4001);
	r = explain(aa, 0);
	assert_false(r->thread_ran);
	assert_true(r->irq_seen);
	assert_int_equal(r->seqnum, 7);
	assert_int_equal(r->expiry_ns, B);
	assert_int_equal(r->irq_latency_ns, 4000);
	assert_int_equal(r->thread_latency_ns, 0);
	assert_int_equal(r->total_ns, 4000);
	assert_false(r->timerlat_irq_found);
	assert_int_equal(r->irq_handler_delay_ns, 4000);
	assert_int_equal(r->timerlat_irq_ns, 0);
	assert_false(r->blocking.found);
	assert_int_equal(r->irq.nr_sources + r->softirq.nr_sources + r->thread.nr_sources +
			 r->nmi.nr_sources + r->previous_irq.nr_sources, 0);
	assert_int_equal(r->remainder_ns, 0);
	assert_int_equal(r->stack.depth, 3);
	assert_string_equal(r->stack.sym[2], "0xffffffff81000abc");
	assert_true(r->stack.known[1]);
	assert_false(r->stack.known[2]);

	text = print(r);
	assert_non_null(strstr(text, "The timerlat thread did not run"));
	assert_line(text, "  IRQ handler delay:  (exit from idle)", "     4.00 us (100.00 %)");
	assert_line(text, "  IRQ latency:", "     4.00 us (100%)");
	assert_null(strstr(text, "Thread latency"));
	assert_null(strstr(text, "Remainder"));
	assert_non_null(strstr(text, "                -> do_spin\n"));
	free(text);
	free(r);
	timerlat_aa_free(aa);
}

/*
 * stress-ng ran across the expiry, held the timer IRQ back 2 us and the
 * timerlat thread 24 us after the IRQ. The stack comes right after the IRQ
 * sample.
 */
static void feed_blocking(struct timerlat_aa *aa)
{
	add_thread(aa, 0, 1, B - 1000000, 5000);		/* the previous period */
	add_irq(aa, 0, 2, B, 3000);
	add_stack(aa, 0, B + 3001);
	add_irq_noise(aa, 0, "local_timer", 236, B + 2000, 4000);
	/* started before the expiry: 76 us net, the 4 us timer IRQ nested */
	add_noise(aa, 0, NOISE_THREAD, "stress-ng", 1234, B - 50000, 76000, B + 30000);
	add_thread(aa, 0, 2, B, 31000);
}

static void test_blocking_thread(void **state)
{
	struct timerlat_aa *aa = timerlat_aa_new(1);
	struct timerlat_aa_result *r;

	(void)state;
	feed_blocking(aa);
	r = explain(aa, 0);
	assert_true(r->thread_ran);
	assert_int_equal(r->seqnum, 2);
	assert_int_equal(r->thread_latency_ns, 31000);
	assert_int_equal(r->irq_latency_ns, 3000);
	assert_true(r->timerlat_irq_found);
	assert_int_equal(r->timerlat_irq_ns, 4000);
	assert_int_equal(r->irq_handler_delay_ns, 2000);
	assert_false(r->exit_from_idle);
	assert_true(r->blocking.found);
	assert_string_equal(r->blocking.name, "stress-ng");
	assert_int_equal(r->blocking.pid, 1234);
	assert_int_equal(r->blocking.ns, 24000);	/* B+6000 .. B+30000 */
	assert_int_equal(r->thread.nr_sources, 0);	/* blocking is not interference */
	assert_int_equal(r->remainder_ns, 1000);
	assert_int_equal(r->stack.depth, 3);
	assert_string_equal(r->stack.sym[0], "do_spin");
	assert_string_equal(r->stack.sym[1], "do_something");
	free(r);
	timerlat_aa_free(aa);
}

/*
 * -u: the thread woke in time (5 us), a thread preempted it before it
 * returned to user space (40 us): the period ends at its user sample, whose
 * latency is explained with the same parts; a -T stop on the thread sample
 * alone still explains the thread.
 */
static void test_user_return(void **state)
{
	struct timerlat_aa *aa = timerlat_aa_new(1);
	struct timerlat_aa_result *r;

	(void)state;
	timerlat_aa_set_user_return(aa);
	add_irq(aa, 0, 4, B, 2000);
	add_irq_noise(aa, 0, "local_timer", 236, B + 1000, 2000);
	add_thread(aa, 0, 4, B, 5000);
	r = explain(aa, 0);			/* stopped on the thread: its analysis */
	assert_true(r->thread_ran);
	assert_false(r->user_return);
	assert_int_equal(r->total_ns, 5000);
	free(r);
	add_noise(aa, 0, NOISE_THREAD, "blocker", 77, B + 6000, 33000, B + 39000);
	add_sample(aa, 0, TIMERLAT_USER, 4, B + 40000, 40000);
	r = explain(aa, 0);
	assert_true(r->user_return);
	assert_int_equal(r->seqnum, 4);
	assert_int_equal(r->user_latency_ns, 40000);
	assert_int_equal(r->thread_latency_ns, 5000);
	assert_int_equal(r->total_ns, 40000);
	assert_int_equal(r->thread.nr_sources, 1);
	assert_string_equal(r->thread.sources[0].name, "blocker");
	assert_int_equal(r->thread.total_ns, 33000);
	assert_int_equal(timerlat_aa_parts_sum(r) + r->remainder_ns, 40000);
	free(r);
	/* without -u the user sample ends nothing and is not analyzed */
	timerlat_aa_free(aa);
	aa = timerlat_aa_new(1);
	add_irq(aa, 0, 5, B, 2000);
	add_thread(aa, 0, 5, B, 5000);
	add_sample(aa, 0, TIMERLAT_USER, 5, B + 40000, 40000);
	r = explain(aa, 0);
	assert_false(r->user_return);
	assert_int_equal(r->total_ns, 5000);
	free(r);
	timerlat_aa_free(aa);
}

/*
 * -u: a blocking thread held the user-space timerlat thread back; the stack
 * comes after the thread sample, while the period still waits for its
 * return to user: a stop on the thread shows it, and so does the period
 * once its user sample came.
 */
static void test_user_stack_after_thread(void **state)
{
	struct timerlat_aa *aa = timerlat_aa_new(1);
	struct timerlat_aa_result *r;

	(void)state;
	timerlat_aa_set_user_return(aa);
	add_irq(aa, 0, 6, B, 3000);
	add_noise(aa, 0, NOISE_THREAD, "blocker", 77, B + 2500, 24000, B + 30000);
	add_thread(aa, 0, 6, B, 31000);
	add_stack(aa, 0, B + 31001);
	r = explain(aa, 0);
	assert_false(r->user_return);
	assert_true(r->blocking.found);
	assert_int_equal(r->stack.depth, 3);
	assert_string_equal(r->stack.sym[0], "do_spin");
	free(r);
	add_sample(aa, 0, TIMERLAT_USER, 6, B + 33000, 33000);
	r = explain(aa, 0);
	assert_true(r->user_return);
	assert_int_equal(r->stack.depth, 3);
	free(r);
	timerlat_aa_free(aa);
}

/* --stack-format: a frame kallsyms does not name ends the stack, is skipped, or shown */
static void test_stack_formats(void **state)
{
	struct timerlat_aa *aa = timerlat_aa_new(1);
	struct timerlat_aa_result *r;
	char *text;

	(void)state;
	add_irq(aa, 0, 7, B, 4000);
	add_stack(aa, 0, B + 4001);
	r = explain(aa, 0);
	/* the unknown frame between two named ones */
	r->stack.known[1] = false;
	snprintf(r->stack.sym[1], TIMERLAT_AA_SYM_LEN, "0xffffffff81000def");
	snprintf(r->stack.sym[2], TIMERLAT_AA_SYM_LEN, "do_idle");
	r->stack.known[2] = true;
	text = print_as(r, STACK_TRUNCATE);
	assert_non_null(strstr(text, "    Blocking thread stack trace\n                -> do_spin\n"));
	assert_null(strstr(text, "0xffffffff81000def"));
	assert_null(strstr(text, "do_idle"));
	free(text);
	text = print_as(r, STACK_SKIP);
	assert_non_null(strstr(text, "                -> do_spin\n                -> do_idle\n"));
	assert_null(strstr(text, "0xffffffff81000def"));
	free(text);
	text = print_as(r, STACK_FULL);
	assert_non_null(strstr(text, "                -> do_spin\n                -> 0xffffffff81000def\n"
				     "                -> do_idle\n"));
	free(text);
	free(r);
	timerlat_aa_free(aa);
}

/*
 * As the kernel writes it: the blocking thread's start is reset inside the
 * timerlat IRQ, its duration counts only what follows; the stack is written
 * after the thread sample.
 */
static void test_blocking_thread_kernel_style(void **state)
{
	struct timerlat_aa *aa = timerlat_aa_new(1);
	struct timerlat_aa_result *r;

	(void)state;
	add_irq(aa, 0, 3, B, 3000);
	add_irq_noise(aa, 0, "local_timer", 236, B + 2000, 4000);
	add_noise(aa, 0, NOISE_THREAD, "stress-ng", 1234, B + 2500, 24000, B + 30000);
	add_thread(aa, 0, 3, B, 31000);
	add_stack(aa, 0, B + 31001);
	r = explain(aa, 0);
	assert_true(r->blocking.found);
	assert_int_equal(r->blocking.ns, 24000);
	assert_int_equal(r->remainder_ns, 1000);
	assert_int_equal(r->stack.depth, 3);
	free(r);
	timerlat_aa_free(aa);
}

/*
 * A handler 400 ms late, the IRQ record's pid that of a task still running
 * (its thread event not ended yet): not out of idle, and the task is named
 */
static void test_irq_task(void **state)
{
	struct timerlat_aa *aa = timerlat_aa_new(2);
	struct timerlat_aa_result *r;
	char *text;

	(void)state;
	add_sample_pid(aa, 1, TIMERLAT_IRQ, 3, B + 400000000, 400000000, 4242);
	r = explain(aa, 1);
	assert_false(r->thread_ran);
	assert_false(r->exit_from_idle);
	assert_int_equal(r->irq_task.pid, 4242);
	assert_string_equal(r->irq_task.name, "");
	text = print(r);
	assert_line(text, "    the IRQ interrupted:", "<unknown>:4242");
	free(text);
	timerlat_aa_name_irq_task(r, "rtl_zoo_irqoff");
	text = print(r);
	assert_line(text, "  IRQ handler delay:", "400000.00 us (100.00 %)");
	assert_line(text, "    the IRQ interrupted:", "rtl_zoo_irqoff:4242");
	free(text);
	free(r);
	timerlat_aa_free(aa);
}

/*
 * The task the late IRQ interrupted has a thread event in the window (it
 * ran until the timerlat thread took the CPU): named by the trace, as it
 * was then, not by /proc at the end of the run, when it may be gone
 */
static void test_irq_task_named_by_trace(void **state)
{
	struct timerlat_aa *aa = timerlat_aa_new(2);
	struct timerlat_aa_result *r;
	char *text;

	(void)state;
	add_sample_pid(aa, 1, TIMERLAT_IRQ, 3, B + 400000000, 400000000, 4242);
	add_noise(aa, 1, NOISE_THREAD, "rtl_zoo_irqoff", 4242, B - 1000, 400000500,
		  B + 400000500);
	add_thread(aa, 1, 3, B, 400001000);
	r = explain(aa, 1);
	assert_int_equal(r->irq_task.pid, 4242);
	assert_string_equal(r->irq_task.name, "rtl_zoo_irqoff");
	text = print(r);
	assert_line(text, "    the IRQ interrupted:", "rtl_zoo_irqoff:4242");
	free(text);
	free(r);
	timerlat_aa_free(aa);
}

/* the idle task (pid 0) was interrupted: out of idle, no task named */
static void test_irq_task_idle(void **state)
{
	struct timerlat_aa *aa = timerlat_aa_new(1);
	struct timerlat_aa_result *r;
	char *text;

	(void)state;
	add_sample_pid(aa, 0, TIMERLAT_IRQ, 3, B + 4000, 4000, 0);
	r = explain(aa, 0);
	assert_true(r->exit_from_idle);
	assert_int_equal(r->irq_task.pid, -1);
	text = print(r);
	assert_null(strstr(text, "interrupted"));
	free(text);
	free(r);
	timerlat_aa_free(aa);
}

static void test_irq_interference(void **state)
{
	struct timerlat_aa *aa = timerlat_aa_new(1);
	struct timerlat_aa_result *r;
	const struct source_row *s;

	(void)state;
	add_irq(aa, 0, 1, B, 1500);
	add_irq_noise(aa, 0, "local_timer", 236, B + 1000, 2000);
	add_irq_noise(aa, 0, "call_function_single", 251, B + 4000, 1500);
	add_irq_noise(aa, 0, "call_function_single", 251, B + 6000, 2500);
	add_thread(aa, 0, 1, B, 10000);
	r = explain(aa, 0);
	assert_int_equal(r->irq_handler_delay_ns, 1000);
	assert_int_equal(r->timerlat_irq_ns, 2000);
	assert_int_equal(r->irq.total_ns, 4000);
	assert_int_equal(r->irq.nr_sources, 1);
	s = &r->irq.sources[0];
	assert_int_equal(s->kind, NOISE_IRQ);
	assert_string_equal(s->name, "call_function_single");
	assert_int_equal(s->vector, 251);
	assert_int_equal(s->pid, -1);
	assert_int_equal(s->count, 2);
	assert_int_equal(s->total_ns, 4000);
	assert_int_equal(s->max_ns, 2500);
	assert_int_equal(r->remainder_ns, 3000);
	free(r);
	timerlat_aa_free(aa);
}

static void test_softirq_and_nmi(void **state)
{
	struct timerlat_aa *aa = timerlat_aa_new(1);
	struct timerlat_aa_result *r;

	(void)state;
	add_irq(aa, 0, 1, B, 1000);
	/* an NMI inside the timer IRQ: the IRQ's 1.5 us are net of it */
	add_noise(aa, 0, NOISE_NMI, NULL, 0, B + 700, 300, 0);
	add_noise(aa, 0, NOISE_IRQ, "local_timer", 236, B + 500, 1500, B + 2300);
	add_noise(aa, 0, NOISE_NMI, NULL, 0, B + 2500, 800, 0);
	add_noise(aa, 0, NOISE_SOFTIRQ, NULL, 1, B + 3300, 5000, 0);
	add_thread(aa, 0, 1, B, 9000);
	r = explain(aa, 0);
	assert_int_equal(r->timerlat_irq_ns, 1500);
	assert_int_equal(r->irq_handler_delay_ns, 500);
	assert_int_equal(r->softirq.total_ns, 5000);
	assert_int_equal(r->softirq.nr_sources, 1);
	assert_string_equal(r->softirq.sources[0].name, "TIMER");
	assert_int_equal(r->softirq.sources[0].vector, 1);
	assert_int_equal(r->nmi.total_ns, 1100);
	assert_int_equal(r->nmi.nr_sources, 1);
	assert_string_equal(r->nmi.sources[0].name, "nmi");
	assert_int_equal(r->nmi.sources[0].count, 2);
	assert_int_equal(r->nmi.sources[0].max_ns, 800);
	assert_int_equal(r->remainder_ns, 9000 - 500 - 1500 - 5000 - 1100);
	free(r);
	timerlat_aa_free(aa);
}

/* bash was running; ktimers, of higher priority, ran before timerlat. */
static void test_thread_interference(void **state)
{
	struct timerlat_aa *aa = timerlat_aa_new(1);
	struct timerlat_aa_result *r;

	(void)state;
	add_irq(aa, 0, 1, B, 2000);
	add_irq_noise(aa, 0, "local_timer", 236, B + 1000, 2000);
	add_noise(aa, 0, NOISE_THREAD, "bash", 500, B + 1500, 1000, B + 4000);
	add_noise(aa, 0, NOISE_THREAD, "ktimers/0", 15, B + 4000, 6000, B + 10000);
	add_thread(aa, 0, 1, B, 11000);
	r = explain(aa, 0);
	assert_true(r->blocking.found);
	assert_string_equal(r->blocking.name, "bash");
	assert_int_equal(r->blocking.ns, 1000);
	assert_int_equal(r->thread.total_ns, 6000);
	assert_int_equal(r->thread.nr_sources, 1);
	assert_string_equal(r->thread.sources[0].name, "ktimers/0");
	assert_int_equal(r->thread.sources[0].pid, 15);
	assert_int_equal(r->thread.sources[0].vector, -1);
	assert_int_equal(r->remainder_ns, 1000);
	free(r);
	timerlat_aa_free(aa);
}

static void test_previous_irq(void **state)
{
	struct timerlat_aa *aa = timerlat_aa_new(1);
	struct timerlat_aa_result *r;
	char *text;

	(void)state;
	add_irq_noise(aa, 0, "ahci", 30, B - 9000, 3000);	/* over before E */
	add_irq_noise(aa, 0, "nvme0q1", 35, B - 3000, 7000);	/* across E */
	add_irq(aa, 0, 1, B, 5000);
	add_irq_noise(aa, 0, "local_timer", 236, B + 4200, 2000);
	add_thread(aa, 0, 1, B, 9000);
	r = explain(aa, 0);
	assert_int_equal(r->previous_irq.total_ns, 4000);	/* its part after E */
	assert_int_equal(r->previous_irq.nr_sources, 1);
	assert_string_equal(r->previous_irq.sources[0].name, "nvme0q1");
	assert_int_equal(r->previous_irq.sources[0].vector, 35);
	assert_int_equal(r->irq_handler_delay_ns, 200);
	assert_false(r->exit_from_idle);
	assert_int_equal(r->timerlat_irq_ns, 2000);
	assert_int_equal(r->irq.nr_sources, 0);
	assert_int_equal(r->remainder_ns, 2800);
	text = print(r);
	assert_line(text, "  Previous IRQ interference:", "     4.00 us (44.44 %)");
	assert_source(text, "nvme0q1:35", "     4.00 us");
	assert_null(strstr(text, "ahci"));
	free(text);
	free(r);
	timerlat_aa_free(aa);
}

static void test_exit_from_idle(void **state)
{
	struct timerlat_aa *aa = timerlat_aa_new(1);
	struct timerlat_aa_result *r;
	char *text;

	(void)state;
	add_irq(aa, 0, 1, B, 20500);
	add_irq_noise(aa, 0, "local_timer", 236, B + 20000, 1000);
	add_thread(aa, 0, 1, B, 23000);
	r = explain(aa, 0);
	assert_int_equal(r->irq_handler_delay_ns, 20000);
	assert_true(r->exit_from_idle);
	assert_false(r->blocking.found);
	assert_int_equal(r->remainder_ns, 2000);
	text = print(r);
	assert_line(text, "  IRQ handler delay:  (exit from idle)", "    20.00 us (86.96 %)");
	free(text);
	free(r);

	/* the kernel names idle as the blocking thread: swapper, pid 0 */
	add_irq(aa, 0, 2, 2 * B, 20500);
	add_irq_noise(aa, 0, "local_timer", 236, 2 * B + 20000, 1000);
	add_noise(aa, 0, NOISE_THREAD, "swapper/0", 0, 2 * B + 20300, 500, 2 * B + 21500);
	add_thread(aa, 0, 2, 2 * B, 23000);
	r = explain(aa, 0);
	assert_true(r->exit_from_idle);
	assert_int_equal(r->blocking.pid, 0);
	assert_int_equal(r->remainder_ns, 1500);
	free(r);

	/* a busy CPU is not coming out of idle */
	add_irq(aa, 0, 3, 3 * B, 20500);
	add_irq_noise(aa, 0, "local_timer", 236, 3 * B + 20000, 1000);
	add_noise(aa, 0, NOISE_THREAD, "cc1", 77, 3 * B + 20300, 500, 3 * B + 21500);
	add_thread(aa, 0, 3, 3 * B, 23000);
	r = explain(aa, 0);
	assert_false(r->exit_from_idle);
	free(r);
	timerlat_aa_free(aa);
}

static void test_remainder(void **state)
{
	struct timerlat_aa *aa = timerlat_aa_new(1);
	struct timerlat_aa_result *r;
	char *text;

	(void)state;
	add_irq(aa, 0, 1, B, 1000);
	add_irq_noise(aa, 0, "local_timer", 236, B + 500, 1500);
	add_thread(aa, 0, 1, B, 12000);
	r = explain(aa, 0);
	assert_int_equal(r->remainder_ns, 10000);
	text = print(r);
	assert_line(text, "  Remainder (not explained by any event):", "    10.00 us (83.33 %)");
	free(text);
	free(r);

	/* overlapping events explain more than the latency: negative, shown */
	add_irq(aa, 0, 2, 2 * B, 1000);
	add_irq_noise(aa, 0, "local_timer", 236, 2 * B + 500, 1500);
	add_irq_noise(aa, 0, "eth0", 40, 2 * B + 2500, 4000);
	add_irq_noise(aa, 0, "eth1", 41, 2 * B + 3000, 4000);
	add_thread(aa, 0, 2, 2 * B, 8000);
	r = explain(aa, 0);
	assert_int_equal(r->remainder_ns, 8000 - 500 - 1500 - 8000);
	text = print(r);
	assert_line(text, "  Remainder (not explained by any event):", "    -2.00 us (-25.00 %)");
	free(text);
	free(r);
	timerlat_aa_free(aa);
}

static void test_bounded_state(void **state)
{
	struct timerlat_aa *aa = timerlat_aa_new(1);
	struct timerlat_aa_result *r;
	int i;

	(void)state;
	/* 1000 events long over before the expiry: dropped, but harmless */
	for (i = 0; i < 1000; i++)
		add_irq_noise(aa, 0, "eth0", 40, B - 100000 + i * 10, 5);
	add_irq(aa, 0, 1, B, 1000);
	add_irq_noise(aa, 0, "local_timer", 236, B + 500, 1500);
	add_thread(aa, 0, 1, B, 3000);
	r = explain(aa, 0);
	assert_int_equal(r->events_dropped, 0);
	assert_true(r->timerlat_irq_found);
	assert_int_equal(r->irq.nr_sources, 0);
	assert_int_equal(r->remainder_ns, 1000);
	free(r);

	/* a flood between the timer IRQ and the thread: counted as dropped */
	add_irq(aa, 0, 2, 2 * B, 1000);
	add_irq_noise(aa, 0, "local_timer", 236, 2 * B + 500, 1500);
	for (i = 0; i < 1000; i++)
		add_irq_noise(aa, 0, "call_function_single", 251, 2 * B + 2000 + i * 20, 10);
	add_thread(aa, 0, 2, 2 * B, 30000);
	r = explain(aa, 0);
	assert_true(r->events_dropped > 0);
	assert_true(r->timerlat_irq_found);
	assert_int_equal(r->irq.sources[0].count + r->events_dropped, 1000);
	assert_int_equal(r->irq.total_ns, r->irq.sources[0].count * 10);
	assert_int_equal(r->remainder_ns, 30000 - 500 - 1500 - (int64_t)r->irq.total_ns);
	free(r);

	/* the next period starts clean */
	add_irq(aa, 0, 3, 3 * B, 1000);
	add_irq_noise(aa, 0, "local_timer", 236, 3 * B + 500, 1500);
	add_thread(aa, 0, 3, 3 * B, 3000);
	r = explain(aa, 0);
	assert_int_equal(r->events_dropped, 0);
	assert_int_equal(r->irq.nr_sources, 0);
	free(r);
	timerlat_aa_free(aa);
}

static void test_sources_bound(void **state)
{
	struct timerlat_aa *aa = timerlat_aa_new(1);
	struct timerlat_aa_result *r;
	const struct source_row *other;
	int i;

	(void)state;
	add_irq(aa, 0, 1, B, 1000);
	add_irq_noise(aa, 0, "local_timer", 236, B + 500, 1500);
	for (i = 0; i < 20; i++)
		add_irq_noise(aa, 0, "dev", 100 + i, B + 3000 + i * 100, 50);
	add_irq_noise(aa, 0, "dev", 119, B + 6000, 70);	/* merged into other */
	add_thread(aa, 0, 1, B, 10000);
	r = explain(aa, 0);
	assert_int_equal(r->irq.nr_sources, TIMERLAT_AA_MAX_SOURCES + 1);
	assert_int_equal(r->irq.total_ns, 20 * 50 + 70);
	other = &r->irq.sources[TIMERLAT_AA_MAX_SOURCES];
	assert_string_equal(other->name, "other");
	assert_int_equal(other->count, 5);
	assert_int_equal(other->total_ns, 4 * 50 + 70);
	assert_int_equal(other->max_ns, 70);
	assert_int_equal(other->vector, -1);
	free(r);
	timerlat_aa_free(aa);
}

static void test_two_cpus(void **state)
{
	struct timerlat_aa *aa = timerlat_aa_new(4);
	struct timerlat_aa_result *r0, *r3, r;

	(void)state;
	add_irq(aa, 0, 1, B, 1000);
	add_irq(aa, 3, 9, B + 100, 2000);
	add_irq_noise(aa, 3, "local_timer", 236, B + 100 + 1500, 1000);
	add_irq_noise(aa, 0, "local_timer", 236, B + 500, 1500);
	add_irq_noise(aa, 3, "call_function_single", 251, B + 100 + 3000, 700);
	add_noise(aa, 0, NOISE_SOFTIRQ, NULL, 9, B + 2500, 600, 0);
	add_thread(aa, 3, 9, B + 100, 5000);
	add_thread(aa, 0, 1, B, 4000);
	r0 = explain(aa, 0);
	r3 = explain(aa, 3);
	assert_int_equal(r0->irq.nr_sources, 0);
	assert_int_equal(r0->softirq.total_ns, 600);
	assert_string_equal(r0->softirq.sources[0].name, "RCU");
	assert_int_equal(r0->timerlat_irq_ns, 1500);
	assert_int_equal(r3->seqnum, 9);
	assert_int_equal(r3->softirq.nr_sources, 0);
	assert_int_equal(r3->irq.total_ns, 700);
	assert_int_equal(r3->timerlat_irq_ns, 1000);
	assert_int_equal(r3->irq_handler_delay_ns, 1500);
	assert_int_equal(timerlat_aa_explain(aa, 1, &r), -1);
	free(r0);
	free(r3);
	timerlat_aa_free(aa);
}

static void test_text_output(void **state)
{
	struct timerlat_aa *aa = timerlat_aa_new(1);
	struct timerlat_aa_result *r;
	char *text;

	(void)state;
	feed_blocking(aa);
	add_irq_noise(aa, 0, "eth0", 40, B + 1000000, 10);	/* next period */
	r = explain(aa, 0);
	text = print_as(r, STACK_FULL);
	assert_true(strncmp(text, "## CPU 0 hit stop tracing, analyzing it ##\n", 43) == 0);
	assert_line(text, "  IRQ handler delay:", "     2.00 us (6.45 %)");
	assert_line(text, "  IRQ latency:", "     3.00 us");
	assert_line(text, "  Timerlat IRQ duration:", "     4.00 us (12.90 %)");
	assert_line(text, "  Blocking thread:", "    24.00 us (77.42 %)");
	assert_source(text, "stress-ng:1234", "    24.00 us");
	assert_non_null(strstr(text, "\n    Blocking thread stack trace\n"
				     "                -> do_spin\n"
				     "                -> do_something\n"
				     "                -> 0xffffffff81000abc\n"));
	assert_line(text, "  Remainder (not explained by any event):", "     1.00 us (3.23 %)");
	assert_non_null(strstr(text, "\n------------------------------------------------"));
	assert_line(text, "  Thread latency:", "    31.00 us (100%)");
	assert_null(strstr(text, "IRQ interference"));
	assert_null(strstr(text, "dropped"));
	free(text);
	free(r);

	/* interference lines with one line per source */
	add_irq(aa, 0, 3, 2 * B, 1000);
	add_irq_noise(aa, 0, "local_timer", 236, 2 * B + 500, 1500);
	add_irq_noise(aa, 0, "call_function_single", 251, 2 * B + 3000, 1000);
	add_irq_noise(aa, 0, "call_function_single", 251, 2 * B + 5000, 3000);
	add_noise(aa, 0, NOISE_SOFTIRQ, NULL, 1, 2 * B + 8000, 2000, 0);
	add_noise(aa, 0, NOISE_THREAD, "ktimers/0", 15, 2 * B + 10000, 5000, 0);
	add_noise(aa, 0, NOISE_NMI, NULL, 0, 2 * B + 15000, 500, 0);
	add_thread(aa, 0, 3, 2 * B, 20000);
	r = explain(aa, 0);
	text = print(r);
	assert_line(text, "  IRQ interference:", "     4.00 us (20.00 %)");
	assert_source(text, "call_function_single:251",
		    "     4.00 us  (2 events, max 3.00 us)");
	assert_line(text, "  Softirq interference:", "     2.00 us (10.00 %)");
	assert_source(text, "TIMER", "     2.00 us");
	assert_line(text, "  Thread interference:", "     5.00 us (25.00 %)");
	assert_source(text, "ktimers/0:15", "     5.00 us");
	assert_line(text, "  NMI interference:", "     0.50 us (2.50 %)");
	assert_source(text, "nmi", "     0.50 us");
	assert_non_null(strstr(text, "\n  Blocking thread:  none traced\n"));
	free(text);
	free(r);
	timerlat_aa_free(aa);
}

static char *to_json(const struct timerlat_aa_result *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	struct json_writer *w;

	assert_non_null(out);
	w = json_writer_new(out, false);
	assert_non_null(w);
	json_begin_object(w, NULL);
	timerlat_aa_json(w, "analysis", r);
	json_end_object(w);
	assert_int_equal(json_writer_finish(w), 0);
	json_writer_free(w);
	assert_int_equal(fclose(out), 0);
	return buf;
}

static void assert_has(const char *json, const char *needle)
{
	if (!strstr(json, needle))
		fail_msg("\"%s\" not found in %s", needle, json);
}

static void test_json_output(void **state)
{
	struct timerlat_aa *aa = timerlat_aa_new(1);
	struct timerlat_aa_result *r;
	char *json;

	(void)state;
	feed_blocking(aa);
	r = explain(aa, 0);
	json = to_json(r);
	assert_has(json, "{\"analysis\":{\"cpu\":0,\"seqnum\":2,\"analyzed\":\"thread\"");
	assert_has(json, "\"thread_ran\":true");
	assert_has(json, "\"irq_latency_us\":3,");
	assert_has(json, "\"thread_latency_us\":31,");
	assert_has(json, "\"total_us\":31,");
	assert_has(json, "\"previous_irq\":{\"total_us\":0,\"sources\":[]}");
	assert_has(json, "\"irq_handler_delay_us\":2,");
	assert_has(json, "\"exit_from_idle\":false");
	assert_has(json, "\"timerlat_irq_found\":true");
	assert_has(json, "\"timerlat_irq_us\":4,");
	assert_has(json, "\"blocking_thread\":{\"name\":\"stress-ng\",\"pid\":1234,\"us\":24}");
	assert_has(json, "\"stack\":[\"do_spin\",\"do_something\",\"0xffffffff81000abc\"]");
	assert_has(json, "\"irq_interference\":{\"total_us\":0,\"sources\":[]}");
	assert_has(json, "\"softirq_interference\":");
	assert_has(json, "\"thread_interference\":");
	assert_has(json, "\"nmi_interference\":");
	assert_has(json, "\"remainder_us\":1,");
	assert_has(json, "\"parts_sum_us\":30,");
	assert_has(json, "\"events_dropped\":0}}");
	free(json);
	free(r);

	/* sources, fractions of a us, and the IRQ-only shape */
	add_irq(aa, 0, 3, 2 * B, 1234);
	add_irq_noise(aa, 0, "local_timer", 236, 2 * B + 500, 1500);
	add_irq_noise(aa, 0, "call_function_single", 251, 2 * B + 3000, 1001);
	add_irq_noise(aa, 0, "call_function_single", 251, 2 * B + 5000, 2500);
	add_noise(aa, 0, NOISE_THREAD, "ktimers/0", 15, 2 * B + 10000, 5000, 0);
	add_thread(aa, 0, 3, 2 * B, 20000);
	r = explain(aa, 0);
	json = to_json(r);
	assert_has(json, "\"irq_interference\":{\"total_us\":3.501,\"sources\":[{\"kind\":\"irq\","
		   "\"name\":\"call_function_single\",\"vector\":251,\"pid\":null,\"count\":2,"
		   "\"total_us\":3.501,\"max_us\":2.5}]}");
	assert_has(json, "{\"kind\":\"thread\",\"name\":\"ktimers/0\",\"vector\":null,"
		   "\"pid\":15,\"count\":1,\"total_us\":5,\"max_us\":5}");
	assert_has(json, "\"irq_latency_us\":1.234,");
	assert_has(json, "\"blocking_thread\":null");
	free(json);
	free(r);

	add_irq(aa, 0, 4, 3 * B, 4000);
	r = explain(aa, 0);
	json = to_json(r);
	assert_has(json, "\"analyzed\":\"irq\"");
	assert_has(json, "\"thread_ran\":false");
	assert_has(json, "\"thread_latency_us\":null");
	assert_has(json, "\"total_us\":4,");
	assert_has(json, "\"parts_sum_us\":4,");
	free(json);
	free(r);
	timerlat_aa_free(aa);
}

#define EVIL	"ev\x1b[31mil\xff"		/* a thread's name, from prctl() */
#define EVIL_TEXT	"ev\\x1b[31mil\\xff"	/* as text prints it */
#define EVIL_JSON	"ev\\u001b[31mil\\\\xff"	/* as JSON writes it */

/* No raw ESC or 0xff, and the text is safe UTF-8 (newlines aside). */
static void assert_no_raw(const char *text)
{
	if (strchr(text, '\x1b') || strchr(text, '\xff') || !utf8_check_safe(text, true))
		fail_msg("raw control or invalid bytes in:\n%s", text);
}

static void assert_text_and_json(const struct timerlat_aa_result *r, const char *text_has,
				 const char *json_has)
{
	char *text = print(r), *json = to_json(r);

	if (!strstr(text, text_has))
		fail_msg("\"%s\" not found in:\n%s", text_has, text);
	assert_no_raw(text);
	assert_has(json, json_has);
	assert_no_raw(json);
	free(text);
	free(json);
}

/*
 * A blocking thread, a stack symbol, an interfering thread and an IRQ whose
 * names hold an escape sequence and an invalid byte: \xNN in the text.
 */
static void test_hostile_names(void **state)
{
	struct rtl_record st = { .kind = RECORD_STACK };
	struct timerlat_aa *aa = timerlat_aa_new(1);
	struct timerlat_aa_result *r;

	(void)state;
	add_thread(aa, 0, 1, B - 1000000, 5000);
	add_irq(aa, 0, 2, B, 3000);
	st.stack.ts = B + 3001;
	st.stack.depth = 1;
	st.stack.sym[0] = "do_\x1b]0;x\x07\xc0\xaf";
	timerlat_aa_feed(aa, &st);
	add_noise(aa, 0, NOISE_THREAD, EVIL, 1234, B - 50000, 76000, B + 30000);
	add_thread(aa, 0, 2, B, 31000);
	r = explain(aa, 0);
	assert_text_and_json(r, "   " EVIL_TEXT ":1234     ",
			     "\"blocking_thread\":{\"name\":\"" EVIL_JSON "\",");
	assert_text_and_json(r, "\n                -> do_\\x1b]0;x\\x07\\xc0\\xaf\n",
			     "\"stack\":[\"do_\\u001b]0;x\\u0007\\\\xc0\\\\xaf\"]");
	free(r);

	add_irq(aa, 0, 3, 2 * B, 1000);
	add_irq_noise(aa, 0, "local_timer", 236, 2 * B + 500, 1500);
	add_irq_noise(aa, 0, "eth\x1b[0m\xc2\x85", 40, 2 * B + 3000, 1000);
	add_noise(aa, 0, NOISE_THREAD, EVIL, 66, 2 * B + 10000, 5000, 0);
	add_thread(aa, 0, 3, 2 * B, 20000);
	r = explain(aa, 0);
	assert_text_and_json(r, " " EVIL_TEXT ":66     ", "\"name\":\"" EVIL_JSON "\",");
	assert_text_and_json(r, " eth\\x1b[0m\\xc2\\x85:40     ",
			     "\"name\":\"eth\\u001b[0m\\u0085\",");
	free(r);
	timerlat_aa_free(aa);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_empty_and_bounds),
		cmocka_unit_test(test_pure_irq_latency),
		cmocka_unit_test(test_blocking_thread),
		cmocka_unit_test(test_blocking_thread_kernel_style),
		cmocka_unit_test(test_user_stack_after_thread),
		cmocka_unit_test(test_stack_formats),
		cmocka_unit_test(test_user_return),
		cmocka_unit_test(test_irq_interference),
		cmocka_unit_test(test_irq_task),
		cmocka_unit_test(test_irq_task_named_by_trace),
		cmocka_unit_test(test_irq_task_idle),
		cmocka_unit_test(test_softirq_and_nmi),
		cmocka_unit_test(test_thread_interference),
		cmocka_unit_test(test_previous_irq),
		cmocka_unit_test(test_exit_from_idle),
		cmocka_unit_test(test_remainder),
		cmocka_unit_test(test_bounded_state),
		cmocka_unit_test(test_sources_bound),
		cmocka_unit_test(test_two_cpus),
		cmocka_unit_test(test_text_output),
		cmocka_unit_test(test_json_output),
		cmocka_unit_test(test_hostile_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
