// SPDX-License-Identifier: GPL-2.0
/*
 * test_analysis_lost - issue #24: under a flood the analysis' own ring
 * buffer loses events. The models are fed from the buffer of the samples
 * and summaries, which lost nothing: the table, the histogram and the
 * figures of the metrics stay exactly what they are without the loss, and
 * the analysis says it is partial, in the text, the JSON and the metrics.
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
#include "render/metrics.h"
#include "render/render.h"
#include "cmdline.h"

#define NR_CPUS		4
#define PERIODS		10
#define SAMPLES		20		/* per CPU and period */
#define LOST_CPU	2
#define LOST_FROM	3		/* the periods whose analysis' events are lost */
#define LOST_TO		6
#define EVENTS		3		/* per sample: an IRQ, a thread, the sample */

struct run {
	struct rtl_params	p;
	struct run_models	m;
	struct run_view		v;
};

static void run_open(struct run *r, const char *command, char **argv)
{
	memset(r, 0, sizeof(*r));
	assert_int_equal(cmdline_parse(&r->p, command, NR_CPUS, argv), OPTS_OK);
	assert_int_equal(run_models_init(&r->m, &r->p, NULL), 0);
	r->v.elapsed_s = PERIODS;
}

static void run_close(struct run *r)
{
	run_models_free(&r->m);
	params_free(&r->p);
}

static struct rtl_record noise(int cpu, enum noise_kind kind, const char *name, int id,
			       uint64_t start, uint64_t duration)
{
	struct rtl_record rec = { .kind = RECORD_NOISE_EVENT };

	rec.noise.cpu = cpu;
	rec.noise.kind = kind;
	rec.noise.start_ns = start;
	rec.noise.duration_ns = duration;
	rec.noise.ts = start + duration;
	if (kind == NOISE_THREAD)
		rec.noise.pid = id;
	else
		rec.noise.vector = id;
	snprintf(rec.noise.name, sizeof(rec.noise.name), "%s", name);
	return rec;
}

static struct rtl_record sample(int cpu, uint64_t start, uint64_t duration)
{
	struct rtl_record rec = { .kind = RECORD_NOISE_SAMPLE };

	rec.sample.cpu = cpu;
	rec.sample.start_ns = start;
	rec.sample.duration_ns = duration;
	rec.sample.ts = start + duration + 100;
	rec.sample.interference = 2;
	return rec;
}

static struct rtl_record summary(int cpu, uint64_t ts)
{
	struct rtl_record rec = { .kind = RECORD_OSNOISE_PERIOD };

	rec.period.cpu = cpu;
	rec.period.ts = ts;
	rec.period.runtime_us = 1000000;
	rec.period.noise_us = SAMPLES * 8 + cpu;
	rec.period.max_sample_us = 8 + cpu;
	rec.period.irq_count = SAMPLES;
	rec.period.thread_count = SAMPLES;
	return rec;
}

/* were the analysis' events of @cpu in @period lost? */
static bool lost(bool lossy, int cpu, int period)
{
	return lossy && cpu == LOST_CPU && period >= LOST_FROM && period <= LOST_TO;
}

/*
 * One CPU's period as the kernel writes it: each sample's events (an IRQ
 * and a thread, recorded as they end), the sample, then the summary. The
 * samples go to the models when the mode needs them (hist), and with the
 * events to the analysis, unless its buffer lost them.
 */
static void feed_period(struct run *r, int cpu, int period, bool lossy)
{
	uint64_t base = (uint64_t)period * 1000000000ULL + (uint64_t)cpu * 1000;
	bool to_models = r->p.desc->per_sample[r->p.mode];
	int i;

	for (i = 0; i < SAMPLES; i++) {
		uint64_t start = base + (uint64_t)i * 40000;
		struct rtl_record irq = noise(cpu, NOISE_IRQ, "local_timer", 236, start + 100, 3000);
		struct rtl_record thr = noise(cpu, NOISE_THREAD, "kworker/1:1", 77, start + 4000,
					      4000 + cpu * 1000);
		struct rtl_record smp = sample(cpu, start, 8000 + cpu * 1000);

		if (to_models)
			run_models_add_models(&r->m, &smp);
		if (lost(lossy, cpu, period))
			continue;
		run_models_add_analysis(&r->m, &irq);
		run_models_add_analysis(&r->m, &thr);
		run_models_add_analysis(&r->m, &smp);
	}
	{
		struct rtl_record sum = summary(cpu, base + 999000000ULL);

		run_models_add_models(&r->m, &sum);
	}
}

static void feed(struct run *r, bool lossy)
{
	int period, cpu;

	for (period = 0; period < PERIODS; period++)
		for (cpu = 1; cpu <= 2; cpu++)
			feed_period(r, cpu, period, lossy);
	if (lossy)
		run_models_set_analysis_lost(&r->m, LOST_CPU,
					     (LOST_TO - LOST_FROM + 1) * SAMPLES * EVENTS);
	run_models_explain(&r->m, &r->p, -1);
}

typedef void (*render_fn)(FILE *out, const struct run *r);

static char *render_to_text(const struct run *r, render_fn fn)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	assert_non_null(out);
	fn(out, r);
	assert_int_equal(fclose(out), 0);
	return buf;
}

static void table(FILE *out, const struct run *r)
{
	render_screen(out, &r->m, &r->p, &r->v);
}

static void analysis(FILE *out, const struct run *r)
{
	render_analysis(out, &r->m, &r->p, &r->v);
}

static void json(FILE *out, const struct run *r)
{
	assert_int_equal(render_json(out, &r->m, &r->p, &r->v), 0);
}

static void metrics(FILE *out, const struct run *r)
{
	assert_int_equal(render_metrics(out, METRICS_PROMETHEUS, &r->m, &r->p, &r->v), 0);
}

/* the lines of @text that start with @prefix, in order */
static char *lines_with(const char *text, const char *prefix)
{
	char *out = calloc(1, strlen(text) + 1);
	const char *line = text;

	assert_non_null(out);
	while (line && *line) {
		const char *end = strchr(line, '\n');
		size_t n = end ? (size_t)(end - line + 1) : strlen(line);

		if (!strncmp(line, prefix, strlen(prefix)))
			strncat(out, line, n);
		line = end ? end + 1 : NULL;
	}
	return out;
}

static void assert_same(const struct run *a, const struct run *b, render_fn fn)
{
	char *ta = render_to_text(a, fn), *tb = render_to_text(b, fn);

	assert_string_equal(ta, tb);
	free(ta);
	free(tb);
}

/* @rows: a text the table has when it is not empty (a figure of its rows) */
static void check_mode(const char *command, const char *rows)
{
	struct run full, partial;
	char *text, *m_full, *m_partial, *s_full, *s_partial;

	run_open(&full, command, ARGV("osnoise", "-c", "1-2", "--aa"));
	run_open(&partial, command, ARGV("osnoise", "-c", "1-2", "--aa"));
	feed(&full, false);
	feed(&partial, true);

	/* the table (and the histogram in hist) is the same to the byte */
	assert_same(&full, &partial, table);
	text = render_to_text(&partial, table);
	assert_non_null(strstr(text, rows));	/* it has rows: not empty alike */
	free(text);

	/* the analysis says it is partial, for the CPU that lost, and only then */
	text = render_to_text(&partial, analysis);
	assert_non_null(strstr(text, "analysis incomplete: 240 events lost on CPU 2; "
				     "the table is complete\n"));
	assert_null(strstr(text, "on CPU 1;"));
	free(text);
	/* where the table's own buffer lost events too, it does not claim it is complete */
	partial.v.lost_events = 7;
	text = render_to_text(&partial, analysis);
	assert_non_null(strstr(text, "analysis incomplete: 240 events lost on CPU 2; "
				     "the table lost events too (see the warning)\n"));
	free(text);
	partial.v.lost_events = 0;
	text = render_to_text(&full, analysis);
	assert_null(strstr(text, "analysis incomplete"));
	assert_non_null(strstr(text, "kworker/1:1"));
	free(text);

	text = render_to_text(&partial, json);
	assert_non_null(strstr(text, "\"complete\": false"));
	assert_non_null(strstr(text, "\"events_lost\": 240"));
	assert_non_null(strstr(text, "\"events_lost\": 0"));
	free(text);
	text = render_to_text(&full, json);
	assert_non_null(strstr(text, "\"complete\": true"));
	assert_null(strstr(text, "\"events_lost\": 240"));
	free(text);

	/* the metrics: the per-CPU figures equal, the loss counted */
	m_full = render_to_text(&full, metrics);
	m_partial = render_to_text(&partial, metrics);
	s_full = lines_with(m_full, "rtlens_osnoise_");
	s_partial = lines_with(m_partial, "rtlens_osnoise_");
	assert_true(strlen(s_full) > 0);
	assert_string_equal(s_full, s_partial);
	assert_non_null(strstr(m_partial, "rtlens_analysis_events_lost_total{"));
	assert_non_null(strstr(m_partial, "cpu=\"2\"} 240\n"));
	assert_non_null(strstr(m_partial, "cpu=\"1\"} 0\n"));
	free(s_full);
	free(s_partial);
	free(m_full);
	free(m_partial);

	run_close(&full);
	run_close(&partial);
}

static void test_top_table_exact(void **state)
{
	(void)state;
	check_mode("osnoise top", "10000000");	/* the runtime of a CPU, us */
}

static void test_hist_table_exact(void **state)
{
	(void)state;
	check_mode("osnoise hist", "count:      200       200");
}

/* nothing lost, or no analysis: nothing said */
static void test_no_analysis_no_note(void **state)
{
	struct run r;
	char *text;

	(void)state;
	run_open(&r, "osnoise top", ARGV("osnoise", "-c", "1-2"));
	assert_null(r.m.aa_lost);
	run_models_set_analysis_lost(&r.m, 1, 5);	/* ignored: no analysis */
	assert_int_equal(run_models_analysis_lost(&r.m, 1), 0);
	feed(&r, false);
	text = render_to_text(&r, analysis);
	assert_null(strstr(text, "analysis incomplete"));
	free(text);
	run_close(&r);
}

/* what BPF must still send one by one: the stop's samples, the --aa-top candidates */
static void test_samples_wanted(void **state)
{
	struct run r;

	(void)state;
	run_open(&r, "osnoise top", ARGV("osnoise", "-c", "1-2", "--aa"));
	assert_int_equal(run_models_samples_wanted_from(&r.m, &r.p), UINT64_MAX);
	run_close(&r);
	run_open(&r, "osnoise top", ARGV("osnoise", "-c", "1-2", "-s", "300"));
	assert_int_equal(run_models_samples_wanted_from(&r.m, &r.p), 300000);
	run_close(&r);
	run_open(&r, "osnoise top", ARGV("osnoise", "-c", "1-2", "-s", "300", "--aa-top", "2"));
	assert_int_equal(run_models_samples_wanted_from(&r.m, &r.p), 0);
	feed(&r, false);	/* samples of 9 and 10 us: the list is full */
	assert_int_equal(run_models_samples_wanted_from(&r.m, &r.p), 10001);
	run_close(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_samples_wanted),
		cmocka_unit_test(test_top_table_exact),
		cmocka_unit_test(test_hist_table_exact),
		cmocka_unit_test(test_no_analysis_no_note),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
