// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the osnoise root-cause analysis: synthetic osnoise:*_noise
 * events and osnoise:sample_threshold samples in, the causes of each sample
 * and the per-CPU source tables out
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
#include "analysis/osnoise_aa.h"
#include "analysis/source_journal.h"
#include "utf8_check.h"

#define B	1000000000ULL	/* a time in the run, ns */

/* One interference event, recorded when it ends (start + duration when 0). */
static void add_noise(struct osnoise_aa *aa, int cpu, enum noise_kind kind, const char *name,
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
	osnoise_aa_feed(aa, &r);
}

static void add_irq(struct osnoise_aa *aa, int cpu, const char *name, int vector, uint64_t start,
		    uint64_t duration)
{
	add_noise(aa, cpu, NOISE_IRQ, name, vector, start, duration, 0);
}

/*
 * A sample of the gap [start, start + duration], recorded after it; self_ns
 * of it rtlens's measuring thread was stopped.
 */
static void add_sample_self(struct osnoise_aa *aa, int cpu, uint64_t start, uint64_t duration,
			    uint64_t interference, uint64_t self_ns)
{
	struct rtl_record r = { .kind = RECORD_NOISE_SAMPLE };

	r.sample.cpu = cpu;
	r.sample.ts = start + duration + 100;
	r.sample.start_ns = start;
	r.sample.duration_ns = duration;
	r.sample.interference = interference;
	r.sample.self_ns = self_ns;
	osnoise_aa_feed(aa, &r);
}

static void add_sample(struct osnoise_aa *aa, int cpu, uint64_t start, uint64_t duration,
		       uint64_t interference)
{
	add_sample_self(aa, cpu, start, duration, interference, 0);
}

/* causes + vm + hardware == duration, summed here independently. */
static void assert_adds_up(const struct osnoise_aa_sample *s)
{
	int64_t sum = (int64_t)s->vm_ns + s->hardware_ns;
	uint64_t events = 0;
	int i;

	assert_in_range(s->nr_causes, 0, OSNOISE_AA_MAX_CAUSES + 1);
	for (i = 0; i < s->nr_causes; i++) {
		sum += (int64_t)s->causes[i].ns;
		events += s->causes[i].count;
	}
	assert_true(sum == (int64_t)s->duration_ns);
	assert_true(osnoise_aa_parts_sum(s) == (int64_t)s->duration_ns);
	assert_int_equal(events, s->nr_events);
}

static struct osnoise_aa_sample *last_over(struct osnoise_aa *aa, int cpu, uint64_t threshold)
{
	struct osnoise_aa_sample *s = calloc(1, sizeof(*s));

	assert_non_null(s);
	assert_int_equal(osnoise_aa_last_over(aa, cpu, threshold, s), 0);
	assert_int_equal(s->cpu, cpu);
	assert_adds_up(s);
	return s;
}

/* The last sample of the CPU, whatever its duration. */
static struct osnoise_aa_sample *last(struct osnoise_aa *aa, int cpu)
{
	return last_over(aa, cpu, 0);
}

static void assert_cause(const struct osnoise_aa_cause *k, enum osnoise_cause_kind kind,
			 const char *name, int vector, int pid, uint64_t count, uint64_t ns)
{
	assert_int_equal(k->kind, kind);
	assert_string_equal(k->name, name);
	assert_int_equal(k->vector, vector);
	assert_int_equal(k->pid, pid);
	assert_int_equal(k->count, count);
	assert_int_equal(k->ns, ns);
}

static char *print_sample(const struct osnoise_aa_sample *s, const char *title)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	assert_non_null(out);
	osnoise_aa_print_sample(out, s, title);
	assert_int_equal(fclose(out), 0);
	return buf;
}

/*
 * The table of a CPU whose measured noise (the tool's table) was noise_us
 * over @periods, of @samples noise samples.
 */
static char *print_sources_periods(int cpu, const struct source_row *t, int n, uint64_t noise_us,
				   uint64_t periods, uint64_t samples,
				   const struct kvm_exit_counts *exits)
{
	struct osnoise_aa_balance b;
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	assert_non_null(out);
	osnoise_aa_balance(t, n, noise_us, periods, &b);
	b.samples = samples;
	osnoise_aa_print_sources(out, cpu, t, n, &b, exits);
	assert_int_equal(fclose(out), 0);
	return buf;
}

static char *print_sources_noise(int cpu, const struct source_row *t, int n, uint64_t noise_us,
				 const struct kvm_exit_counts *exits)
{
	return print_sources_periods(cpu, t, n, noise_us, 0, 0, exits);
}

static char *print_sources_exits(int cpu, const struct source_row *t, int n,
				 const struct kvm_exit_counts *exits)
{
	return print_sources_noise(cpu, t, n, 0, exits);
}

static char *print_sources(int cpu, const struct source_row *t, int n, uint64_t noise_us)
{
	return print_sources_noise(cpu, t, n, noise_us, NULL);
}

static void assert_has(const char *text, const char *needle)
{
	if (!strstr(text, needle))
		fail_msg("\"%s\" not found in:\n%s", needle, text);
}

/* The line "  label" padded to the number column, then "value". */
static void assert_line(const char *text, const char *label, const char *value)
{
	char line[256];

	snprintf(line, sizeof(line), "\n  %-46s%s\n", label, value);
	assert_has(text, line);
}

static void test_empty_and_bounds(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(2, 5);
	struct osnoise_aa_sample s;
	struct source_row t[OSNOISE_AA_TABLE_LEN];

	(void)state;
	assert_null(osnoise_aa_new(0, 1));
	assert_null(osnoise_aa_new(1, -1));
	assert_non_null(aa);
	assert_int_equal(osnoise_aa_last_over(aa, 0, 0, &s), -1);
	assert_int_equal(osnoise_aa_last_over(aa, -1, 0, &s), -1);
	assert_int_equal(osnoise_aa_last_over(aa, 2, 0, &s), -1);
	assert_int_equal(osnoise_aa_worst(aa, &s, 1), 0);
	assert_int_equal(osnoise_aa_sources(aa, 0, t, OSNOISE_AA_TABLE_LEN), 0);
	add_sample(aa, 7, B, 10000, 0);		/* out of range: ignored */
	add_irq(aa, -1, "eth0", 40, B, 100);
	assert_int_equal(osnoise_aa_worst(aa, &s, 1), 0);
	add_irq(aa, 0, "eth0", 40, B, 100);	/* events alone: no sample */
	assert_int_equal(osnoise_aa_last_over(aa, 0, 0, &s), -1);
	assert_int_equal(osnoise_aa_sources(aa, 0, t, OSNOISE_AA_TABLE_LEN), 0);
	assert_string_equal(osnoise_aa_kind_name(OSNOISE_CAUSE_NMI), "nmi");
	assert_string_equal(osnoise_aa_kind_name(OSNOISE_CAUSE_IRQ), "irq");
	assert_string_equal(osnoise_aa_kind_name(OSNOISE_CAUSE_SOFTIRQ), "softirq");
	assert_string_equal(osnoise_aa_kind_name(OSNOISE_CAUSE_THREAD), "thread");
	assert_string_equal(osnoise_aa_kind_name(OSNOISE_CAUSE_HARDWARE), "hardware");
	assert_string_equal(osnoise_aa_kind_name(OSNOISE_CAUSE_VM), "vm");
	assert_string_equal(osnoise_aa_kind_name(OSNOISE_CAUSE_OTHER), "other");
	osnoise_aa_free(aa);
	osnoise_aa_free(NULL);
}

/*
 * rtl_spinner ran B+1000 .. B+11000, a 2 us IRQ nested in it: the thread's
 * net duration is 8 us. The IRQ ends first, so it is recorded first.
 */
static void feed_nested(struct osnoise_aa *aa, int cpu, uint64_t t)
{
	add_irq(aa, cpu, "local_timer", 236, t + 3000, 2000);
	add_noise(aa, cpu, NOISE_THREAD, "rtl_spinner", 412, t + 1000, 8000, t + 11000);
	add_sample(aa, cpu, t + 500, 11000, 2);
}

static void test_irq_nested_in_thread(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(1, 0);
	struct osnoise_aa_sample *s;

	(void)state;
	feed_nested(aa, 0, B);
	s = last(aa, 0);
	assert_int_equal(s->start_ns, B + 500);
	assert_int_equal(s->duration_ns, 11000);
	assert_int_equal(s->interference, 2);
	assert_int_equal(s->nr_events, 2);
	assert_int_equal(s->nr_causes, 2);
	assert_cause(&s->causes[0], OSNOISE_CAUSE_THREAD, "rtl_spinner", -1, 412, 1, 8000);
	assert_cause(&s->causes[1], OSNOISE_CAUSE_IRQ, "local_timer", 236, -1, 1, 2000);
	assert_int_equal(s->hardware_ns, 1000);
	assert_int_equal(s->vm_ns, 0);
	assert_int_equal(s->events_dropped, 0);
	free(s);
	osnoise_aa_free(aa);
}

static void test_softirq_after_irq(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(1, 0);
	struct osnoise_aa_sample *s;

	(void)state;
	add_irq(aa, 0, "local_timer", 236, B + 1000, 3000);
	add_noise(aa, 0, NOISE_SOFTIRQ, "TIMER", 1, B + 4000, 6000, 0);
	add_noise(aa, 0, NOISE_SOFTIRQ, NULL, 9, B + 10000, 500, 0);	/* unnamed: RCU */
	add_noise(aa, 0, NOISE_NMI, NULL, 0, B + 10600, 300, 0);
	add_irq(aa, 0, "local_timer", 236, B + 11000, 1000);
	add_sample(aa, 0, B, 12500, 5);
	s = last(aa, 0);
	assert_int_equal(s->nr_causes, 4);
	assert_cause(&s->causes[0], OSNOISE_CAUSE_SOFTIRQ, "TIMER", 1, -1, 1, 6000);
	assert_cause(&s->causes[1], OSNOISE_CAUSE_IRQ, "local_timer", 236, -1, 2, 4000);
	assert_cause(&s->causes[2], OSNOISE_CAUSE_SOFTIRQ, "RCU", 9, -1, 1, 500);
	assert_cause(&s->causes[3], OSNOISE_CAUSE_NMI, "nmi", -1, -1, 1, 300);
	assert_int_equal(s->hardware_ns, 12500 - 6000 - 4000 - 500 - 300);
	free(s);
	osnoise_aa_free(aa);
}

/* nmi:nmi_handler, as a handler returns inside an NMI */
static void add_nmi_handler(struct osnoise_aa *aa, int cpu, const char *name, uint64_t ts,
			    int handled)
{
	struct rtl_record r = { .kind = RECORD_CTX };

	r.edge.cpu = cpu;
	r.edge.ts = ts;
	r.edge.kind = CTX_NMI;
	r.edge.ret = handled;
	r.edge.delta_ns = 100;
	snprintf(r.edge.name, sizeof(r.edge.name), "%s", name);
	osnoise_aa_feed(aa, &r);
}

/*
 * An NMI is named by the handler that handled it inside its time; one
 * that no handler told of (or one that did not handle it, or one of
 * another time) stays "nmi"
 */
static void test_nmi_named_by_handler(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(1, 0);
	struct osnoise_aa_sample *s;

	(void)state;
	add_nmi_handler(aa, 0, "perf_event_nmi_handler", B + 1100, 0);	/* not handled */
	add_nmi_handler(aa, 0, "nmi_cpu_backtrace_handler", B + 1200, 1);
	add_noise(aa, 0, NOISE_NMI, "nmi", 0, B + 1000, 400, 0);
	add_noise(aa, 0, NOISE_NMI, "nmi", 0, B + 3000, 200, 0);	/* its handler: 1200 */
	add_nmi_handler(aa, 0, "nmi_cpu_backtrace_handler", B + 5100, 1);
	add_noise(aa, 0, NOISE_NMI, "nmi", 0, B + 5000, 300, 0);
	add_sample(aa, 0, B, 6000, 3);
	s = last(aa, 0);
	assert_int_equal(s->nr_causes, 2);
	assert_cause(&s->causes[0], OSNOISE_CAUSE_NMI, "nmi_cpu_backtrace_handler", -1, -1, 2, 700);
	assert_cause(&s->causes[1], OSNOISE_CAUSE_NMI, "nmi", -1, -1, 1, 200);
	free(s);
	osnoise_aa_free(aa);
}

/*
 * The user engine's NMIs come named by their handlers (ctx_tracker): the
 * name stays, with no nmi:nmi_handler edge fed to the analysis
 */
static void test_nmi_named_by_engine(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(1, 0);
	struct osnoise_aa_sample *s;

	(void)state;
	add_noise(aa, 0, NOISE_NMI, "rtl_zoo_nmi", 0, B + 1000, 400, 0);
	add_noise(aa, 0, NOISE_NMI, "nmi", 0, B + 3000, 200, 0);
	add_sample(aa, 0, B, 6000, 2);
	s = last(aa, 0);
	assert_int_equal(s->nr_causes, 2);
	assert_cause(&s->causes[0], OSNOISE_CAUSE_NMI, "rtl_zoo_nmi", -1, -1, 1, 400);
	assert_cause(&s->causes[1], OSNOISE_CAUSE_NMI, "nmi", -1, -1, 1, 200);
	free(s);
	osnoise_aa_free(aa);
}

/* irq:softirq_entry or _exit (PREEMPT_RT: in a thread, decoded to be split out of it) */
static void add_softirq_edge_as(struct osnoise_aa *aa, int cpu, bool entry, int vec,
				const char *name, uint64_t ts, bool rt_split)
{
	struct rtl_record r = { .kind = RECORD_CTX };

	r.edge.rt_split = rt_split;
	r.edge.cpu = cpu;
	r.edge.ts = ts;
	r.edge.kind = entry ? CTX_SOFTIRQ_ENTRY : CTX_SOFTIRQ_EXIT;
	r.edge.vector = vec;
	snprintf(r.edge.name, sizeof(r.edge.name), "%s", name);
	osnoise_aa_feed(aa, &r);
}

static void add_softirq_edge(struct osnoise_aa *aa, int cpu, bool entry, int vec,
			     const char *name, uint64_t ts)
{
	add_softirq_edge_as(aa, cpu, entry, vec, name, ts, true);
}

/*
 * PREEMPT_RT: ksoftirqd ran a TASKLET softirq of 4000 ns wall time, an IRQ
 * of 500 inside it; osnoise reports the thread net of the IRQ (5000). The
 * softirq is a source of its own (3500), out of the thread (1500 left),
 * and the parts still add up to the sample
 */
static void test_rt_softirq_in_thread(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(1, 0);
	struct osnoise_aa_sample *s;

	(void)state;
	add_softirq_edge(aa, 0, true, 6, "TASKLET", B + 1000);
	add_irq(aa, 0, "local_timer", 236, B + 2000, 500);
	add_softirq_edge(aa, 0, false, 6, "TASKLET", B + 5000);
	add_noise(aa, 0, NOISE_THREAD, "ksoftirqd/0", 14, B + 500, 5000, B + 6000);
	add_softirq_edge(aa, 0, false, 6, "TASKLET", B + 6500);	/* no entry: ignored */
	add_sample(aa, 0, B, 8000, 3);
	s = last(aa, 0);
	assert_int_equal(s->nr_causes, 3);
	assert_cause(&s->causes[0], OSNOISE_CAUSE_SOFTIRQ, "TASKLET", 6, -1, 1, 3500);
	assert_cause(&s->causes[1], OSNOISE_CAUSE_THREAD, "ksoftirqd/0", -1, 14, 1, 1500);
	assert_cause(&s->causes[2], OSNOISE_CAUSE_IRQ, "local_timer", 236, -1, 1, 500);
	assert_int_equal(s->hardware_ns, 8000 - 3500 - 1500 - 500);
	assert_adds_up(s);
	free(s);
	osnoise_aa_free(aa);
}

/*
 * PREEMPT_RT: ksoftirqd runs a softirq, then a thread preempts it; the
 * preemptor's event comes first, ksoftirqd's after: the softirq is taken
 * out of ksoftirqd's noise, not the preemptor's, and counted once
 */
static void test_rt_softirq_preempted(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(1, 0);
	struct osnoise_aa_sample *s;

	(void)state;
	add_softirq_edge(aa, 0, true, 6, "TASKLET", B + 1000);
	add_softirq_edge(aa, 0, false, 6, "TASKLET", B + 3000);
	add_noise(aa, 0, NOISE_THREAD, "spinner", 99, B + 3500, 1000, B + 4500);
	add_noise(aa, 0, NOISE_THREAD, "ksoftirqd/0", 14, B + 500, 4000, B + 5000);
	add_sample(aa, 0, B, 6000, 3);
	s = last(aa, 0);
	assert_int_equal(s->nr_causes, 3);
	assert_cause(&s->causes[0], OSNOISE_CAUSE_SOFTIRQ, "TASKLET", 6, -1, 1, 2000);
	assert_cause(&s->causes[1], OSNOISE_CAUSE_THREAD, "ksoftirqd/0", -1, 14, 1, 2000);
	assert_cause(&s->causes[2], OSNOISE_CAUSE_THREAD, "spinner", -1, 99, 1, 1000);
	assert_int_equal(s->hardware_ns, 6000 - 5000);
	assert_adds_up(s);
	free(s);
	osnoise_aa_free(aa);
}

/*
 * Where the noise events count softirqs themselves (the user engine, a KVM
 * host's standard events), the softirqs' own events are not counted again
 */
static void test_softirq_counted_once(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(1, 0);
	struct source_row t[OSNOISE_AA_TABLE_LEN];
	struct osnoise_aa_sample *s;

	(void)state;
	add_softirq_edge_as(aa, 0, true, 1, "TIMER", B + 1000, false);
	add_softirq_edge_as(aa, 0, false, 1, "TIMER", B + 3000, false);
	add_noise(aa, 0, NOISE_SOFTIRQ, "", 1, B + 1000, 2000, B + 3000);
	add_sample(aa, 0, B, 4000, 1);
	s = last(aa, 0);
	assert_int_equal(s->nr_causes, 1);
	assert_cause(&s->causes[0], OSNOISE_CAUSE_SOFTIRQ, "TIMER", 1, -1, 1, 2000);
	assert_int_equal(s->hardware_ns, 2000);
	assert_int_equal(osnoise_aa_sources(aa, 0, t, OSNOISE_AA_TABLE_LEN), 2);
	assert_int_equal(t[0].kind, OSNOISE_CAUSE_SOFTIRQ);
	assert_int_equal(t[0].count, 1);
	assert_int_equal(t[0].total_ns, 2000);
	free(s);
	osnoise_aa_free(aa);
}

/* interference 0: nothing the OS did explains it (rtla's HW noise). */
static void test_hardware_only(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(1, 0);
	struct source_row t[OSNOISE_AA_TABLE_LEN];
	struct osnoise_aa_sample *s;
	char *text;

	(void)state;
	add_sample(aa, 0, B, 25000, 0);
	s = last(aa, 0);
	assert_int_equal(s->nr_causes, 0);
	assert_int_equal(s->nr_events, 0);
	assert_int_equal(s->hardware_ns, 25000);
	text = print_sample(s, NULL);
	assert_true(!strncmp(text, "## CPU 0 noise sample ##\n", 25));
	assert_line(text, "hardware (no event explains it)", "    25.00 us (100.00 %)");
	assert_null(strstr(text, "Note"));
	free(text);
	free(s);

	add_sample(aa, 0, 2 * B, 7000, 0);
	assert_int_equal(osnoise_aa_sources(aa, 0, t, OSNOISE_AA_TABLE_LEN), 1);
	assert_int_equal(t[0].kind, OSNOISE_CAUSE_HARDWARE);
	assert_string_equal(t[0].name, "hardware");
	assert_int_equal(t[0].vector, -1);
	assert_int_equal(t[0].pid, -1);
	assert_int_equal(t[0].count, 2);
	assert_int_equal(t[0].total_ns, 32000);
	assert_int_equal(t[0].max_ns, 25000);
	osnoise_aa_free(aa);
}

/*
 * issue #24: samples without interference counted in the kernel (BPF) and
 * handed on as counts make the hardware source what the same samples one
 * by one would have made of it
 */
static void test_hardware_counted(void **state)
{
	struct osnoise_aa *one = osnoise_aa_new(1, 0), *counted = osnoise_aa_new(1, 0);
	struct source_row a[OSNOISE_AA_TABLE_LEN], b[OSNOISE_AA_TABLE_LEN];
	struct rtl_record rec = { .kind = RECORD_HW_SAMPLES };
	int n;

	(void)state;
	add_sample(one, 0, B, 25000, 0);
	add_sample(one, 0, 2 * B, 7000, 0);
	add_sample(one, 0, 3 * B, 9000, 0);
	rec.hw = (struct hw_samples){ .cpu = 0, .count = 2, .total_ns = 32000, .max_ns = 25000 };
	osnoise_aa_feed(counted, &rec);
	rec.hw = (struct hw_samples){ .cpu = 0, .count = 1, .total_ns = 9000, .max_ns = 25000 };
	osnoise_aa_feed(counted, &rec);
	rec.hw.cpu = 5;				/* out of range: ignored */
	osnoise_aa_feed(counted, &rec);
	n = osnoise_aa_sources(one, 0, a, OSNOISE_AA_TABLE_LEN);
	assert_int_equal(n, 1);
	assert_int_equal(osnoise_aa_sources(counted, 0, b, OSNOISE_AA_TABLE_LEN), n);
	a[0].sample_mark = b[0].sample_mark;	/* how each counted its samples: its own */
	assert_memory_equal(a, b, sizeof(a[0]));
	assert_int_equal(b[0].count, 3);
	assert_int_equal(b[0].total_ns, 41000);
	/* three samples, all with time no event covers: in both */
	assert_int_equal(b[0].samples, 3);
	assert_int_equal(osnoise_aa_samples(counted, 0), 3);
	assert_int_equal(osnoise_aa_samples(one, 0), 3);
	/* no sample one by one: nothing to name as the worst */
	assert_int_equal(osnoise_aa_last_over(counted, 0, 1, &(struct osnoise_aa_sample){ 0 }), -1);
	osnoise_aa_free(one);
	osnoise_aa_free(counted);
}

/*
 * A row counts each sample it took part in once, however many of its
 * events the sample holds; two samples of one start (a recording that
 * repeats one) are two.
 */
static void test_samples_of_a_row(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(1, 0);
	struct source_row t[OSNOISE_AA_TABLE_LEN];

	(void)state;
	add_irq(aa, 0, "eth0", 40, B + 100, 1000);
	add_irq(aa, 0, "eth0", 40, B + 2000, 1000);
	add_sample(aa, 0, B, 3000, 2);
	add_irq(aa, 0, "eth0", 40, B + 100, 1000);
	add_sample(aa, 0, B, 3000, 1);
	add_sample(aa, 0, 2 * B, 5000, 0);
	assert_int_equal(osnoise_aa_sources(aa, 0, t, OSNOISE_AA_TABLE_LEN), 2);
	assert_int_equal(osnoise_aa_samples(aa, 0), 3);
	assert_int_equal(t[0].kind, OSNOISE_CAUSE_HARDWARE);
	assert_int_equal(t[0].samples, 3);
	assert_int_equal(t[1].kind, OSNOISE_CAUSE_IRQ);
	assert_int_equal(t[1].count, 3);
	assert_int_equal(t[1].samples, 2);
	osnoise_aa_free(aa);
}

/* what the analysis still needs one by one: what may enter the top_n list */
static void test_samples_wanted_from(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(2, 2), *none = osnoise_aa_new(2, 0);

	(void)state;
	assert_int_equal(osnoise_aa_samples_wanted_from(none), UINT64_MAX);
	assert_int_equal(osnoise_aa_samples_wanted_from(aa), 0);	/* the list is not full */
	add_sample(aa, 0, B, 30000, 0);
	assert_int_equal(osnoise_aa_samples_wanted_from(aa), 0);
	add_sample(aa, 1, 2 * B, 20000, 0);
	/* full: a tie stays behind the earlier one, so from one ns more */
	assert_int_equal(osnoise_aa_samples_wanted_from(aa), 20001);
	add_sample(aa, 0, 3 * B, 50000, 0);
	assert_int_equal(osnoise_aa_samples_wanted_from(aa), 30001);
	osnoise_aa_free(aa);
	osnoise_aa_free(none);
}

/*
 * Overlapping events explain more than the gap: the excess is taken from
 * the outer causes, each moment counted once; in the table too.
 */
static void test_overlap_counted_once(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(1, 0);
	struct source_row t[OSNOISE_AA_TABLE_LEN];
	struct osnoise_aa_sample *s;
	char *text;
	int n;

	(void)state;
	/* two IRQs of 4 us in 6 us: the larger (a tie: the first by name) gives 2 us */
	add_irq(aa, 0, "eth0", 40, B + 1000, 4000);
	add_irq(aa, 0, "eth1", 41, B + 2000, 4000);
	add_sample(aa, 0, B, 6000, 2);
	s = last(aa, 0);
	assert_int_equal(s->hardware_ns, 0);
	assert_int_equal(s->overlap_ns, 2000);
	text = print_sample(s, "noise sample over the threshold");
	assert_line(text, "hardware (no event explains it)", "     0.00 us (0.00 %)");
	assert_has(text, "\n  Note: the events overlap by 2.00 us (a nested event also counted "
		   "in the one around it): counted once, in the innermost\n");
	assert_line(text, "irq eth1:41", "     4.00 us (66.67 %)");
	assert_line(text, "irq eth0:40", "     2.00 us (33.33 %)");
	free(text);
	free(s);

	/* a thread's 5 us around an IRQ's 2 us in a gap of 5 us: the thread gives 2 us */
	add_noise(aa, 0, NOISE_THREAD, "kworker/0:1", 77, 2 * B, 5000, 0);
	add_irq(aa, 0, "eth0", 40, 2 * B + 1000, 2000);
	add_sample(aa, 0, 2 * B, 5000, 2);
	s = last(aa, 0);
	assert_int_equal(s->overlap_ns, 2000);
	assert_cause(&s->causes[0], OSNOISE_CAUSE_THREAD, "kworker/0:1", -1, 77, 1, 3000);
	assert_cause(&s->causes[1], OSNOISE_CAUSE_IRQ, "eth0", 40, -1, 1, 2000);
	free(s);

	/* the table: 11 us of samples, 11 us of sources, no hardware */
	n = osnoise_aa_sources(aa, 0, t, OSNOISE_AA_TABLE_LEN);
	assert_int_equal(n, 3);
	/* 4 us each: a tie, by name */
	assert_string_equal(t[0].name, "eth0");
	assert_int_equal(t[0].total_ns, 4000);
	assert_int_equal(t[0].count, 2);
	assert_string_equal(t[1].name, "eth1");
	assert_int_equal(t[1].total_ns, 4000);
	assert_string_equal(t[2].name, "kworker/0:1");
	assert_int_equal(t[2].total_ns, 3000);
	osnoise_aa_free(aa);
}

/* Only events that started inside the sample count, in it and in the table. */
static void test_events_outside_samples(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(1, 0);
	struct source_row t[OSNOISE_AA_TABLE_LEN];
	struct osnoise_aa_sample *s;
	int n;

	(void)state;
	add_irq(aa, 0, "ahci", 30, B - 50000, 3000);		/* below the threshold */
	add_irq(aa, 0, "local_timer", 236, B - 20000, 2000);	/* below the threshold */
	add_irq(aa, 0, "nvme0q1", 35, B - 1000, 1500);	/* began before the gap */
	add_irq(aa, 0, "local_timer", 236, B + 1000, 4000);
	add_sample(aa, 0, B, 9000, 1);
	s = last(aa, 0);
	assert_int_equal(s->nr_causes, 1);
	assert_cause(&s->causes[0], OSNOISE_CAUSE_IRQ, "local_timer", 236, -1, 1, 4000);
	assert_int_equal(s->hardware_ns, 5000);
	free(s);

	/* between samples, then a sample with no event: the old ones are gone */
	add_irq(aa, 0, "eth0", 40, B + 20000, 1000);
	add_sample(aa, 0, B + 30000, 6000, 0);
	s = last(aa, 0);
	assert_int_equal(s->nr_causes, 0);
	assert_int_equal(s->hardware_ns, 6000);
	free(s);

	n = osnoise_aa_sources(aa, 0, t, OSNOISE_AA_TABLE_LEN);
	assert_int_equal(n, 2);
	assert_int_equal(t[0].kind, OSNOISE_CAUSE_HARDWARE);
	assert_int_equal(t[0].count, 2);
	assert_int_equal(t[0].total_ns, 11000);
	assert_string_equal(t[1].name, "local_timer");
	assert_int_equal(t[1].count, 1);
	assert_int_equal(t[1].total_ns, 4000);
	osnoise_aa_free(aa);
}

static void test_sources_order_and_other(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(1, 0);
	struct source_row t[OSNOISE_AA_TABLE_LEN];
	const struct source_row *other = NULL;
	uint64_t sum = 0;
	int i, n, named = 0;

	(void)state;
	/* 70 IRQs, one sample each: dev100 1 us ... dev169 70 us, 1 us of hardware */
	for (i = 0; i < 70; i++) {
		uint64_t t0 = B + (uint64_t)i * 1000000;

		add_irq(aa, 0, "dev", 100 + i, t0 + 500, 1000 * (i + 1));
		add_sample(aa, 0, t0, 1000 * (i + 1) + 1000, 1);
	}
	add_irq(aa, 0, "dev", 100, 2 * B + 10, 5000);	/* dev100 again: 6 us */
	add_sample(aa, 0, 2 * B, 5000, 1);

	n = osnoise_aa_sources(aa, 0, t, OSNOISE_AA_TABLE_LEN);
	assert_int_equal(n, OSNOISE_AA_MAX_SOURCES + 2);
	for (i = 0; i < n; i++) {
		sum += t[i].total_ns;
		if (i)
			assert_true(t[i - 1].total_ns >= t[i].total_ns);
		if (t[i].kind == OSNOISE_CAUSE_OTHER)
			other = &t[i];
		else if (t[i].kind == OSNOISE_CAUSE_IRQ)
			named++;
	}
	assert_int_equal(named, OSNOISE_AA_MAX_SOURCES);
	assert_non_null(other);
	assert_string_equal(other->name, "other");
	assert_int_equal(other->vector, -1);
	assert_int_equal(other->count, 6);		/* dev164 .. dev169 */
	assert_int_equal(other->total_ns, 1000ULL * (65 + 66 + 67 + 68 + 69 + 70));
	assert_int_equal(other->max_ns, 70000);
	assert_int_equal(t[0].kind, OSNOISE_CAUSE_OTHER);
	assert_int_equal(t[1].kind, OSNOISE_CAUSE_HARDWARE);
	assert_int_equal(t[1].count, 70);
	assert_int_equal(t[1].total_ns, 70000);
	assert_int_equal(t[2].vector, 163);
	assert_int_equal(t[n - 1].vector, 101);		/* 2 us: below dev100's 6 us */
	assert_int_equal(t[n - 2].vector, 102);
	assert_int_equal(sum, 70 * 71 / 2 * 1000 + 70000 + 5000);

	/* a short table keeps the largest */
	assert_int_equal(osnoise_aa_sources(aa, 0, t, 2), 2);
	assert_int_equal(t[0].kind, OSNOISE_CAUSE_OTHER);
	assert_int_equal(t[1].kind, OSNOISE_CAUSE_HARDWARE);
	osnoise_aa_free(aa);
}

/* 20 sources in one sample: 16 named, largest first, then "other". */
static void test_sample_causes_bound(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(1, 0);
	struct osnoise_aa_sample *s;
	int i;

	(void)state;
	for (i = 0; i < 20; i++)
		add_irq(aa, 0, "dev", 100 + i, B + i * 1000, 100 + i);
	add_irq(aa, 0, "dev", 119, B + 30000, 900);
	add_sample(aa, 0, B, 40000, 21);
	s = last(aa, 0);
	assert_int_equal(s->nr_causes, OSNOISE_AA_MAX_CAUSES + 1);
	assert_int_equal(s->nr_events, 21);
	assert_cause(&s->causes[0], OSNOISE_CAUSE_IRQ, "dev", 115, -1, 1, 115);
	assert_cause(&s->causes[OSNOISE_AA_MAX_CAUSES - 1], OSNOISE_CAUSE_IRQ, "dev", 100, -1, 1, 100);
	assert_cause(&s->causes[OSNOISE_AA_MAX_CAUSES], OSNOISE_CAUSE_OTHER, "other", -1, -1, 5,
		     116 + 117 + 118 + 119 + 900);
	free(s);
	osnoise_aa_free(aa);
}

static void test_two_cpus(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(4, 0);
	struct source_row t[OSNOISE_AA_TABLE_LEN];
	struct osnoise_aa_sample *s0, *s3, s;

	(void)state;
	add_irq(aa, 3, "eth0", 40, B + 1000, 3000);
	add_irq(aa, 0, "local_timer", 236, B + 1200, 2000);
	add_noise(aa, 3, NOISE_THREAD, "kworker/3:1", 99, B + 5000, 2000, 0);
	add_sample(aa, 0, B + 1000, 6000, 1);
	add_noise(aa, 0, NOISE_SOFTIRQ, "RCU", 9, B + 8000, 700, 0);
	add_sample(aa, 3, B, 8000, 2);
	s0 = last(aa, 0);
	s3 = last(aa, 3);
	assert_int_equal(s0->nr_causes, 1);
	assert_cause(&s0->causes[0], OSNOISE_CAUSE_IRQ, "local_timer", 236, -1, 1, 2000);
	assert_int_equal(s0->hardware_ns, 4000);
	assert_int_equal(s3->nr_causes, 2);
	assert_cause(&s3->causes[0], OSNOISE_CAUSE_IRQ, "eth0", 40, -1, 1, 3000);
	assert_cause(&s3->causes[1], OSNOISE_CAUSE_THREAD, "kworker/3:1", -1, 99, 1, 2000);
	assert_int_equal(s3->hardware_ns, 3000);
	assert_int_equal(osnoise_aa_last_over(aa, 1, 0, &s), -1);

	/* the RCU softirq waits on CPU 0 only */
	add_sample(aa, 0, B + 7500, 2000, 1);
	free(s0);
	s0 = last(aa, 0);
	assert_int_equal(s0->nr_causes, 1);
	assert_string_equal(s0->causes[0].name, "RCU");
	assert_int_equal(osnoise_aa_sources(aa, 3, t, OSNOISE_AA_TABLE_LEN), 3);
	assert_int_equal(osnoise_aa_sources(aa, 0, t, OSNOISE_AA_TABLE_LEN), 3);
	assert_int_equal(osnoise_aa_sources(aa, 1, t, OSNOISE_AA_TABLE_LEN), 0);
	free(s0);
	free(s3);
	osnoise_aa_free(aa);
}

static void test_worst_n(void **state)
{
	static const uint64_t dur[] = { 10000, 50000, 30000, 50000, 20000, 40000, 5000 };
	struct osnoise_aa *aa = osnoise_aa_new(2, 3);
	struct osnoise_aa *none = osnoise_aa_new(2, 0);
	struct osnoise_aa_sample out[4];
	int i;

	(void)state;
	for (i = 0; i < 7; i++) {
		add_sample(aa, i % 2, B * (i + 1), dur[i], 0);
		add_sample(none, i % 2, B * (i + 1), dur[i], 0);
	}
	assert_int_equal(osnoise_aa_worst(aa, out, 4), 3);
	assert_int_equal(out[0].duration_ns, 50000);
	assert_int_equal(out[0].start_ns, 2 * B);	/* the earlier of the two */
	assert_int_equal(out[0].cpu, 1);
	assert_int_equal(out[1].duration_ns, 50000);
	assert_int_equal(out[1].start_ns, 4 * B);
	assert_int_equal(out[2].duration_ns, 40000);
	assert_int_equal(out[2].cpu, 1);
	for (i = 0; i < 3; i++)
		assert_adds_up(&out[i]);
	assert_int_equal(osnoise_aa_worst(aa, out, 1), 1);
	assert_int_equal(out[0].start_ns, 2 * B);
	assert_int_equal(osnoise_aa_worst(aa, out, 0), 0);
	assert_int_equal(osnoise_aa_worst(none, out, 4), 0);
	osnoise_aa_free(aa);
	osnoise_aa_free(none);
}

/*
 * Samples as long as each other: the list is the same whichever order
 * they come in (a replay reads them CPU after CPU, a live replay in time
 * order): the one that started first goes ahead, then the lower CPU
 */
static void test_worst_ties(void **state)
{
	static const struct { int cpu; uint64_t start; } order[3][5] = {
		{ { 0, 1 * B }, { 0, 3 * B }, { 0, 5 * B }, { 1, 2 * B }, { 1, 3 * B } },
		{ { 1, 2 * B }, { 1, 3 * B }, { 0, 1 * B }, { 0, 3 * B }, { 0, 5 * B } },
		{ { 0, 1 * B }, { 1, 2 * B }, { 1, 3 * B }, { 0, 3 * B }, { 0, 5 * B } },
	};
	static const struct { int cpu; uint64_t start; } want[3] = {
		{ 0, 1 * B }, { 1, 2 * B }, { 0, 3 * B },
	};
	struct osnoise_aa_sample out[4];
	int i, run;

	(void)state;
	for (run = 0; run < 3; run++) {
		struct osnoise_aa *aa = osnoise_aa_new(2, 3);

		for (i = 0; i < 5; i++)
			add_sample(aa, order[run][i].cpu, order[run][i].start, 30000, 0);
		assert_int_equal(osnoise_aa_worst(aa, out, 4), 3);
		for (i = 0; i < 3; i++) {
			assert_int_equal(out[i].cpu, want[i].cpu);
			assert_int_equal(out[i].start_ns, want[i].start);
		}
		osnoise_aa_free(aa);
	}
}

/* r on the live screen: the tables start again, the pending events stay */
static void test_reset(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(2, 3);
	struct source_row t[OSNOISE_AA_TABLE_LEN];
	struct osnoise_aa_sample out[3], *s;

	(void)state;
	add_irq(aa, 1, "virtio0", 30, B + 100, 4000);
	add_sample(aa, 1, B, 9000, 1);
	add_sample(aa, 1, 2 * B, 20000, 0);
	assert_int_equal(osnoise_aa_sources(aa, 1, t, OSNOISE_AA_TABLE_LEN), 2);
	/* an event of the next sample comes before the reset */
	add_irq(aa, 1, "eth0", 31, 3 * B + 10, 2000);
	osnoise_aa_reset(aa);
	assert_int_equal(osnoise_aa_sources(aa, 1, t, OSNOISE_AA_TABLE_LEN), 0);
	assert_int_equal(osnoise_aa_worst(aa, out, 3), 0);
	assert_int_equal(osnoise_aa_last_over(aa, 1, 0, out), -1);
	add_sample(aa, 1, 3 * B, 3000, 1);
	assert_int_equal(osnoise_aa_sources(aa, 1, t, OSNOISE_AA_TABLE_LEN), 2);
	assert_string_equal(t[0].name, "eth0");
	assert_int_equal(t[0].total_ns, 2000);
	assert_int_equal(t[1].kind, OSNOISE_CAUSE_HARDWARE);
	assert_int_equal(t[1].total_ns, 1000);
	assert_int_equal(osnoise_aa_worst(aa, out, 3), 1);
	s = last(aa, 1);
	assert_int_equal(s->start_ns, 3 * B);
	free(s);
	osnoise_aa_reset(NULL);
	osnoise_aa_free(aa);
}

/* the samples of the first period: one of each kind of source, and overlap */
static void feed_period_one(struct osnoise_aa *aa)
{
	add_irq(aa, 1, "virtio0", 30, B + 100, 4000);
	add_noise(aa, 1, NOISE_THREAD, "kworker/1:0", 90, B + 200, 1000, 0);
	add_sample(aa, 1, B, 9000, 2);
	add_sample(aa, 1, B + B / 2, 3000, 0);
}

/* the sources as a fresh analysis fed the first period alone has them */
static int sources_of_period_one(struct source_row *t)
{
	struct osnoise_aa *one = osnoise_aa_new(2, 0);
	int n;

	feed_period_one(one);
	n = osnoise_aa_sources(one, 1, t, OSNOISE_AA_TABLE_LEN);
	osnoise_aa_free(one);
	return n;
}

/*
 * Following the table: the sources hold the samples of the periods it
 * counted, not those of the period under way (cut by a stop), whatever
 * the samples of that period changed (new rows, pids, overlap, maxima).
 */
static void test_follow_table(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(2, 0);
	struct source_row t[OSNOISE_AA_TABLE_LEN], want[OSNOISE_AA_TABLE_LEN];
	int n, nwant = sources_of_period_one(want);

	(void)state;
	osnoise_aa_follow_table(aa);
	feed_period_one(aa);
	/* no period counted yet: a stop in the first period, nothing to show */
	assert_int_equal(osnoise_aa_sources(aa, 1, t, OSNOISE_AA_TABLE_LEN), 0);
	osnoise_aa_period_end(aa, 1, 2 * B);
	/* the second period: more of the same rows, a new row, a new pid, overlap */
	add_irq(aa, 1, "virtio0", 30, 2 * B + 100, 9000);
	add_noise(aa, 1, NOISE_THREAD, "kworker/1:0", 91, 2 * B + 50, 9500, 0);
	add_irq(aa, 1, "eth0", 31, 2 * B + 200, 500);
	add_sample(aa, 1, 2 * B, 10000, 3);
	add_sample(aa, 1, 2 * B + B / 2, 70000, 0);
	n = osnoise_aa_sources(aa, 1, t, OSNOISE_AA_TABLE_LEN);
	assert_int_equal(n, nwant);
	assert_memory_equal(t, want, (size_t)n * sizeof(t[0]));
	assert_int_equal(osnoise_aa_unsure_ns(aa, 1), 0);
	/* the samples too: those of the first period, not the two after it */
	assert_int_equal(osnoise_aa_samples(aa, 1), 2);
	/* the table counts the second period: all of it */
	osnoise_aa_period_end(aa, 1, 3 * B);
	n = osnoise_aa_sources(aa, 1, t, OSNOISE_AA_TABLE_LEN);
	assert_int_equal(n, 4);
	assert_int_equal(t[0].kind, OSNOISE_CAUSE_HARDWARE);
	assert_int_equal(t[0].total_ns, 4000 + 3000 + 70000);
	assert_int_equal(t[0].max_ns, 70000);
	/* of the four samples, hardware in the three events leave time in; virtio0 in two */
	assert_int_equal(osnoise_aa_samples(aa, 1), 4);
	assert_int_equal(t[0].samples, 3);
	assert_int_equal(t[0].count, 3);
	for (int i = 0; i < n; i++)
		if (t[i].kind == OSNOISE_CAUSE_IRQ && !strcmp(t[i].name, "virtio0"))
			assert_int_equal(t[i].samples, 2);
	osnoise_aa_reset(aa);
	assert_int_equal(osnoise_aa_samples(aa, 1), 0);
	osnoise_aa_free(aa);
}

/* r while following the table: the samples of periods it counted before stay out */
static void test_follow_table_reset(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(2, 0);
	struct source_row t[OSNOISE_AA_TABLE_LEN];

	(void)state;
	osnoise_aa_follow_table(aa);
	feed_period_one(aa);
	osnoise_aa_period_end(aa, 1, 2 * B);
	add_sample(aa, 1, 2 * B + 100, 5000, 0);
	osnoise_aa_reset(aa);
	/* late: a sample of the period the table counted before the reset */
	add_sample(aa, 1, B + B / 2 + 100, 6000, 0);
	add_sample(aa, 1, 2 * B + B / 2, 7000, 0);
	osnoise_aa_period_end(aa, 1, 3 * B);
	assert_int_equal(osnoise_aa_sources(aa, 1, t, OSNOISE_AA_TABLE_LEN), 1);
	assert_int_equal(t[0].total_ns, 7000);
	assert_int_equal(t[0].count, 1);
	osnoise_aa_free(aa);
}

/* BPF's sums of samples without interference count as of the latest time seen */
static void test_follow_table_hw_sums(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(1, 0);
	struct rtl_record rec = { .kind = RECORD_HW_SAMPLES };
	struct source_row t[OSNOISE_AA_TABLE_LEN];

	(void)state;
	osnoise_aa_follow_table(aa);
	add_sample(aa, 0, B, 4000, 0);
	osnoise_aa_period_end(aa, 0, 2 * B);
	rec.hw = (struct hw_samples){ .cpu = 0, .count = 3, .total_ns = 9000, .max_ns = 5000 };
	osnoise_aa_feed(aa, &rec);	/* read before the table's next period: not final yet */
	osnoise_aa_period_end(aa, 0, 2 * B + 5);
	osnoise_aa_feed(aa, &rec);	/* read after it: not final until the next */
	add_sample(aa, 0, 2 * B + 10, 1000, 0);
	osnoise_aa_feed(aa, &rec);	/* read after a later sample: as of that sample */
	assert_int_equal(osnoise_aa_sources(aa, 0, t, OSNOISE_AA_TABLE_LEN), 1);
	assert_int_equal(t[0].count, 4);
	assert_int_equal(t[0].total_ns, 13000);
	osnoise_aa_period_end(aa, 0, 3 * B);
	assert_int_equal(osnoise_aa_sources(aa, 0, t, OSNOISE_AA_TABLE_LEN), 1);
	assert_int_equal(t[0].count, 11);
	assert_int_equal(t[0].total_ns, 32000);
	osnoise_aa_free(aa);
}

/*
 * Far ahead of the table: past the journal's bound, the oldest changes
 * count, unsure until the table counts past them
 */
static void test_follow_table_bound(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(1, 0);
	struct source_row t[OSNOISE_AA_TABLE_LEN];
	int i;

	(void)state;
	osnoise_aa_follow_table(aa);
	for (i = 0; i < SOURCE_JOURNAL_MAX + 10; i++)
		add_sample(aa, 0, B + (uint64_t)i * 10000, 2000, 0);
	assert_int_equal(osnoise_aa_unsure_ns(aa, 0), 10 * 2000);
	assert_int_equal(osnoise_aa_sources(aa, 0, t, OSNOISE_AA_TABLE_LEN), 1);
	assert_int_equal(t[0].total_ns, 10 * 2000);
	/* the table counts up to the 5th of them: still unsure */
	osnoise_aa_period_end(aa, 0, B + 4 * 10000 + 1);
	assert_int_equal(osnoise_aa_unsure_ns(aa, 0), 10 * 2000);
	/* past the 10th: they were final anyway */
	osnoise_aa_period_end(aa, 0, B + 10 * 10000);
	assert_int_equal(osnoise_aa_unsure_ns(aa, 0), 0);
	osnoise_aa_period_end(aa, 0, 2 * B);
	assert_int_equal(osnoise_aa_sources(aa, 0, t, OSNOISE_AA_TABLE_LEN), 1);
	assert_int_equal(t[0].count, SOURCE_JOURNAL_MAX + 10);
	add_sample(aa, 0, 3 * B, 2000, 0);
	for (i = 0; i < SOURCE_JOURNAL_MAX; i++)
		add_sample(aa, 0, 3 * B + 100 + (uint64_t)i, 1000, 0);
	assert_int_equal(osnoise_aa_unsure_ns(aa, 0), 2000);
	osnoise_aa_reset(aa);
	assert_int_equal(osnoise_aa_unsure_ns(aa, 0), 0);
	osnoise_aa_free(aa);
}

static void test_worst_many(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(1, 100);
	struct osnoise_aa_sample *out = calloc(100, sizeof(*out));
	int i, n;

	(void)state;
	assert_non_null(out);
	/* a shuffled 1..500 us: the worst 100 are 401..500 us */
	for (i = 0; i < 500; i++)
		add_sample(aa, 0, B + i * 1000000ULL, 1000ULL * (1 + (i * 7) % 500), 0);
	n = osnoise_aa_worst(aa, out, 100);
	assert_int_equal(n, 100);
	for (i = 0; i < n; i++)
		assert_int_equal(out[i].duration_ns, 1000ULL * (500 - i));
	free(out);
	osnoise_aa_free(aa);
}

static void test_last_over(void **state)
{
	static const uint64_t dur[] = { 30000, 100000, 20000, 60000, 10000 };
	struct osnoise_aa *aa = osnoise_aa_new(2, 0);
	struct osnoise_aa_sample *s, x;
	int i;

	(void)state;
	for (i = 0; i < 5; i++)
		add_sample(aa, 0, B * (i + 1), dur[i], 0);
	add_sample(aa, 1, B * 9, 500000, 0);		/* another CPU */
	s = last_over(aa, 0, 50000);
	assert_int_equal(s->start_ns, 4 * B);
	free(s);
	s = last_over(aa, 0, 60000);			/* >=: the one that hit it */
	assert_int_equal(s->start_ns, 4 * B);
	free(s);
	s = last_over(aa, 0, 60001);
	assert_int_equal(s->start_ns, 2 * B);
	free(s);
	s = last_over(aa, 0, 5000);
	assert_int_equal(s->start_ns, 5 * B);
	free(s);
	assert_int_equal(osnoise_aa_last_over(aa, 0, 100001, &x), -1);

	/* an equal sample later replaces the earlier one */
	add_sample(aa, 0, B * 6, 100000, 0);
	s = last_over(aa, 0, 100000);
	assert_int_equal(s->start_ns, 6 * B);
	free(s);
	osnoise_aa_free(aa);
}

/* More decreasing samples than kept: answers stay samples over the threshold. */
static void test_last_over_bound(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(1, 0);
	struct osnoise_aa_sample *s;
	uint64_t th;
	int i;

	(void)state;
	for (i = 0; i < 100; i++)
		add_sample(aa, 0, B + i * 1000000ULL, 1000ULL * (200 - i), 0);
	for (th = 101000; th <= 200000; th += 1000) {
		s = last_over(aa, 0, th);
		assert_true(s->duration_ns >= th);
		free(s);
	}
	s = last_over(aa, 0, 200000);			/* the first is never evicted */
	assert_int_equal(s->start_ns, B);
	free(s);
	s = last_over(aa, 0, 0);			/* nor the last */
	assert_int_equal(s->duration_ns, 101000);
	free(s);
	osnoise_aa_free(aa);
}

#define MS	1000000ULL

/* irq 5 us; hardware 10 ms over two samples (6 and 4 ms). */
static int vm_table(struct source_row *t)
{
	struct osnoise_aa *aa = osnoise_aa_new(1, 0);
	int n;

	add_irq(aa, 0, "eth0", 40, B + 100, 5000);
	add_sample(aa, 0, B, 6 * MS + 5000, 1);
	add_sample(aa, 0, 2 * B, 4 * MS, 0);
	n = osnoise_aa_sources(aa, 0, t, OSNOISE_AA_TABLE_LEN);
	osnoise_aa_free(aa);
	assert_int_equal(n, 2);
	assert_int_equal(t[0].kind, OSNOISE_CAUSE_HARDWARE);
	assert_int_equal(t[0].total_ns, 10 * MS);
	assert_int_equal(t[0].samples, 2);
	return n;
}

/* The hypervisor's row: an estimate of @total_ns, nothing else known */
static void assert_vm_row(const struct source_row *r, uint64_t total_ns)
{
	assert_int_equal(r->kind, OSNOISE_CAUSE_VM);
	assert_string_equal(r->name, OSNOISE_AA_VM_NAME);
	assert_int_equal(osnoise_aa_evidence(r->kind), OSNOISE_ESTIMATED);
	assert_int_equal(r->total_ns, total_ns);
	assert_int_equal(r->count, 0);
	assert_int_equal(r->max_ns, 0);
	assert_int_equal(r->samples, 0);
}

/* The sum of the rows' times: a split keeps it */
static uint64_t table_total(const struct source_row *t, int n)
{
	uint64_t sum = 0;

	for (int i = 0; i < n; i++)
		sum += t[i].total_ns;
	return sum;
}

static void test_vm_split_table(void **state)
{
	struct source_row t[OSNOISE_AA_TABLE_LEN];
	int n;

	(void)state;
	/* steal < hardware: a new row, the table re-sorted, the total the same */
	n = vm_table(t);
	assert_int_equal(osnoise_aa_split_vm(t, &n, OSNOISE_AA_TABLE_LEN, 6 * MS), 0);
	assert_int_equal(n, 3);
	assert_vm_row(&t[0], 6 * MS);
	assert_int_equal(t[1].kind, OSNOISE_CAUSE_HARDWARE);
	assert_int_equal(osnoise_aa_evidence(t[1].kind), OSNOISE_INFERRED);
	assert_int_equal(t[1].total_ns, 4 * MS);
	assert_int_equal(t[1].max_ns, 4 * MS);
	assert_int_equal(t[1].count, 2);
	assert_int_equal(t[1].samples, 2);
	assert_int_equal(t[2].kind, OSNOISE_CAUSE_IRQ);
	assert_int_equal(osnoise_aa_evidence(t[2].kind), OSNOISE_TRACED);
	assert_int_equal(table_total(t, n), 10 * MS + 5000);
	/* again: the VM row grows, hardware is used up and goes */
	assert_int_equal(osnoise_aa_split_vm(t, &n, OSNOISE_AA_TABLE_LEN, 9 * MS), 0);
	assert_int_equal(n, 2);
	assert_vm_row(&t[0], 10 * MS);
	assert_int_equal(t[1].kind, OSNOISE_CAUSE_IRQ);

	/* steal == hardware: the row becomes the estimate, its count and longest gone */
	n = vm_table(t);
	assert_int_equal(osnoise_aa_split_vm(t, &n, 2, 10 * MS), 0);
	assert_int_equal(n, 2);
	assert_vm_row(&t[0], 10 * MS);
	assert_int_equal(t[1].kind, OSNOISE_CAUSE_IRQ);

	/* steal > hardware: the same, the extra steal is not invented noise */
	n = vm_table(t);
	assert_int_equal(osnoise_aa_split_vm(t, &n, OSNOISE_AA_TABLE_LEN, 1000 * MS), 0);
	assert_int_equal(n, 2);
	assert_vm_row(&t[0], 10 * MS);
	assert_int_equal(t[1].total_ns, 5000);

	/* whole ms only: 6.5 ms of steal moves 6; 0.3 us of hardware past the ms stay */
	n = vm_table(t);
	assert_int_equal(osnoise_aa_split_vm(t, &n, OSNOISE_AA_TABLE_LEN, 6 * MS + MS / 2), 0);
	assert_vm_row(&t[0], 6 * MS);
	assert_int_equal(t[1].total_ns, 4 * MS);
	n = vm_table(t);
	t[0].total_ns += 300;
	assert_int_equal(osnoise_aa_split_vm(t, &n, OSNOISE_AA_TABLE_LEN, 1000 * MS), 0);
	assert_int_equal(n, 3);
	assert_vm_row(&t[0], 10 * MS);
	assert_int_equal(t[1].kind, OSNOISE_CAUSE_IRQ);
	assert_int_equal(t[2].kind, OSNOISE_CAUSE_HARDWARE);
	assert_int_equal(t[2].total_ns, 300);
	assert_int_equal(t[2].max_ns, 300);
	assert_int_equal(table_total(t, n), 10 * MS + 5300);
	/* less than a ms of steal: no estimate */
	n = vm_table(t);
	assert_int_equal(osnoise_aa_split_vm(t, &n, OSNOISE_AA_TABLE_LEN, MS - 1), 0);
	assert_int_equal(n, 2);
	assert_int_equal(t[0].kind, OSNOISE_CAUSE_HARDWARE);
	assert_int_equal(t[0].total_ns, 10 * MS);

	/* no room for the new row: unchanged */
	n = vm_table(t);
	assert_int_equal(osnoise_aa_split_vm(t, &n, 2, 3 * MS), -1);
	assert_int_equal(n, 2);
	assert_int_equal(t[0].kind, OSNOISE_CAUSE_HARDWARE);
	assert_int_equal(t[0].total_ns, 10 * MS);

	/* no steal, or no hardware: nothing to do */
	n = vm_table(t);
	assert_int_equal(osnoise_aa_split_vm(t, &n, OSNOISE_AA_TABLE_LEN, 0), 0);
	assert_int_equal(t[0].kind, OSNOISE_CAUSE_HARDWARE);
	n = 1;
	t[0] = t[1];
	assert_int_equal(osnoise_aa_split_vm(t, &n, OSNOISE_AA_TABLE_LEN, 5 * MS), 0);
	assert_int_equal(n, 1);
	assert_int_equal(t[0].kind, OSNOISE_CAUSE_IRQ);
	assert_string_equal(osnoise_aa_evidence_name(OSNOISE_TRACED), "traced");
	assert_string_equal(osnoise_aa_evidence_name(OSNOISE_INFERRED), "inferred");
	assert_string_equal(osnoise_aa_evidence_name(OSNOISE_ESTIMATED), "estimated");
}

static void test_vm_split_sample(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(1, 0);
	struct osnoise_aa_sample *s;
	char *text;

	(void)state;
	add_irq(aa, 0, "eth0", 40, B + 100, 5000);
	add_sample(aa, 0, B, 10000, 1);

	s = last(aa, 0);			/* steal < hardware */
	osnoise_aa_sample_split_vm(s, 2000);
	assert_int_equal(s->vm_ns, 2000);
	assert_int_equal(s->hardware_ns, 3000);
	assert_adds_up(s);
	text = print_sample(s, NULL);
	assert_line(text, OSNOISE_AA_VM_NAME, "     2.00 us (20.00 %)");
	assert_line(text, "hardware (no event explains it)", "     3.00 us (30.00 %)");
	assert_line(text, "irq eth0:40", "     5.00 us (50.00 %)");
	free(text);
	free(s);

	s = last(aa, 0);			/* steal == hardware */
	osnoise_aa_sample_split_vm(s, 5000);
	assert_int_equal(s->vm_ns, 5000);
	assert_int_equal(s->hardware_ns, 0);
	assert_adds_up(s);
	free(s);

	s = last(aa, 0);			/* steal > hardware */
	osnoise_aa_sample_split_vm(s, 80000);
	assert_int_equal(s->vm_ns, 5000);
	assert_int_equal(s->hardware_ns, 0);
	assert_adds_up(s);
	text = print_sample(s, NULL);
	assert_line(text, "hardware (no event explains it)", "     0.00 us (0.00 %)");
	free(text);
	free(s);

	/* overlapping events leave no hardware time to steal */
	add_irq(aa, 0, "eth0", 40, 2 * B + 100, 5000);
	add_irq(aa, 0, "eth1", 41, 2 * B + 200, 5000);
	add_sample(aa, 0, 2 * B, 9000, 2);
	s = last(aa, 0);
	osnoise_aa_sample_split_vm(s, 80000);
	assert_int_equal(s->vm_ns, 0);
	assert_int_equal(s->hardware_ns, 0);
	assert_adds_up(s);
	text = print_sample(s, NULL);
	assert_null(strstr(text, OSNOISE_AA_VM_NAME));
	free(text);
	free(s);
	osnoise_aa_free(aa);
}

static void test_flood_bound(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(1, 0);
	struct source_row t[OSNOISE_AA_TABLE_LEN];
	struct osnoise_aa_sample *s;
	char *text;
	int i;

	(void)state;
	/* 1000 events below the threshold, then a sample of 2: nothing lost */
	for (i = 0; i < 1000; i++)
		add_irq(aa, 0, "eth0", 40, B + i * 100, 10);
	add_irq(aa, 0, "local_timer", 236, 2 * B + 1000, 2000);
	add_noise(aa, 0, NOISE_SOFTIRQ, "TIMER", 1, 2 * B + 3000, 1000, 0);
	add_sample(aa, 0, 2 * B, 8000, 2);
	s = last(aa, 0);
	assert_int_equal(s->events_dropped, 0);
	assert_int_equal(s->nr_events, 2);
	assert_int_equal(s->hardware_ns, 5000);
	free(s);

	/* a flood inside one gap: the newest are kept, the rest counted */
	for (i = 0; i < 1000; i++)
		add_irq(aa, 0, "call_function_single", 251, 3 * B + 1000 + i * 20, 10);
	add_sample(aa, 0, 3 * B, 30000, 1000);
	s = last(aa, 0);
	assert_int_equal(s->nr_events, OSNOISE_AA_MAX_EVENTS);
	assert_int_equal(s->events_dropped, 1000 - OSNOISE_AA_MAX_EVENTS);
	assert_int_equal(s->causes[0].count, OSNOISE_AA_MAX_EVENTS);
	assert_int_equal(s->hardware_ns, 30000 - 10 * OSNOISE_AA_MAX_EVENTS);
	text = print_sample(s, NULL);
	assert_has(text, "\n  Note: 488 events dropped (per-CPU bound of 512), "
		   "counted as hardware\n");
	assert_null(strstr(text, "interfering events"));
	free(text);
	free(s);

	/* the next sample starts clean */
	add_irq(aa, 0, "local_timer", 236, 4 * B + 1000, 2000);
	add_sample(aa, 0, 4 * B, 6000, 1);
	s = last(aa, 0);
	assert_int_equal(s->events_dropped, 0);
	assert_int_equal(s->nr_events, 1);
	free(s);

	/* the table counted only what was attributed */
	assert_int_equal(osnoise_aa_sources(aa, 0, t, OSNOISE_AA_TABLE_LEN), 4);
	assert_string_equal(t[0].name, "hardware");
	assert_int_equal(t[0].total_ns, 5000 + 30000 - 10 * OSNOISE_AA_MAX_EVENTS + 4000);
	osnoise_aa_free(aa);
}

/* The kernel counted events the trace does not have (not enabled). */
static void test_untraced_events(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(1, 0);
	struct osnoise_aa_sample *s;
	char *text;

	(void)state;
	add_sample(aa, 0, B, 9000, 3);
	s = last(aa, 0);
	assert_int_equal(s->events_dropped, 0);
	assert_int_equal(s->hardware_ns, 9000);
	text = print_sample(s, NULL);
	assert_has(text, "\n  Note: the kernel counted 3 interfering events, 0 were traced\n");
	free(text);
	free(s);
	osnoise_aa_free(aa);
}

static void test_text_sample(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(4, 0);
	struct osnoise_aa_sample *s;
	char *text;

	(void)state;
	add_irq(aa, 3, "local_timer", 236, 5 * B - 10000, 1000);	/* not in it */
	feed_nested(aa, 3, 5 * B);
	s = last(aa, 3);
	text = print_sample(s, "noise sample over the threshold");
	assert_string_equal(text,
		"## CPU 3 noise sample over the threshold ##\n"
		"  start: 5.000000500  duration: 11.00 us  interference: 2\n"
		"  thread rtl_spinner:412                             8.00 us (72.73 %)\n"
		"  irq local_timer:236                                2.00 us (18.18 %)\n"
		"  hardware (no event explains it)                    1.00 us (9.09 %)\n"
		"------------------------------------------------------------------------\n"
		"  total                                             11.00 us (100%)\n");
	free(text);
	free(s);

	/* several events of one source */
	add_irq(aa, 3, "local_timer", 236, 6 * B + 1000, 1000);
	add_irq(aa, 3, "local_timer", 236, 6 * B + 3000, 1500);
	add_noise(aa, 3, NOISE_NMI, NULL, 0, 6 * B + 5000, 500, 0);
	add_sample(aa, 3, 6 * B, 5000, 3);
	s = last(aa, 3);
	text = print_sample(s, NULL);
	assert_line(text, "irq local_timer:236", "     2.50 us (50.00 %)  (2 events)");
	assert_null(strstr(text, "nmi"));	/* started at the sample's end */
	assert_has(text, "\n  Note: the kernel counted 3 interfering events, 2 were traced\n");
	free(text);
	free(s);
	osnoise_aa_free(aa);
}

/* the sources' text with the table's counts of each kind (the tool's NMI, IRQ, ... columns) */
static char *print_sources_counted(const struct source_row *t, int n, uint64_t noise_us,
				   const uint64_t counts[4])
{
	struct osnoise_aa_balance b;
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	assert_non_null(out);
	osnoise_aa_balance(t, n, noise_us, 1, &b);
	b.counts_known = true;
	b.nmi_count = counts[0];
	b.irq_count = counts[1];
	b.softirq_count = counts[2];
	b.thread_count = counts[3];
	osnoise_aa_print_sources(out, 1, t, n, &b, NULL);
	assert_int_equal(fclose(out), 0);
	return buf;
}

/*
 * The table counts every event of its periods, the sources those inside
 * samples: where a kind's counts differ, a note gives both; more softirqs
 * in the sources are PREEMPT_RT's, which the table counts as threads; an
 * "other" row may hold any kind: no note
 */
static void test_text_counts(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(2, 0);
	struct source_row t[OSNOISE_AA_TABLE_LEN];
	char *text;
	int n;

	(void)state;
	add_irq(aa, 1, "local_timer", 236, B + 100, 1000);
	add_noise(aa, 1, NOISE_SOFTIRQ, "", 1, B + 1200, 500, 0);
	add_noise(aa, 1, NOISE_THREAD, "kworker/1:1", 40, B + 2000, 1000, 0);
	add_sample(aa, 1, B, 3000, 3);
	n = osnoise_aa_sources(aa, 1, t, OSNOISE_AA_TABLE_LEN);

	text = print_sources_counted(t, n, 3, (const uint64_t[4]){ 0, 1, 1, 1 });
	assert_null(strstr(text, "count every event"));
	free(text);

	text = print_sources_counted(t, n, 3, (const uint64_t[4]){ 0, 4, 1, 2 });
	assert_has(text, "\n  note: the table's columns count every event of its periods, the "
		   "sources those in noise samples:\n        IRQ 4, 1 in samples; Thread 2, 1 in "
		   "samples\n");
	free(text);

	text = print_sources_counted(t, n, 3, (const uint64_t[4]){ 0, 1, 0, 2 });
	assert_has(text, "\n        Softirq 0, 1 in samples; Thread 2, 1 in samples\n"
		   "        (softirqs in threads, PREEMPT_RT's: the table counts them as Thread)\n");
	free(text);

	t[0].kind = OSNOISE_CAUSE_OTHER;	/* past the named sources' bound */
	text = print_sources_counted(t, n, 3, (const uint64_t[4]){ 0, 4, 1, 2 });
	assert_null(strstr(text, "count every event"));
	free(text);
	osnoise_aa_free(aa);
}

static void test_text_sources(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(4, 0);
	struct source_row t[OSNOISE_AA_TABLE_LEN];
	char *text;
	int n;

	(void)state;
	feed_nested(aa, 2, B);
	feed_nested(aa, 2, 2 * B);
	add_noise(aa, 2, NOISE_THREAD, "kworker/u16:3-events_unbound", 12345, 3 * B + 100,
		  1000, 0);
	add_sample(aa, 2, 3 * B, 1200, 1);
	n = osnoise_aa_sources(aa, 2, t, OSNOISE_AA_TABLE_LEN);
	assert_int_equal(n, 4);
	/*
	 * the longest label, past the widest column, has a line of its own; the
	 * table measured 23 us in 3 periods: the sources hold 0.2 us more, of
	 * the fractions of a microsecond it cut off; the rows above the rule
	 * add up to the total, the measured noise, nothing left unexplained;
	 * each row rests on its events and the samples it took part in (of 3)
	 */
	text = print_sources_periods(2, t, n, 23, 3, osnoise_aa_samples(aa, 2), NULL);
	assert_string_equal(text,
		"CPU 2 noise sources (time inside noise samples)\n"
		"  source                      events   in samples    total us     max us     "
		"share  evidence\n"
		"  thread rtl_spinner:412           2      2   67%       16.00       8.00   "
		"68.97 %  traced\n"
		"  irq local_timer:236              2      2   67%        4.00       2.00   "
		"17.24 %  traced\n"
		"  hardware (no OS event seen)      -      3  100%        2.20       1.00    "
		"9.48 %  inferred\n"
		"  thread kworker/u16:3-events_unbound:12345\n"
		"                                   1      1   33%        1.00       1.00    "
		"4.31 %  traced\n"
		"  not explained                                          0.00               0.00 %\n"
		"  --------------------------------------------------------------------------------\n"
		"  total: the measured noise                             23.20             100.00 %\n"
		"  note: the total: the table's 23 us (whole us per period), and\n"
		"        0.20 us of the fractions it cut off\n"
		"  note: hardware (no OS event seen) is inferred: the time no traced event "
		"covers, in any sample;\n"
		"        the tracer's HW count is another thing: the 0 samples with no "
		"interference at all\n");
	free(text);

	/* more over the table than its periods can have cut off: below zero, said why */
	text = print_sources(2, t, n, 23);
	assert_has(text, "\n"
		   "  not explained                                         -0.20              -0.87 %\n"
		   "  --------------------------------------------------------------------------------\n"
		   "  total: the measured noise                             23.00             100.00 %\n");
	assert_has(text, "\n  note: not explained is below zero: the sources hold samples counted "
		   "before their period was\n");
	free(text);

	/* noise the sources leave: positive; none measured: no share; no samples: no share of them */
	text = print_sources(2, t, n, 25);
	assert_has(text, "\n  not explained                                          1.80               "
		   "7.20 %\n");
	assert_has(text, "\n  note: not explained: noise in no analyzed sample (filtered out, or lost)\n");
	free(text);
	text = print_sources(2, t, n, 0);
	assert_has(text, "\n  thread rtl_spinner:412           2      2     -       16.00       8.00      "
		   "   -  traced\n");
	assert_has(text, "\n  total: the measured noise                              0.00                 "
		   "   -\n");
	free(text);

	/* short labels: the narrowest column; all explained: no note */
	n = 1;
	t[0] = t[1];
	text = print_sources(2, t, n, 4);
	assert_string_equal(text,
		"CPU 2 noise sources (time inside noise samples)\n"
		"  source                     events   in samples    total us     max us     "
		"share  evidence\n"
		"  irq local_timer:236             2      2     -        4.00       2.00  100.00 "
		"%  traced\n"
		"  not explained                                         0.00               0.00 %\n"
		"  -------------------------------------------------------------------------------\n"
		"  total: the measured noise                             4.00             100.00 %\n");
	free(text);

	text = print_sources(1, t, 0, 0);
	assert_string_equal(text,
		"CPU 1 noise sources (time inside noise samples)\n"
		"  source                     events   in samples    total us     max us     "
		"share  evidence\n"
		"  no noise sample\n");
	free(text);
	osnoise_aa_free(aa);
}

/*
 * A sample that includes a stop of rtlens's measuring thread (SIGSTOP) is
 * not noise: its stop is a source of its own (kind rtlens) below the total,
 * the rest of it is counted nowhere, and it is never a worst or threshold
 * sample.
 */
static void test_own_stop(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(1, 4);
	struct source_row t[OSNOISE_AA_TABLE_LEN];
	struct osnoise_aa_sample worst[4], *s;
	char *text;
	int n;

	(void)state;
	add_irq(aa, 0, "local_timer", 236, B + 100, 100);
	add_sample(aa, 0, B, 1000, 1);
	add_irq(aa, 0, "reschedule", 253, 2 * B + 100, 200);	/* the signal's IPI */
	add_noise(aa, 0, NOISE_SELF, NOISE_SELF_NAME, 0, 2 * B + 500, 2000000, 0);
	add_sample_self(aa, 0, 2 * B, 2001000, 2, 2000000);
	s = last(aa, 0);
	assert_int_equal(s->duration_ns, 1000);
	free(s);
	assert_int_equal(osnoise_aa_worst(aa, worst, 4), 1);
	assert_int_equal(worst[0].duration_ns, 1000);

	n = osnoise_aa_sources(aa, 0, t, OSNOISE_AA_TABLE_LEN);
	assert_int_equal(n, 3);
	assert_int_equal(t[0].kind, OSNOISE_CAUSE_SELF);
	assert_string_equal(t[0].name, "rtlens stopped");
	assert_int_equal(t[0].count, 1);
	assert_int_equal(t[0].total_ns, 2000000);
	assert_int_equal(t[0].pid, -1);
	assert_int_equal(t[1].kind, OSNOISE_CAUSE_HARDWARE);
	assert_int_equal(t[1].total_ns, 900);
	assert_int_equal(t[2].total_ns, 100);
	assert_string_equal(osnoise_aa_kind_name(t[0].kind), "rtlens");
	/* the stopped sample is no noise sample: of 1, the rtlens row's has no share */
	assert_int_equal(osnoise_aa_samples(aa, 0), 1);
	assert_int_equal(t[0].samples, 1);
	text = print_sources_periods(0, t, n, 1, 0, osnoise_aa_samples(aa, 0), NULL);
	assert_string_equal(text,
		"CPU 0 noise sources (time inside noise samples)\n"
		"  source                           events   in samples    total us     max us   "
		"  share  evidence\n"
		"  hardware (no OS event seen)           -      1  100%        0.90       0.90   "
		"90.00 %  inferred\n"
		"  irq local_timer:236                   1      1  100%        0.10       0.10   "
		"10.00 %  traced\n"
		"  not explained                                               0.00              "
		" 0.00 %\n"
		"  "
		"-------------------------------------------------------------------------------------\n"
		"  total: the measured noise                                   1.00             "
		"100.00 %\n"
		"  rtlens stopped (SIGSTOP/SIGTSTP)      1      1     -     2000.00    2000.00   "
		"         traced\n"
		"  note: hardware (no OS event seen) is inferred: the time no traced event "
		"covers, in any sample;\n"
		"        the tracer's HW count is another thing: the 0 samples with no "
		"interference at all\n"
		"  note: rtlens stopped (SIGSTOP/SIGTSTP) is rtlens itself, not in the total\n");
	free(text);
	osnoise_aa_free(aa);
}

/*
 * Numbers wider than their columns (a stop of seconds, hours of noise)
 * still stand apart; a share of the samples is as precise as it tells.
 */
static void test_wide_numbers(void **state)
{
	struct source_row t[2];
	char *text;

	(void)state;
	source_row_init(&t[0], OSNOISE_CAUSE_THREAD, "rtl_spin", -1, 4321);
	source_row_add_many(&t[0], 1234567, 1234567890123ULL, 2001498780ULL);
	t[0].samples = 1;
	source_row_init(&t[1], OSNOISE_CAUSE_IRQ, "local_timer", 236, -1);
	source_row_add_many(&t[1], 3000, 1000000, 50000);
	t[1].samples = 3000;
	text = print_sources_periods(0, t, 2, 1234568890, 0, 100000, NULL);
	assert_has(text, "\n  thread rtl_spin:4321       1234567      1 <0.1% 1234567890.12 2001498.78"
		   "  100.00 %  traced\n");
	assert_has(text, "\n  irq local_timer:236          3000   3000  3.0%     1000.00      50.00"
		   "    0.00 %  traced\n");
	free(text);
}

/* The sample (when not NULL) and the table, its shares of @b's samples. */
static char *to_json_of(const struct osnoise_aa_sample *s, const struct source_row *t, int n,
			const struct osnoise_aa_balance *b)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	struct json_writer *w;

	assert_non_null(out);
	w = json_writer_new(out, false);
	assert_non_null(w);
	json_begin_object(w, NULL);
	if (s)
		osnoise_aa_json_sample(w, "sample", s);
	osnoise_aa_json_sources(w, "sources", t, n, b);
	json_end_object(w);
	assert_int_equal(json_writer_finish(w), 0);
	json_writer_free(w);
	assert_int_equal(fclose(out), 0);
	return buf;
}

/* The same, no samples counted: no shares. */
static char *to_json(const struct osnoise_aa_sample *s, const struct source_row *t, int n)
{
	struct osnoise_aa_balance b;

	memset(&b, 0, sizeof(b));
	return to_json_of(s, t, n, &b);
}

/*
 * 2.5 ms no event explains in one sample, 1.5 ms of steal in ticks of 10
 * ms: 1 ms (whole ms) is put down to the hypervisor, an estimate: no
 * count, no longest, no samples; hardware keeps the rest, its sample and
 * its share of the CPU's one sample.
 */
static void json_steal_estimate(void)
{
	struct osnoise_aa *aa = osnoise_aa_new(1, 0);
	struct source_row t[OSNOISE_AA_TABLE_LEN];
	struct osnoise_aa_balance b;
	char *json;
	int n;

	add_sample(aa, 0, 3 * B, 2500000, 0);
	n = osnoise_aa_sources(aa, 0, t, OSNOISE_AA_TABLE_LEN);
	assert_int_equal(osnoise_aa_split_vm(t, &n, OSNOISE_AA_TABLE_LEN, 1500000), 0);
	assert_int_equal(n, 2);
	osnoise_aa_balance(t, n, 2500, 1, &b);
	b.samples = osnoise_aa_samples(aa, 0);
	b.steal_tick_ns = 10000000;
	json = to_json_of(NULL, t, n, &b);
	assert_string_equal(json, "{\"sources\":["
		"{\"kind\":\"hardware\",\"name\":\"hardware\",\"vector\":null,\"pid\":null,"
		"\"pids\":null,\"vcpu\":null,\"count\":1,\"total_us\":1500,\"max_us\":1500,"
		"\"evidence\":\"inferred\",\"samples\":1,\"samples_pct\":100,"
		"\"resolution_us\":null},"
		"{\"kind\":\"vm\",\"name\":\"hypervisor (steal)\",\"vector\":null,\"pid\":null,"
		"\"pids\":null,\"vcpu\":null,\"count\":null,\"total_us\":1000,\"max_us\":null,"
		"\"evidence\":\"estimated\",\"samples\":null,\"samples_pct\":null,"
		"\"resolution_us\":10000}]}");
	free(json);
	osnoise_aa_free(aa);
}

static void test_json(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(1, 0);
	struct source_row t[OSNOISE_AA_TABLE_LEN];
	struct osnoise_aa_sample *s;
	char *json;
	int n;

	(void)state;
	feed_nested(aa, 0, B);
	add_irq(aa, 0, "eth0", 40, 2 * B + 100, 1234);
	add_noise(aa, 0, NOISE_SOFTIRQ, "NET_RX", 3, 2 * B + 1500, 1000, 0);
	add_noise(aa, 0, NOISE_NMI, NULL, 0, 2 * B + 2600, 100, 0);
	add_sample(aa, 0, 2 * B, 6000, 3);
	s = last(aa, 0);
	osnoise_aa_sample_split_vm(s, 1000);
	n = osnoise_aa_sources(aa, 0, t, OSNOISE_AA_TABLE_LEN);
	/* 2 us of steal: less than the whole ms an estimate is made of, no split */
	assert_int_equal(osnoise_aa_split_vm(t, &n, OSNOISE_AA_TABLE_LEN, 2000), 0);
	assert_int_equal(n, 6);
	json = to_json(s, t, n);
	assert_has(json, "{\"sample\":{\"cpu\":0,\"start_ns\":2000000000,\"duration_us\":6,"
		   "\"interference\":3,\"events\":3,\"events_dropped\":0,\"causes\":["
		   "{\"kind\":\"irq\",\"name\":\"eth0\",\"vector\":40,\"pid\":null,"
		   "\"vcpu\":null,\"count\":1,\"us\":1.234},"
		   "{\"kind\":\"softirq\",\"name\":\"NET_RX\",\"vector\":3,\"pid\":null,"
		   "\"vcpu\":null,\"count\":1,\"us\":1},"
		   "{\"kind\":\"nmi\",\"name\":\"nmi\",\"vector\":null,\"pid\":null,"
		   "\"vcpu\":null,\"count\":1,\"us\":0.1}],"
		   "\"vm_us\":1,\"hardware_us\":2.666,\"overlap_us\":0,\"parts_sum_us\":6,"
		   "\"kvm_exits\":{\"total\":0,\"dropped\":0,\"by_reason\":[]}}");
	assert_has(json, "\"sources\":[{\"kind\":\"thread\",\"name\":\"rtl_spinner\","
		   "\"vector\":null,\"pid\":412,\"pids\":1,\"vcpu\":null,\"count\":1,\"total_us\":8,"
		   "\"max_us\":8,\"evidence\":\"traced\",\"samples\":1,\"samples_pct\":null,"
		   "\"resolution_us\":null},");
	assert_has(json, "{\"kind\":\"hardware\",\"name\":\"hardware\",\"vector\":null,"
		   "\"pid\":null,\"pids\":null,\"vcpu\":null,\"count\":2,\"total_us\":4.666,"
		   "\"max_us\":3.666,\"evidence\":\"inferred\",\"samples\":2,\"samples_pct\":null,"
		   "\"resolution_us\":null}");
	assert_has(json, "{\"kind\":\"irq\",\"name\":\"local_timer\",\"vector\":236,");
	assert_null(strstr(json, "\"vm\""));
	free(json);
	json_steal_estimate();
	free(s);

	/* negative hardware, no causes */
	s = calloc(1, sizeof(*s));
	assert_non_null(s);
	s->cpu = 5;
	s->duration_ns = 5000;
	s->nr_causes = 1;
	s->causes[0].kind = OSNOISE_CAUSE_OTHER;
	snprintf(s->causes[0].name, sizeof(s->causes[0].name), "other");
	s->causes[0].vector = -1;
	s->causes[0].pid = -1;
	s->causes[0].vcpu = -1;
	s->causes[0].count = 2;
	s->causes[0].ns = 5000;
	s->hardware_ns = 0;
	s->overlap_ns = 2000;
	json = to_json(s, t, 0);
	assert_has(json, "\"causes\":[{\"kind\":\"other\",\"name\":\"other\",\"vector\":null,"
		   "\"pid\":null,\"vcpu\":null,\"count\":2,\"us\":5}],\"vm_us\":0,"
		   "\"hardware_us\":0,\"overlap_us\":2,\"parts_sum_us\":5,"
		   "\"kvm_exits\":{\"total\":0,\"dropped\":0,\"by_reason\":[]}}");
	assert_has(json, "\"sources\":[]}");
	free(json);
	free(s);
	osnoise_aa_free(aa);
}


static void add_kvm(struct osnoise_aa *aa, int cpu, uint64_t ts, int pid, int vcpu,
		    const char *reason)
{
	struct rtl_record r = { .kind = RECORD_KVM };

	r.kvm.cpu = cpu;
	r.kvm.ts = ts;
	r.kvm.pid = pid;
	r.kvm.vcpu_id = vcpu;
	snprintf(r.kvm.reason, sizeof(r.kvm.reason), "%s", reason);
	osnoise_aa_feed(aa, &r);
}

/*
 * A KVM host: a vCPU thread's run inside a sample is named as a vCPU, and
 * the exits inside the sample are counted by reason, in the sample and in
 * the CPU's totals; an ordinary thread stays a thread.
 */
static void test_kvm_host(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(2, 1);
	struct source_row t[OSNOISE_AA_TABLE_LEN];
	struct kvm_exit_counts x;
	struct osnoise_aa_sample *s;
	char *text, *json;
	int n;

	(void)state;
	add_kvm(aa, 1, B + 2000, 189, 0, "cpuid");
	add_kvm(aa, 1, B + 3000, 189, 0, "io");
	add_kvm(aa, 1, B + 4000, 189, 0, "io");
	add_noise(aa, 1, NOISE_THREAD, "CPU 0/KVM", 189, B + 900, 4000, 0);
	add_noise(aa, 1, NOISE_THREAD, "kworker/1:1", 77, B + 5000, 500, 0);
	add_sample(aa, 1, B + 800, 5000, 2);
	s = last(aa, 1);
	assert_int_equal(s->nr_causes, 2);
	assert_cause(&s->causes[0], OSNOISE_CAUSE_THREAD, "CPU 0/KVM", -1, 189, 1, 4000);
	assert_int_equal(s->causes[0].vcpu, 0);
	assert_int_equal(s->causes[1].vcpu, -1);
	assert_int_equal(s->kvm_exits.total, 3);
	assert_string_equal(s->kvm_exits.by_reason[0].reason, "io");
	assert_int_equal(s->kvm_exits.by_reason[0].count, 2);

	n = osnoise_aa_sources(aa, 1, t, OSNOISE_AA_TABLE_LEN);
	assert_int_equal(t[0].pid, 189);
	assert_int_equal(t[0].vcpu, 0);
	assert_int_equal(t[1].pid, 77);
	assert_int_equal(t[1].vcpu, -1);
	osnoise_aa_kvm_exits(aa, 1, &x);
	assert_int_equal(x.total, 3);
	osnoise_aa_kvm_exits(aa, 0, &x);
	assert_int_equal(x.total, 0);
	assert_int_equal(osnoise_aa_nr_vcpus(aa), 1);

	text = print_sample(s, NULL);
	assert_has(text, "\n  thread CPU 0/KVM:189 (vCPU 0)");
	assert_has(text, "\n  thread kworker/1:1:77 ");
	assert_has(text, "(100%)\n  KVM exits inside it: 3 (io 2, cpuid 1)\n");
	free(text);
	osnoise_aa_kvm_exits(aa, 1, &x);
	text = print_sources_exits(1, t, n, &x);
	assert_has(text, "\n  thread CPU 0/KVM:189 (vCPU 0) ");
	assert_has(text, "\n  KVM exits inside the noise samples: 3 (io 2, cpuid 1)\n");
	free(text);
	json = to_json(s, t, n);
	assert_has(json, "\"name\":\"CPU 0/KVM\",\"vector\":null,\"pid\":189,\"vcpu\":0,");
	assert_has(json, "\"kvm_exits\":{\"total\":3,\"dropped\":0,\"by_reason\":["
		   "{\"reason\":\"io\",\"count\":2},{\"reason\":\"cpuid\",\"count\":1}]}}");
	free(json);
	free(s);

	/* a thread seen in a sample before its first exit */
	add_noise(aa, 1, NOISE_THREAD, "CPU 1/KVM", 190, 2 * B + 100, 90000, 0);
	add_sample(aa, 1, 2 * B, 100000, 1);
	add_kvm(aa, 2, 3 * B, 190, 1, "hlt");
	s = calloc(1, sizeof(*s));
	assert_non_null(s);
	assert_int_equal(osnoise_aa_worst(aa, s, 1), 1);
	assert_int_equal(s->causes[0].pid, 190);
	assert_int_equal(s->causes[0].vcpu, 1);
	assert_int_equal(s->kvm_exits.total, 0);
	free(s);
	s = last(aa, 1);
	assert_int_equal(s->causes[0].vcpu, 1);
	free(s);
	osnoise_aa_free(aa);
}

/*
 * 70 one-shot processes of one script: one row of the CPU's table, with
 * its pids counted and the pid of its longest event, so that the 64 named
 * rows are not spent on them and the IRQ keeps its row; a sample's causes
 * stay one per thread. vCPU threads of one command stay a row each.
 */
static void test_fold_threads(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(1, 1);
	struct source_row t[OSNOISE_AA_TABLE_LEN];
	struct osnoise_aa_sample *s;
	char *text, *json;
	int i, n;

	(void)state;
	for (i = 0; i < 70; i++)
		add_noise(aa, 0, NOISE_THREAD, "run.sh", 16500 + i, B + 1000 * i,
			  i == 42 ? 900 : 100, 0);
	add_irq(aa, 0, "eth0", 40, B + 80000, 50);
	add_kvm(aa, 0, B + 90000, 300, 0, "hlt");
	add_kvm(aa, 0, B + 90100, 301, 1, "hlt");
	add_noise(aa, 0, NOISE_THREAD, "qemu-vcpu", 300, B + 91000, 40, 0);
	add_noise(aa, 0, NOISE_THREAD, "qemu-vcpu", 301, B + 92000, 30, 0);
	add_sample(aa, 0, B, 100000, 74);
	s = last(aa, 0);
	assert_int_equal(s->nr_causes, OSNOISE_AA_MAX_CAUSES + 1);	/* per pid, then "other" */
	assert_int_equal(s->causes[0].pid, 16500);
	assert_int_equal(s->causes[OSNOISE_AA_MAX_CAUSES].kind, OSNOISE_CAUSE_OTHER);
	free(s);

	n = osnoise_aa_sources(aa, 0, t, OSNOISE_AA_TABLE_LEN);
	assert_int_equal(n, 5);
	assert_int_equal(t[0].kind, OSNOISE_CAUSE_HARDWARE);
	assert_int_equal(t[1].kind, OSNOISE_CAUSE_THREAD);
	assert_string_equal(t[1].name, "run.sh");
	assert_int_equal(t[1].nr_pids, 70);
	assert_int_equal(t[1].pid, 16542);
	assert_int_equal(t[1].count, 70);
	assert_int_equal(t[1].total_ns, 69 * 100 + 900);
	assert_int_equal(t[1].vcpu, -1);
	assert_string_equal(t[2].name, "eth0");
	assert_int_equal(t[3].pid, 300);
	assert_int_equal(t[3].vcpu, 0);
	assert_int_equal(t[3].nr_pids, 1);
	assert_int_equal(t[4].pid, 301);
	assert_int_equal(t[4].vcpu, 1);

	text = print_sources(0, t, n, 100);
	/* 70 events of 70 pids in one sample: that sample, once */
	assert_has(text, "\n  thread run.sh (70 PIDs, top 16542)     70      1     -        7.80       "
		   "0.90    7.80 %  traced\n");
	assert_has(text, "\n  thread qemu-vcpu:300 (vCPU 0) ");
	assert_has(text, "\n  thread qemu-vcpu:301 (vCPU 1) ");
	free(text);
	json = to_json(NULL, t, n);
	assert_has(json, "{\"kind\":\"thread\",\"name\":\"run.sh\",\"vector\":null,"
		   "\"pid\":16542,\"pids\":70,\"vcpu\":null,\"count\":70,\"total_us\":7.8,"
		   "\"max_us\":0.9,\"evidence\":\"traced\",\"samples\":1,\"samples_pct\":null,"
		   "\"resolution_us\":null}");
	assert_has(json, "\"pid\":300,\"pids\":1,\"vcpu\":0,");
	assert_has(json, "{\"kind\":\"irq\",\"name\":\"eth0\",\"vector\":40,\"pid\":null,"
		   "\"pids\":null,\"vcpu\":null,");
	free(json);
	osnoise_aa_free(aa);
}

/* No raw ESC or 0xff, and the text is safe UTF-8 (newlines aside). */
static void assert_no_raw(const char *text)
{
	if (strchr(text, '\x1b') || strchr(text, '\xff') || !utf8_check_safe(text, true))
		fail_msg("raw control or invalid bytes in:\n%s", text);
}

/*
 * Names from outside (a thread's comm, an IRQ's name, a KVM exit reason)
 * with an escape sequence and an invalid byte: \xNN in the text, valid JSON.
 */
static void test_hostile_names(void **state)
{
	struct osnoise_aa *aa = osnoise_aa_new(1, 0);
	struct source_row t[OSNOISE_AA_TABLE_LEN];
	struct kvm_exit_counts x;
	struct osnoise_aa_sample *s;
	char *text;
	int n;

	(void)state;
	add_kvm(aa, 0, B + 2000, 66, 0, "io\x1b[2J\xc2\x9b");
	add_noise(aa, 0, NOISE_THREAD, "ev\x1b[31mil\xff", 66, B + 900, 4000, 0);
	add_irq(aa, 0, "eth\x07\xc0\xaf", 40, B + 5000, 500);
	add_sample(aa, 0, B + 800, 5000, 2);
	s = last(aa, 0);
	text = print_sample(s, NULL);
	assert_has(text, "\n  thread ev\\x1b[31mil\\xff:66 (vCPU 0)");
	assert_has(text, "\n  irq eth\\x07\\xc0\\xaf:40 ");
	assert_has(text, "KVM exits inside it: 1 (io\\x1b[2J\\xc2\\x9b 1)\n");
	assert_no_raw(text);
	free(text);

	n = osnoise_aa_sources(aa, 0, t, OSNOISE_AA_TABLE_LEN);
	osnoise_aa_kvm_exits(aa, 0, &x);
	text = print_sources_exits(0, t, n, &x);
	/* 35 columns escaped: past the widest, a line of its own */
	assert_has(text, "\n  thread ev\\x1b[31mil\\xff:66 (vCPU 0)\n      ");
	assert_no_raw(text);
	free(text);

	text = to_json(s, t, n);
	assert_has(text, "\"name\":\"ev\\u001b[31mil\\\\xff\",");
	assert_has(text, "\"name\":\"eth\\u0007\\\\xc0\\\\xaf\",");
	assert_has(text, "{\"reason\":\"io\\u001b[2J\\u009b\",\"count\":1}");
	assert_no_raw(text);
	free(text);
	free(s);
	osnoise_aa_free(aa);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_empty_and_bounds),
		cmocka_unit_test(test_irq_nested_in_thread),
		cmocka_unit_test(test_softirq_after_irq),
		cmocka_unit_test(test_nmi_named_by_handler),
		cmocka_unit_test(test_nmi_named_by_engine),
		cmocka_unit_test(test_rt_softirq_in_thread),
		cmocka_unit_test(test_rt_softirq_preempted),
		cmocka_unit_test(test_softirq_counted_once),
		cmocka_unit_test(test_hardware_only),
		cmocka_unit_test(test_hardware_counted),
		cmocka_unit_test(test_samples_of_a_row),
		cmocka_unit_test(test_wide_numbers),
		cmocka_unit_test(test_samples_wanted_from),
		cmocka_unit_test(test_overlap_counted_once),
		cmocka_unit_test(test_events_outside_samples),
		cmocka_unit_test(test_sources_order_and_other),
		cmocka_unit_test(test_sample_causes_bound),
		cmocka_unit_test(test_two_cpus),
		cmocka_unit_test(test_worst_n),
		cmocka_unit_test(test_worst_ties),
		cmocka_unit_test(test_reset),
		cmocka_unit_test(test_follow_table),
		cmocka_unit_test(test_follow_table_reset),
		cmocka_unit_test(test_follow_table_bound),
		cmocka_unit_test(test_follow_table_hw_sums),
		cmocka_unit_test(test_worst_many),
		cmocka_unit_test(test_last_over),
		cmocka_unit_test(test_last_over_bound),
		cmocka_unit_test(test_vm_split_table),
		cmocka_unit_test(test_vm_split_sample),
		cmocka_unit_test(test_flood_bound),
		cmocka_unit_test(test_untraced_events),
		cmocka_unit_test(test_text_sample),
		cmocka_unit_test(test_text_sources),
		cmocka_unit_test(test_text_counts),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_own_stop),
		cmocka_unit_test(test_kvm_host),
		cmocka_unit_test(test_fold_threads),
		cmocka_unit_test(test_hostile_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
