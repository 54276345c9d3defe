// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for --until-confident's gate (analysis/tail_gate.h), fed
 * through the models of a timerlat run as a session feeds them: series
 * built to decide below, above, or nothing (too few samples, checks that
 * fail, an interval that holds the limit, a probability the fit cannot
 * reach), the series each tool watches, when a CPU is estimated again, and
 * the verdict's words, in the text after the report and in the JSON object
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "analysis/tail_estimate.h"
#include "cmdline.h"
#include "draws.h"
#include "render/tail_gate_parts.h"

#define NR_CPUS		4
#define NS_PER_SAMPLE	1000000ULL	/* 1 kHz */

struct run {
	struct rtl_params	p;
	struct run_models	m;
	uint64_t		seq[NR_CPUS];
};

static void run_open(struct run *r, const char *command, char **argv)
{
	memset(r, 0, sizeof(*r));
	assert_int_equal(cmdline_parse(&r->p, command, NR_CPUS, argv), OPTS_OK);
	assert_int_equal(run_models_init(&r->m, &r->p, NULL), 0);
	assert_non_null(run_models_gate(&r->m));
}

static void run_close(struct run *r)
{
	run_models_free(&r->m);
	params_free(&r->p);
}

/*
 * @n latencies of @cpu's @context, 1 kHz: 5 us and an exponential of mean
 * @mean_ns, each repeated @burst times (1: none)
 */
static void feed(struct run *r, int cpu, int context, uint64_t n, double mean_ns, int burst,
		 uint64_t seed)
{
	struct rtl_record rec = { .kind = RECORD_TIMERLAT };
	uint64_t i, v = 0;

	for (i = 0; i < n; i++) {
		if (i % burst == 0)
			v = draw_exp(&seed, 5000, mean_ns);
		rec.timerlat = (struct timerlat_sample){ .cpu = cpu, .context = context,
							 .ts = r->seq[cpu] * NS_PER_SAMPLE,
							 .seqnum = r->seq[cpu], .latency_ns = v };
		r->seq[cpu]++;
		run_models_add_models(&r->m, &rec);
	}
}

static struct tail_gate *update(struct run *r)
{
	struct tail_gate *g = run_models_gate(&r->m);

	assert_int_equal(tail_gate_update(g, run_models_tail(&r->m), false), 0);
	return g;
}

/* the text line and the JSON object of the gate, written */
static char *gate_text(struct run *r)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	assert_non_null(out);
	render_gate(out, &r->m, &r->p);
	assert_int_equal(fclose(out), 0);
	return text;
}

static char *gate_json(struct run *r)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	struct json_writer *w = json_writer_new(out, false);

	assert_non_null(w);
	json_begin_object(w, NULL);
	tail_gate_json(w, &r->m, r->p.nano ? "ns" : "us");
	json_end_object(w);
	assert_int_equal(json_writer_finish(w), 0);
	json_writer_free(w);
	assert_int_equal(fclose(out), 0);
	return text;
}

static void expect_in(const char *text, const char *part)
{
	if (!strstr(text, part))
		fail_msg("'%s' lacks '%s'", text, part);
}

/*
 * Every CPU's thread latencies with the 1e-9 level near 46 us: under 1 ms
 * on every CPU, and the CPU named the one whose upper end is the highest
 */
static void test_below(void **state)
{
	struct run r;
	struct tail_gate *g;
	char *text;
	int i, top = 0;

	(void)state;
	run_open(&r, "timerlat top", ARGV("timerlat", "-c", "1,3", "--until-confident",
					  "1e-9:1000"));
	feed(&r, 1, TIMERLAT_THREAD, 30000, 2000, 1, 1);
	feed(&r, 3, TIMERLAT_THREAD, 30000, 2000, 1, 2);
	feed(&r, 1, TIMERLAT_IRQ, 30000, 200000, 1, 3);	/* not the series watched */
	g = update(&r);
	assert_int_equal(g->nr, 2);
	assert_int_equal(g->context, TIMERLAT_THREAD);
	/* below on each CPU, once: not yet a verdict while the run goes on */
	assert_int_equal(g->cpu[0].state, GATE_CPU_BELOW);
	assert_int_equal(g->cpu[0].streak, 1);
	assert_int_equal(g->verdict, GATE_UNDECIDED);
	/* a tenth more samples, below again: the verdict */
	feed(&r, 1, TIMERLAT_THREAD, 3000, 2000, 1, 11);
	feed(&r, 3, TIMERLAT_THREAD, 3000, 2000, 1, 12);
	g = update(&r);
	for (i = 0; i < g->nr; i++) {
		assert_int_equal(g->cpu[i].streak, 2);
		assert_int_equal(g->cpu[i].state, GATE_CPU_BELOW);
		assert_true(g->cpu[i].level.upper < 1e6);
		if (g->cpu[i].level.upper > g->cpu[top].level.upper)
			top = i;
	}
	assert_int_equal(g->verdict, GATE_BELOW);
	assert_int_equal(g->by, top);
	text = gate_text(&r);
	expect_in(text, "Confident below 1000 us: the level a thread sample exceeds with "
		  "probability 1e-9 is under it on every CPU; the highest, CPU ");
	expect_in(text, "(90% interval ");
	free(text);
	text = gate_json(&r);
	expect_in(text, "\"gate\":{\"p\":1e-9,\"limit\":1000,\"verdict\":\"below\",\"cpu\":");
	expect_in(text, "\"why\":\"every CPU's 90% interval ends under the limit\"}");
	free(text);
	run_close(&r);
}

/* one CPU's tail three times as wide: over 60 us there, under on the other; above */
static void test_above(void **state)
{
	struct run r;
	struct tail_gate *g;
	char *text;

	(void)state;
	run_open(&r, "timerlat hist", ARGV("timerlat", "-c", "0-1", "-n", "--until-confident",
					   "1e-9:80"));
	feed(&r, 0, TIMERLAT_THREAD, 100000, 2000, 1, 4);
	feed(&r, 1, TIMERLAT_THREAD, 100000, 6000, 1, 5);
	/* at the run's end, one estimate decides */
	assert_int_equal(tail_gate_update(run_models_gate(&r.m), run_models_tail(&r.m), true), 0);
	g = run_models_gate(&r.m);
	assert_int_equal(g->cpu[1].streak, 1);
	assert_int_equal(g->cpu[0].state, GATE_CPU_BELOW);
	assert_int_equal(g->cpu[1].state, GATE_CPU_ABOVE);
	assert_true(g->cpu[1].level.lower > 80000);
	assert_int_equal(g->verdict, GATE_ABOVE);
	assert_int_equal(g->by, 1);
	text = gate_text(&r);
	expect_in(text, "Confident above 80000 ns: the level a thread sample exceeds with "
		  "probability 1e-9 is over it on CPU 1: ");
	expect_in(text, " ns (90% interval ");
	free(text);
	text = gate_json(&r);
	expect_in(text, "\"limit\":80000,\"verdict\":\"above\",\"cpu\":1,\"estimate\":");
	expect_in(text, "\"why\":\"CPU 1's 90% interval starts over the limit\"");
	free(text);
	run_close(&r);
}

/*
 * Undecided while the checks fail: CPU 0's samples in bursts of four (no
 * verdict, though CPU 1 is under the limit and CPU 2 has too few), then a
 * probability the kept samples do not reach
 */
static void test_undecided_checks(void **state)
{
	struct run r;
	struct tail_gate *g;
	char *text;

	(void)state;
	run_open(&r, "timerlat top", ARGV("timerlat", "-c", "0-2", "--until-confident",
					  "1e-6:1000"));
	feed(&r, 0, TIMERLAT_THREAD, 100000, 2000, 4, 6);
	feed(&r, 1, TIMERLAT_THREAD, 100000, 2000, 1, 7);
	feed(&r, 2, TIMERLAT_THREAD, 1000, 2000, 1, 8);
	g = update(&r);
	assert_int_equal(g->cpu[0].state, GATE_CHECKS);
	assert_true(g->cpu[0].failed & (1u << TAIL_APART));
	assert_int_equal(g->cpu[1].state, GATE_CPU_BELOW);
	assert_int_equal(g->cpu[2].state, GATE_FEW);
	assert_true(fabs(g->cpu[2].more_s - 1.5) < 0.01);
	assert_int_equal(g->verdict, GATE_UNDECIDED);
	assert_int_equal(g->by, 1);	/* the only level known */
	text = gate_text(&r);
	expect_in(text, "Undecided at 1000 us: the level a thread sample exceeds with probability "
		  "1e-6 is not known to be under or over it: CPU 0: ");
	expect_in(text, "its largest samples come in bursts (apart)");
	expect_in(text, "; CPU 2: 1000 samples of the 2500 a fit needs (about 2 s more); the "
		  "highest so far, CPU 1's, is ");
	free(text);
	text = gate_json(&r);
	expect_in(text, "\"verdict\":\"undecided\",\"cpu\":1,");
	expect_in(text, "CPU 2: 1000 samples of the 2500 a fit needs");
	free(text);
	run_close(&r);

	/* 0.005: rarer than 1 in 50 at first, not once the store keeps fewer than 1 in 200 */
	run_open(&r, "timerlat top", ARGV("timerlat", "-c", "0", "--until-confident",
					  "0.005:1000"));
	feed(&r, 0, TIMERLAT_THREAD, 100000, 2000, 1, 9);
	g = update(&r);
	assert_int_equal(g->cpu[0].state, GATE_CPU_BELOW);
	feed(&r, 0, TIMERLAT_THREAD, 200000, 2000, 1, 10);
	g = update(&r);
	assert_int_equal(g->cpu[0].state, GATE_WITHIN);
	assert_int_equal(g->verdict, GATE_UNDECIDED);
	assert_int_equal(g->by, -1);
	text = gate_text(&r);
	expect_in(text, "CPU 0: 0.005 is not rarer than its 1023 largest samples of 300000, which "
		  "the fit starts from: ask a smaller P.\n");
	free(text);
	text = gate_json(&r);
	expect_in(text, "\"cpu\":null,\"estimate\":null,\"lower\":null,\"upper\":null,");
	free(text);
	run_close(&r);
}

/* a limit inside the interval: undecided, the interval said; a CPU with no sample */
static void test_undecided_wide(void **state)
{
	struct run r;
	struct tail_gate *g;
	char *text;

	(void)state;
	run_open(&r, "timerlat top", ARGV("timerlat", "-c", "0-1", "--until-confident",
					  "1e-9:46"));
	feed(&r, 0, TIMERLAT_THREAD, 20000, 2000, 1, 11);
	g = update(&r);
	assert_int_equal(g->cpu[0].state, GATE_WIDE);
	assert_true(g->cpu[0].level.lower < 46000 && g->cpu[0].level.upper > 46000);
	assert_int_equal(g->cpu[1].state, GATE_FEW);
	assert_int_equal(g->verdict, GATE_UNDECIDED);
	text = gate_text(&r);
	expect_in(text, "CPU 0: its 90% interval, ");
	expect_in(text, " us, holds the limit; CPU 1: no sample yet; the highest so far, CPU 0's");
	free(text);
	run_close(&r);
}

/* -u: the return to user space is watched; osnoise: its single noises */
static void test_series_watched(void **state)
{
	struct run r;

	(void)state;
	run_open(&r, "timerlat top", ARGV("timerlat", "-u", "--until-confident", "1e-9:50"));
	assert_int_equal(run_models_gate(&r.m)->context, TIMERLAT_USER);
	assert_int_equal(run_models_gate(&r.m)->nr, NR_CPUS);
	run_close(&r);
	run_open(&r, "osnoise top", ARGV("osnoise", "-c", "2", "--until-confident", "1e-6:50"));
	assert_int_equal(run_models_gate(&r.m)->nr, 1);
	assert_int_equal(run_models_gate(&r.m)->cpu[0].cpu, 2);
	assert_string_equal(run_models_tail_context(&r.m, run_models_gate(&r.m)->context),
			    "noise");
	run_close(&r);
}

/* estimated again once grown by a tenth, or on a new largest sample; none after a reset */
static void test_due(void **state)
{
	struct rtl_record rec = { .kind = RECORD_TIMERLAT };
	const struct tail_store *s;
	struct tail_gate *g;
	unsigned int generation;
	struct run r;

	(void)state;
	run_open(&r, "timerlat top", ARGV("timerlat", "-c", "0", "--until-confident",
					  "1e-9:1000"));
	feed(&r, 0, TIMERLAT_THREAD, 10000, 2000, 1, 12);
	g = update(&r);
	s = tail_set_series(run_models_tail(&r.m), 0, TIMERLAT_THREAD);
	assert_int_equal(g->cpu[0].n, 10000);
	assert_false(tail_gate_due(g, 0, s));
	feed(&r, 0, TIMERLAT_THREAD, 999, 1, 1, 13);	/* 5 us each: no new largest */
	assert_false(tail_gate_due(g, 0, s));
	/* at the end, every series that changed at all */
	assert_int_equal(tail_gate_update(g, run_models_tail(&r.m), true), 0);
	assert_int_equal(g->cpu[0].n, 10999);
	feed(&r, 0, TIMERLAT_THREAD, 1098, 1, 1, 14);
	assert_false(tail_gate_due(g, 0, s));
	feed(&r, 0, TIMERLAT_THREAD, 1, 1, 1, 15);
	assert_true(tail_gate_due(g, 0, s));
	g = update(&r);
	assert_int_equal(g->cpu[0].n, 12098);
	rec.timerlat = (struct timerlat_sample){ .cpu = 0, .context = TIMERLAT_THREAD,
						 .ts = 12098 * NS_PER_SAMPLE,
						 .latency_ns = s->max + 1 };
	run_models_add_models(&r.m, &rec);
	assert_true(tail_gate_due(g, 0, s));
	generation = g->generation;
	run_models_reset(&r.m);
	assert_int_equal(g->generation, generation + 1);
	assert_false(g->cpu[0].done);
	assert_int_equal(g->cpu[0].cpu, 0);
	assert_true(tail_gate_due(g, 0, s));
	g = update(&r);
	assert_int_equal(g->cpu[0].state, GATE_FEW);
	run_close(&r);
}

/*
 * Under the limit but a heavy tail (Pareto, shape 0.5): never below; and
 * 5000 samples, a fit but too few exceedances for the gate: run longer
 */
static void test_heavy_and_few(void **state)
{
	struct rtl_record rec = { .kind = RECORD_TIMERLAT };
	struct run r;
	struct tail_gate *g;
	char *text;
	uint64_t seed = 13, i;

	(void)state;
	run_open(&r, "timerlat top", ARGV("timerlat", "-c", "0-1", "--until-confident",
					  "1e-6:1000000"));
	for (i = 0; i < 100000; i++) {
		rec.timerlat = (struct timerlat_sample){ .cpu = 0, .context = TIMERLAT_THREAD,
							 .ts = i * NS_PER_SAMPLE, .seqnum = i,
							 .latency_ns = draw_pareto(&seed, 5000, 2) };
		run_models_add_models(&r.m, &rec);
	}
	feed(&r, 1, TIMERLAT_THREAD, 5000, 2000, 1, 14);
	assert_int_equal(tail_gate_update(run_models_gate(&r.m), run_models_tail(&r.m), true), 0);
	g = run_models_gate(&r.m);
	assert_int_equal(g->cpu[0].state, GATE_HEAVY);
	assert_true(g->cpu[0].level.upper < 1e9);
	assert_int_equal(g->cpu[1].state, GATE_FEW);
	assert_true(fabs(g->cpu[1].more_s - 5) < 0.1);
	assert_int_equal(g->verdict, GATE_UNDECIDED);
	text = gate_text(&r);
	expect_in(text, "but its tail is heavy: no finite bound is supported by this run");
	expect_in(text, "CPU 1: 5000 samples of the 10000 the gate decides on");
	free(text);
	run_close(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_below),
		cmocka_unit_test(test_above),
		cmocka_unit_test(test_heavy_and_few),
		cmocka_unit_test(test_undecided_checks),
		cmocka_unit_test(test_undecided_wide),
		cmocka_unit_test(test_series_watched),
		cmocka_unit_test(test_due),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
