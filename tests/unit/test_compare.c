// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for rtlens compare: reading reports back (source/report_file),
 * the percentiles, the comparison (analysis/compare) and its renderers, on
 * the real-shaped reports of tests/schema/examples and variants of them
 * made here with json-c
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
#include <json-c/json.h>

#include "analysis/compare.h"
#include "analysis/compare_shape.h"
#include "render/compare_render.h"
#include "source/reports/reports.h"
#include "capture.h"
#include "long_text.h"
#include "report_doc.h"

/* ---- helpers ---- */

static json_object *cpu_entry(json_object *doc, const char *array, int i)
{
	return json_object_array_get_idx(at(doc, array), i);
}

static void set_num(json_object *o, const char *key, double v)
{
	json_object_object_add(o, key, json_object_new_double(v));
}

static void load_example(struct report_data *r, const char *name)
{
	load(r, example(name), name);
}

static int metric_index(const struct comparison *c, const char *key)
{
	int m;

	for (m = 0; m < c->nr_metrics; m++)
		if (!strcmp(c->metrics[m].key, key))
			return m;
	fail_msg("no metric %s", key);
	return -1;
}

/* compare_top_change() is @want, or holds it when not @whole */
static void top_change_is(const struct comparison *c, const char *want, bool whole)
{
	char *top = compare_top_change(c);

	assert_non_null(top);
	if (whole ? strcmp(top, want) : !strstr(top, want))
		fail_msg("what changed most: '%s', want '%s'", top, want);
	free(top);
}

static const struct cmp_cell *overall(const struct comparison *c, const char *key)
{
	return &c->overall.v[metric_index(c, key)];
}

static char *render(const struct comparison *c, bool json)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	if (json)
		assert_int_equal(render_compare_json(f, c), 0);
	else
		render_compare_text(f, c);
	fclose(f);
	return text;
}

/* ---- percentiles ---- */

static void test_percentiles(void **state)
{
	struct report_bucket b[] = { { 0, 50 }, { 1, 40 }, { 5, 9 } };
	struct report_hist h = { .present = true, .bucket = 1, .to_us = 1, .entries = 10,
				 .has_max = true, .max = 5, .nr_buckets = 3, .buckets = b };
	double us;

	(void)state;
	assert_true(hist_percentile(&h, 50, &us));	/* rank 50 of 100 */
	assert_true(us == 0);
	assert_true(hist_percentile(&h, 51, &us));
	assert_true(us == 1);
	assert_true(hist_percentile(&h, 99, &us));	/* rank 99: bucket 5 */
	assert_true(us == 5);
	h.over = 1;					/* rank 100 lies past the buckets */
	h.max = 42;
	assert_true(hist_percentile(&h, 100, &us));
	assert_true(us == 42);
	assert_true(hist_percentile(&h, 99.9, &us));
	assert_true(us == 42);
	h.over = 0;
	h.bucket = 10;					/* the top of [50, 60), capped by max */
	h.max = 57;
	assert_true(hist_percentile(&h, 99, &us));
	assert_true(us == 57);
	h.max = 80;
	assert_true(hist_percentile(&h, 99, &us));
	assert_true(us == 59);
	h.to_us = 0.001;				/* ns */
	assert_true(hist_percentile(&h, 99, &us));
	assert_true(us > 0.0589 && us < 0.0591);
	assert_false(hist_percentile(&h, 0, &us));
	h.nr_buckets = 0;
	assert_false(hist_percentile(&h, 50, &us));	/* empty */
}

/* ---- reading reports ---- */

static void test_load_examples(void **state)
{
	static const char *const names[] = {
		"valid-top.json", "valid-hist.json", "valid-osnoise-analysis.json",
		"valid-osnoise-kvm-host.json", "valid-osnoise-self-stop.json",
		"valid-timerlat-top.json", "valid-timerlat-hist-ns.json",
		"valid-timerlat-hist-user.json", "valid-timerlat-top-analysis.json",
		"valid-timerlat-hist-irq-analysis.json", "valid-timerlat-user-return-analysis.json",
		"valid-top-threshold.json", "valid-timerlat-top-user-load.json",
		"valid-osnoise-top-replay.json", "valid-timerlat-top-replay.json",
	};
	struct report_data r;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		load_example(&r, names[i]);
		assert_true(r.nr_cpus > 0);
		assert_int_equal(r.major, 1);
		report_data_free(&r);
	}
	load_example(&r, "valid-hist.json");
	assert_ptr_equal(r.tool, &tool_osnoise);
	assert_true(r.has_hist);
	assert_false(r.has_analysis);
	assert_int_equal(r.cpus[1].cpu, 3);
	assert_int_equal(r.cpus[1].hist.over, 1);
	assert_true(r.cpus[1].max_single_us == 41);
	report_data_free(&r);
	report_data_free(&r);				/* twice is harmless */
}

/* 2.5: a report with --tail's section reads as the ones before it, and compares with them */
static void test_load_tail_2_5(void **state)
{
	struct report_data a, b;
	struct comparison c;

	(void)state;
	load_example(&a, "valid-timerlat-top-tail.json");
	assert_int_equal(a.major, 2);
	assert_int_equal(a.minor, 5);
	assert_ptr_equal(a.tool, &tool_timerlat);
	assert_int_equal(a.nr_cpus, 3);
	load_example(&b, "valid-timerlat-top-sources-2.3.json");
	assert_int_equal(compare_check(&a, &b), 0);
	assert_int_equal(compare_reports(&c, &a, &b), 0);
	comparison_free(&c);
	report_data_free(&a);
	report_data_free(&b);
}

static void test_load_timerlat_ns(void **state)
{
	struct report_data r;

	(void)state;
	load_example(&r, "valid-timerlat-hist-ns.json");
	assert_ptr_equal(r.tool, &tool_timerlat);
	assert_true(r.cpus[0].lat[LAT_THREAD].present);
	assert_false(r.cpus[0].lat[LAT_USER].present);
	/* config.unit "ns": in us */
	assert_true(r.cpus[0].lat[LAT_THREAD].max_us < 100);
	assert_true(r.cpus[0].lat[LAT_THREAD].hist.to_us == 0.001);
	report_data_free(&r);
}

static void test_load_analysis(void **state)
{
	struct report_data r;
	size_t i, threads = 0;

	(void)state;
	load_example(&r, "valid-osnoise-analysis.json");
	assert_true(r.has_analysis);
	for (i = 0; i < r.nr_sources; i++)
		if (!strcmp(r.sources[i].kind, "thread")) {
			threads++;
			assert_true(r.sources[i].pid > 0);
		}
	assert_true(threads > 0);
	report_data_free(&r);

	load_example(&r, "valid-timerlat-top-analysis.json");
	assert_int_equal(r.analysis_cpu, 3);
	for (i = 0; i < r.nr_sources && strcmp(r.sources[i].kind, "blocking"); i++)
		;
	assert_true(i < r.nr_sources);
	assert_string_equal(r.sources[i].name, "rtl_blocker");
	assert_int_equal(r.sources[i].pid, 4242);
	report_data_free(&r);
}

static void refuse(const char *text)
{
	struct report_data r;

	assert_int_equal(report_parse(&r, text, strlen(text), "bad.json"), -1);
	assert_null(r.cpus);
	assert_null(r.command);
}

static void test_refusals(void **state)
{
	json_object *doc;
	struct report_data r;

	(void)state;
	refuse("");
	refuse("not json");
	refuse("{\"a\": 1");
	refuse("{} trailing");
	refuse("null");
	refuse("[1, 2]");
	refuse("{\"tool\": {\"name\": \"other\"}}");
	refuse("{\"tool\": {\"name\": \"rtlens\"}, \"schema_version\": \"3.0\"}");
	refuse("{\"tool\": {\"name\": \"rtlens\"}, \"schema_version\": \"one\"}");
	refuse("{\"tool\": {\"name\": \"rtlens\"}, \"schema_version\": \"1.0\", "
	       "\"command\": \"frob\"}");

	doc = example("valid-top.json");			/* a field missing */
	json_object_object_del(cpu_entry(doc, "cpus", 1), "noise_us");
	assert_int_equal(parse_doc(&r, doc, "x.json"), -1);
	json_object_put(doc);

	doc = example("valid-top.json");			/* CPUs out of order */
	set_num(cpu_entry(doc, "cpus", 1), "cpu", 0);
	assert_int_equal(parse_doc(&r, doc, "x.json"), -1);
	json_object_put(doc);

	doc = example("valid-hist.json");			/* a bucket that is not one */
	json_object_array_add(at(cpu_entry(at(doc, "histogram"), "cpus", 0), "buckets"),
			      json_object_new_int(3));
	assert_int_equal(parse_doc(&r, doc, "x.json"), -1);
	json_object_put(doc);

	assert_int_equal(report_file_load(&r, "/nonexistent/report.json"), -1);
	assert_int_equal(report_file_load(&r, "/tmp"), -1);
}

static void test_check_family(void **state)
{
	struct report_data a, b, c;

	(void)state;
	load_example(&a, "valid-top.json");
	load_example(&b, "valid-timerlat-top.json");
	load_example(&c, "valid-hist.json");
	assert_int_equal(compare_check(&a, &b), -1);
	assert_int_equal(compare_check(&b, &a), -1);
	assert_int_equal(compare_check(&a, &c), 0);	/* top and hist of one tool */
	report_data_free(&a);
	report_data_free(&b);
	report_data_free(&c);
}

/* ---- comparing ---- */

static void test_same_report(void **state)
{
	struct report_data a, b;
	struct comparison c;
	char line[512];

	(void)state;
	load_example(&a, "valid-osnoise-analysis.json");
	load_example(&b, "valid-osnoise-analysis.json");
	assert_int_equal(compare_reports(&c, &a, &b), 0);
	assert_int_equal(c.verdict.better, SIDE_SAME);
	assert_int_equal(c.both.n, 2);
	assert_int_equal(c.only_a.n + c.only_b.n, 0);
	assert_int_equal(c.nr_sources, 0);
	assert_int_equal(c.system.n + c.config.n + c.settings.n, 0);
	compare_summary(&c, line, sizeof(line));
	assert_non_null(strstr(line, "no significant difference"));
	top_change_is(&c, "", true);
	comparison_free(&c);
	report_data_free(&a);
	report_data_free(&b);
}

/* B: CPU 3's longest noise 7x A's, and a spinning thread on CPU 3 for 2x as long a run */
static json_object *noisier(void)
{
	json_object *doc = example("valid-osnoise-analysis.json"), *cpu3, *sources, *spin;

	set_num(doc, "duration_s", 2 * json_object_get_double(at(doc, "duration_s")));
	cpu3 = cpu_entry(doc, "cpus", 1);
	set_num(cpu3, "max_single_us", 7 * json_object_get_double(at(cpu3, "max_single_us")));
	sources = at(cpu_entry(at(doc, "analysis"), "cpus", 1), "sources");
	spin = json_tokener_parse("{\"kind\": \"thread\", \"name\": \"rtl_spin\", \"vector\": null, "
				  "\"pid\": 4321, \"vcpu\": null, \"count\": 40, "
				  "\"total_us\": 2640000, \"max_us\": 66000}");
	json_object_array_add(sources, spin);
	return doc;
}

static void test_osnoise_worse(void **state)
{
	struct report_data a, b;
	struct comparison c;
	const struct cmp_cell *cell;
	char line[512];
	double dur;

	(void)state;
	load_example(&a, "valid-osnoise-analysis.json");
	load(&b, noisier(), "b.json");
	assert_int_equal(compare_reports(&c, &a, &b), 0);
	cell = overall(&c, "max_single_us");
	assert_true(cell->b == 7 * cell->a);
	assert_int_equal(c.verdict.better, SIDE_A);
	assert_true(c.verdict.has_ratio);
	assert_true(c.verdict.ratio > 6.99 && c.verdict.ratio < 7.01);
	assert_true(c.worst_b.set);
	assert_int_equal(c.worst_b.cpu, 3);

	/* the spinner changed most, per second of B's run */
	assert_true(c.nr_sources > 0);
	assert_string_equal(c.sources[0].kind, "thread");
	assert_string_equal(c.sources[0].name, "rtl_spin");
	assert_int_equal(c.sources[0].pids[1][0], 4321);
	assert_int_equal(c.sources[0].pids[0][0], -1);
	dur = b.duration_s;
	assert_true(c.sources[0].us.b > 2640000 / dur - 1e-6 && c.sources[0].us.b < 2640000 / dur + 1e-6);
	assert_true(c.sources[0].us.a == 0);
	assert_int_equal(c.sources[0].cpu_lo, 3);

	/* rates per second: B's run lasted twice as long with the same counts */
	cell = overall(&c, "irq_per_s");
	assert_true(cell->b * 2 > cell->a - 1e-6 && cell->b * 2 < cell->a + 1e-6);

	compare_summary(&c, line, sizeof(line));
	assert_non_null(strstr(line, "A is better: max single noise"));
	assert_non_null(strstr(line, "(7x lower)"));
	top_change_is(&c, "thread rtl_spin (+", false);
	top_change_is(&c, "ms/s on CPU 3)", false);
	comparison_free(&c);

	assert_int_equal(compare_reports(&c, &b, &a), 0);	/* the other way round */
	assert_int_equal(c.verdict.better, SIDE_B);
	comparison_free(&c);
	report_data_free(&a);
	report_data_free(&b);
}

static void test_judge(void **state)
{
	const struct cmp_metric us = { "x_us", "x", "us", BETTER_LOWER, 3, -1, false };
	const struct cmp_metric pct = { "p", "p", "%", BETTER_HIGHER, 5, -1, false };
	const struct cmp_metric count = { "n", "n", "", BETTER_NEITHER, 0, -1, false };
	struct cmp_cell cell = { 100, 109, true, true, 0 };

	(void)state;
	assert_int_equal(compare_judge(&us, &cell), SIDE_SAME);	/* within 10% */
	cell.b = 112;
	assert_int_equal(compare_judge(&us, &cell), SIDE_A);
	cell = (struct cmp_cell){ 2, 2.9, true, true, 0 };		/* 31% but under 1 us */
	assert_int_equal(compare_judge(&us, &cell), SIDE_SAME);
	cell = (struct cmp_cell){ 2, 3.5, true, true, 0 };
	assert_int_equal(compare_judge(&us, &cell), SIDE_A);
	cell.has_b = false;
	assert_int_equal(compare_judge(&us, &cell), SIDE_SAME);
	/* percentiles of histograms of 10 us buckets: one bucket apart is within them */
	cell = (struct cmp_cell){ 40, 50, true, true, 10 };
	assert_int_equal(compare_judge(&us, &cell), SIDE_SAME);
	cell.b = 60;
	assert_int_equal(compare_judge(&us, &cell), SIDE_A);
	cell = (struct cmp_cell){ 99.2, 99.99, true, true, 0 };	/* 0.8% vs 0.01% lost */
	assert_int_equal(compare_judge(&pct, &cell), SIDE_B);
	cell = (struct cmp_cell){ 99.999, 99.9995, true, true, 0 };	/* under 0.01 points */
	assert_int_equal(compare_judge(&pct, &cell), SIDE_SAME);
	cell = (struct cmp_cell){ 10, 1000, true, true, 0 };
	assert_int_equal(compare_judge(&count, &cell), SIDE_SAME);
}

static void test_cpus_split(void **state)
{
	struct report_data a, b;
	struct comparison c;
	char *text;

	(void)state;
	load_example(&a, "valid-top.json");		/* CPUs 0-3 */
	load_example(&b, "valid-top-threshold.json");	/* CPU 3 */
	assert_int_equal(compare_reports(&c, &a, &b), 0);
	assert_int_equal(c.both.n, 1);
	assert_int_equal(c.both.cpu[0], 3);
	assert_int_equal(c.only_a.n, 3);
	assert_int_equal(c.only_b.n, 0);
	assert_false(c.overall_all);
	/* the overall is CPU 3's */
	assert_true(overall(&c, "max_single_us")->a == a.cpus[3].max_single_us);
	text = render(&c, false);
	assert_non_null(strstr(text, "only in A: CPUs 0-2 (left out of the overall)"));
	free(text);
	comparison_free(&c);
	report_data_free(&a);
	report_data_free(&b);
}

static void test_timerlat(void **state)
{
	struct report_data a, b;
	struct comparison c;
	const struct cmp_cell *cell;

	(void)state;
	load_example(&a, "valid-timerlat-hist-irq-analysis.json");
	load_example(&b, "valid-timerlat-top-analysis.json");
	assert_int_equal(compare_reports(&c, &a, &b), 0);
	assert_false(c.on[metric_index(&c, "thread_p99_us")]);	/* B has no histogram */
	assert_false(c.on[metric_index(&c, "user_max_us")]);
	cell = overall(&c, "thread_max_us");
	assert_true(cell->a == 19 && cell->b == 40);
	assert_int_equal(c.verdict.better, SIDE_A);
	assert_string_equal(c.metrics[c.verdict.second].key, "thread_avg_us");
	assert_false(c.shape->sources_per_s);
	assert_string_equal(c.sources[0].name, "rtl_blocker");	/* 26 us more */
	top_change_is(&c, "blocking thread rtl_blocker (+26 us in the latency analyzed)", true);
	comparison_free(&c);
	report_data_free(&a);
	report_data_free(&b);
}

static void test_timerlat_hist_percentiles(void **state)
{
	struct report_data a, b;
	struct comparison c;
	const struct cmp_cell *cell;

	(void)state;
	load_example(&a, "valid-timerlat-hist-ns.json");
	load_example(&b, "valid-timerlat-hist-ns.json");
	assert_int_equal(compare_reports(&c, &a, &b), 0);
	assert_true(c.on[metric_index(&c, "thread_p99_us")]);
	cell = overall(&c, "thread_p99_us");
	assert_true(cell->has_a && cell->a > 0 && cell->a <= overall(&c, "thread_max_us")->a);
	/* the tail (40000 latencies: 40 past the p99.9), the maximum left out */
	assert_string_equal(c.metrics[c.verdict.metric].key, "thread_p99_us");
	assert_string_equal(c.metrics[c.verdict.second].key, "thread_p999_us");
	assert_int_equal(c.verdict.nr_rule, 2);
	assert_int_equal(c.verdict.better, SIDE_SAME);
	comparison_free(&c);
	report_data_free(&a);
	report_data_free(&b);
}

/*
 * Two runs of one timerlat setup: the latencies of valid-timerlat-hist-ns,
 * those past the buckets counted in the last one (99: up to 9999 ns), so
 * that the p99 and the p99.9 are 9.999 us; the longest of CPU 2 @max_ns.
 */
static json_object *one_tail(int64_t max_ns)
{
	json_object *doc = example("valid-timerlat-hist-ns.json");
	json_object *hist = at(doc, "histogram"), *t, *last;
	int64_t over;
	size_t n;
	int i;

	for (i = 0; i < 2; i++) {
		t = at(cpu_entry(hist, "cpus", i), "thread");
		over = json_object_get_int64(at(t, "over"));
		n = json_object_array_length(at(t, "buckets"));
		last = json_object_array_get_idx(at(t, "buckets"), n - 1);
		assert_int_equal(json_object_get_int64(at(last, "index")), 99);
		json_object_object_add(last, "count", json_object_new_int64(
			json_object_get_int64(at(last, "count")) + over));
		json_object_object_add(t, "over", json_object_new_int64(0));
	}
	t = at(cpu_entry(hist, "cpus", 0), "thread");
	json_object_object_add(t, "max", json_object_new_int64(max_ns));
	json_object_object_add(at(cpu_entry(doc, "cpus", 0), "thread"), "max",
			       json_object_new_int64(max_ns));
	return doc;
}

/*
 * The case: two runs of one setup, the tail the same, one
 * longest latency 30 us, the other's 19.5 us: no better run. The single
 * maximum is no metric of the rule when the tail is.
 */
static void test_verdict_one_tail(void **state)
{
	struct report_data a, b;
	struct comparison c;
	char line[512];

	(void)state;
	load(&a, one_tail(18525), "a.json");
	load(&b, one_tail(30000), "b.json");
	assert_int_equal(compare_reports(&c, &a, &b), 0);
	assert_true(fabs(overall(&c, "thread_p99_us")->a - 9.999) < 1e-9);
	assert_true(fabs(overall(&c, "thread_p99_us")->b - 9.999) < 1e-9);
	assert_true(fabs(overall(&c, "thread_p999_us")->b - 9.999) < 1e-9);
	assert_int_equal(compare_judge(&c.metrics[metric_index(&c, "thread_max_us")],
				       overall(&c, "thread_max_us")), SIDE_A);
	assert_int_equal(c.verdict.nr_rule, 2);
	assert_string_equal(c.metrics[c.verdict.rule[0]].key, "thread_p99_us");
	assert_string_equal(c.metrics[c.verdict.rule[1]].key, "thread_p999_us");
	assert_int_equal(c.verdict.better, SIDE_SAME);
	assert_int_equal(c.verdict.doubt, DOUBT_NONE);
	compare_summary(&c, line, sizeof(line));
	assert_non_null(strstr(line, "no significant difference: thread latency p99 9.999 us vs 9.999 us"));
	comparison_free(&c);
	report_data_free(&a);
	report_data_free(&b);
}

/*
 * A percentile is known to a bucket of the histogram it is read from (the
 * widest of both runs'), which compare_judge() allows for (test_judge); a
 * maximum or a mean exactly
 */
static void test_resolution(void **state)
{
	json_object *db = one_tail(18525);
	struct report_data a, b;
	struct comparison c;

	(void)state;
	set_num(at(db, "histogram"), "bucket_size", 10000);	/* ns */
	load(&a, one_tail(18525), "a.json");
	load(&b, db, "b.json");
	assert_int_equal(compare_reports(&c, &a, &b), 0);
	assert_true(overall(&c, "thread_p99_us")->resolution == 10);
	assert_true(overall(&c, "thread_p50_us")->resolution == 10);
	assert_true(c.rows[0].v[metric_index(&c, "thread_p999_us")].resolution == 10);
	assert_true(overall(&c, "thread_max_us")->resolution == 0);
	assert_true(overall(&c, "thread_avg_us")->resolution == 0);
	comparison_free(&c);
	report_data_free(&b);
	load(&b, one_tail(18525), "b.json");
	assert_int_equal(compare_reports(&c, &a, &b), 0);
	assert_true(fabs(overall(&c, "thread_p99_us")->resolution - 0.1) < 1e-9);
	comparison_free(&c);
	report_data_free(&a);
	report_data_free(&b);
}

/* ---- the verdict's order and its doubts ---- */

/* CPU @i of @doc: @runtime_us measured, @noise_us of it lost, @max_single_us the longest */
static void set_cpu(json_object *doc, int i, double runtime_us, double noise_us,
		    double max_single_us)
{
	json_object *cpu = cpu_entry(doc, "cpus", i);

	set_num(cpu, "runtime_us", runtime_us);
	set_num(cpu, "noise_us", noise_us);
	set_num(cpu, "cpu_available_pct", 100 * (runtime_us - noise_us) / runtime_us);
	set_num(cpu, "max_single_us", max_single_us);
}

/*
 * The case: B loses 28 points more of CPU time than A, but its
 * longest single noise is shorter. @periods of 0.9 s on each of 2 CPUs.
 */
static void lost_cpu_time(struct report_data *a, struct report_data *b, int periods)
{
	json_object *da = example("valid-osnoise-analysis.json");
	json_object *db = example("valid-osnoise-analysis.json");
	double run = periods * 900000.0;

	set_cpu(da, 0, run, 0.006 * run, 50000);
	set_cpu(da, 1, run, 0.008 * run, 48000);
	set_cpu(db, 0, run, 0.28 * run, 9000);
	set_cpu(db, 1, run, 0.30 * run, 8000);
	load(a, da, "a.json");
	load(b, db, "b.json");
}

static void test_verdict_cpu_time_first(void **state)
{
	struct report_data a, b;
	struct comparison c;
	char line[512];

	(void)state;
	lost_cpu_time(&a, &b, 20);
	assert_int_equal(compare_reports(&c, &a, &b), 0);
	assert_string_equal(c.metrics[c.verdict.metric].key, "cpu_available_pct");
	assert_int_equal(c.verdict.better, SIDE_A);
	assert_int_equal(c.verdict.doubt, DOUBT_NONE);
	compare_summary(&c, line, sizeof(line));
	assert_non_null(strstr(line, "A is better: CPU available 99.3% vs 71%"));
	assert_non_null(strstr(line, "less CPU time lost"));
	assert_non_null(strstr(line, "but max single noise"));
	comparison_free(&c);
	report_data_free(&a);
	report_data_free(&b);
}

static void test_verdict_too_short(void **state)
{
	struct report_data a, b;
	struct comparison c;
	char line[512];
	char *text;

	(void)state;
	lost_cpu_time(&a, &b, 2);		/* 2 s runs of 1 s periods */
	assert_int_equal(compare_reports(&c, &a, &b), 0);
	assert_int_equal(c.verdict.better, SIDE_SAME);
	assert_int_equal(c.verdict.doubt, DOUBT_PERIODS);
	assert_int_equal(c.verdict.leaning, SIDE_A);
	assert_true(c.verdict.fewest == 2);
	compare_summary(&c, line, sizeof(line));
	assert_non_null(strstr(line, "too short to tell: CPU available 99.3% vs 71% (A vs B): "
				     "a CPU ran 2 periods (at least 10"));
	text = render(&c, true);
	assert_non_null(strstr(text, "\"reason\": \"periods\""));
	assert_non_null(strstr(text, "\"leaning\": \"a\""));
	free(text);
	comparison_free(&c);
	report_data_free(&a);
	report_data_free(&b);
}

static void test_verdict_too_close(void **state)
{
	json_object *da = example("valid-osnoise-analysis.json");
	json_object *db = example("valid-osnoise-analysis.json");
	struct report_data a, b;
	struct comparison c;
	char line[512];

	(void)state;
	/* 1% and 5% lost in A, 2% and 7% in B: B's CPUs vary more than the runs differ */
	set_cpu(da, 0, 18e6, 0.01 * 18e6, 50);
	set_cpu(da, 1, 18e6, 0.05 * 18e6, 50);
	set_cpu(db, 0, 18e6, 0.02 * 18e6, 50);
	set_cpu(db, 1, 18e6, 0.07 * 18e6, 50);
	load(&a, da, "a.json");
	load(&b, db, "b.json");
	assert_int_equal(compare_reports(&c, &a, &b), 0);
	assert_int_equal(c.verdict.better, SIDE_SAME);
	assert_int_equal(c.verdict.doubt, DOUBT_SPREAD);
	assert_true(c.verdict.spread > 2.8 && c.verdict.spread < 2.9);
	compare_summary(&c, line, sizeof(line));
	assert_non_null(strstr(line, "too close to tell: CPU available 97% vs 95.5% (A vs B): "
				     "the difference is within the spread"));
	comparison_free(&c);
	report_data_free(&a);
	report_data_free(&b);
}

static void test_verdict_rule(void **state)
{
	struct report_data a, b;
	struct comparison c;

	(void)state;
	/* 2319 noise samples: enough for a p99 (10 past it) */
	load_example(&a, "valid-hist.json");
	load_example(&b, "valid-hist.json");
	assert_int_equal(compare_reports(&c, &a, &b), 0);
	assert_int_equal(c.verdict.nr_rule, 2);		/* 2.3 past the p99.9: too few */
	assert_string_equal(c.metrics[c.verdict.rule[0]].key, "cpu_available_pct");
	assert_string_equal(c.metrics[c.verdict.rule[1]].key, "p99_us");
	comparison_free(&c);
	/* 999 in B: too few, the p99 is passed over */
	b.cpus[0].hist.nr_buckets = 0;			/* 1215 gone */
	b.cpus[1].hist.buckets[0].count -= 1104 - 999;
	assert_int_equal(compare_reports(&c, &a, &b), 0);
	assert_true(c.on[metric_index(&c, "p99_us")]);
	assert_int_equal(c.verdict.nr_rule, 2);
	assert_string_equal(c.metrics[c.verdict.rule[1]].key, "max_single_us");
	comparison_free(&c);
	report_data_free(&a);
	report_data_free(&b);

	load_example(&a, "valid-timerlat-top.json");	/* no histograms: the mean */
	load_example(&b, "valid-timerlat-top.json");
	assert_int_equal(compare_reports(&c, &a, &b), 0);
	assert_int_equal(c.verdict.nr_rule, 2);
	assert_string_equal(c.metrics[c.verdict.rule[0]].key, "thread_avg_us");
	assert_string_equal(c.metrics[c.verdict.rule[1]].key, "thread_max_us");
	comparison_free(&c);
	report_data_free(&a);
	report_data_free(&b);
}

/* ---- the gate ---- */

static void test_gate_parse(void **state)
{
	static const char *const bad[] = {
		"", ":5%", "p99:", "p99:abc", "p99:5km", "p99:-5%", "p99:+", "p99:inf",
		"a_name_that_is_far_too_long_to_be_any_metric",
	};
	struct cmp_gate_rule r;
	const char *why;
	size_t i;

	(void)state;
	assert_int_equal(compare_gate_parse("p99", &r, &why), 0);
	assert_string_equal(r.name, "p99");
	assert_int_equal(r.kind, MARGIN_RULE);
	assert_int_equal(compare_gate_parse("p99.9:+10%", &r, &why), 0);
	assert_string_equal(r.name, "p99.9");
	assert_int_equal(r.kind, MARGIN_REL);
	assert_true(r.margin > 0.0999 && r.margin < 0.1001);
	assert_int_equal(compare_gate_parse("max:+10us", &r, &why), 0);
	assert_int_equal(r.kind, MARGIN_ABS);
	assert_true(r.margin == 10);
	assert_string_equal(r.unit, "us");
	assert_int_equal(compare_gate_parse("max:2ms", &r, &why), 0);
	assert_true(r.margin == 2000);
	assert_int_equal(compare_gate_parse("max:500ns", &r, &why), 0);
	assert_true(r.margin == 0.5);
	assert_int_equal(compare_gate_parse("noise:+0.5pp", &r, &why), 0);
	assert_string_equal(r.unit, "pp");
	assert_int_equal(compare_gate_parse("irq_per_s:3", &r, &why), 0);
	assert_string_equal(r.unit, "");
	assert_true(r.margin == 3);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		why = NULL;
		assert_int_equal(compare_gate_parse(bad[i], &r, &why), -1);
		assert_non_null(why);
	}
}

/* @text's rules on @c: compare_gate()'s return */
static int gate(struct comparison *c, struct cmp_gate_rule *rules, size_t n, ...)
{
	const char *why;
	va_list ap;
	size_t i;

	va_start(ap, n);
	for (i = 0; i < n; i++)
		assert_int_equal(compare_gate_parse(va_arg(ap, const char *), &rules[i], &why), 0);
	va_end(ap);
	return compare_gate(c, rules, n);
}

static void test_gate_osnoise(void **state)
{
	struct cmp_gate_rule rules[4];
	struct report_data a, b;
	const struct cmp_gate_result *g;
	struct comparison c;
	char line[512];

	(void)state;
	load_example(&a, "valid-osnoise-analysis.json");
	load(&b, noisier(), "b.json");		/* CPU 3's longest noise 41 -> 287 us */
	assert_int_equal(compare_reports(&c, &a, &b), 0);

	assert_int_equal(gate(&c, rules, 1, "max:+600%"), 0);	/* 7x: +600% exactly */
	assert_false(c.gate.failed);
	assert_int_equal(c.gate.v[0].checked, 3);		/* overall, CPUs 2 and 3 */

	assert_int_equal(gate(&c, rules, 2, "max:+10%", "noise:+0.5pp"), 0);
	assert_true(c.gate.failed);
	g = &c.gate.v[0];
	assert_string_equal(c.metrics[g->metric].key, "max_single_us");
	assert_int_equal(g->nr_fails, 2);
	assert_int_equal(g->fails[0].cpu, -1);			/* the overall first */
	assert_int_equal(g->fails[1].cpu, 3);
	assert_true(g->fails[1].worse_by == 246);
	assert_true(g->fails[1].allowed > 4.09 && g->fails[1].allowed < 4.11);
	compare_gate_words(&c, g, &g->fails[1], line, sizeof(line));
	assert_string_equal(line, "CPU 3: max single noise 41 us -> 287 us, worse by 246 us "
				  "(+600%), allowed 4.1 us");
	assert_int_equal(c.gate.v[1].nr_fails, 0);		/* the same noise */

	assert_int_equal(gate(&c, rules, 1, "max:+245us"), 0);
	assert_true(c.gate.failed);
	assert_int_equal(gate(&c, rules, 1, "max:+246us"), 0);
	assert_false(c.gate.failed);
	assert_int_equal(gate(&c, rules, 1, "max"), 0);		/* the verdict's margins */
	assert_true(c.gate.failed);
	assert_int_equal(gate(&c, rules, 1, "max_single_us:+0.3ms"), 0);
	assert_false(c.gate.failed);

	/* bad input: a metric they do not have, a count, a unit that does not fit */
	assert_int_equal(gate(&c, rules, 1, "p99:+10%"), -1);	/* no histograms */
	assert_int_equal(gate(&c, rules, 1, "frob"), -1);
	assert_int_equal(gate(&c, rules, 1, "avg"), -1);	/* timerlat's */
	assert_int_equal(gate(&c, rules, 1, "noise:+5us"), -1);
	assert_int_equal(gate(&c, rules, 1, "max:+5pp"), -1);
	comparison_free(&c);
	report_data_free(&a);
	report_data_free(&b);
}

static void test_gate_timerlat(void **state)
{
	struct cmp_gate_rule rules[2];
	struct report_data a, b;
	struct comparison c;
	char *text;

	(void)state;
	load_example(&a, "valid-timerlat-hist-irq-analysis.json");
	load_example(&b, "valid-timerlat-top-analysis.json");	/* thread max 19 -> 40 us */
	assert_int_equal(compare_reports(&c, &a, &b), 0);
	assert_int_equal(gate(&c, rules, 2, "max:+5us", "avg:+10%"), 0);
	assert_true(c.gate.failed);
	assert_int_equal(c.gate.v[0].nr_fails, 2);
	assert_int_equal(c.gate.v[1].nr_fails, 0);
	text = render(&c, false);
	assert_non_null(strstr(text, "gate: failed (exit status 2)"));
	assert_non_null(strstr(text, "  max:+5us: FAILED CPU 3: thread latency max 19 us -> 40 us, "
				     "worse by 21 us (+110.5%), allowed 5 us\n"));
	assert_non_null(strstr(text, "  avg:+10%: passed"));
	free(text);
	text = render(&c, true);
	assert_non_null(strstr(text, "\"gate\": {"));
	assert_non_null(strstr(text, "\"margin_kind\": \"absolute\""));
	free(text);
	assert_int_equal(gate(&c, rules, 1, "noise"), -1);	/* osnoise's */
	assert_int_equal(gate(&c, rules, 1, "thread_count"), -1);	/* a count */
	assert_int_equal(gate(&c, rules, 1, "irq_max_us:+1ms"), 0);
	assert_false(c.gate.failed);
	comparison_free(&c);
	report_data_free(&a);
	report_data_free(&b);
}

/* ---- the gate on --tail's levels (report schema 2.5) ---- */

/* the tail's series of @cpu and @context in @doc, which must be there */
static json_object *tail_series(json_object *doc, int cpu, const char *context)
{
	json_object *series = at(at(doc, "tail"), "series"), *s;
	size_t i;

	for (i = 0; i < json_object_array_length(series); i++) {
		s = json_object_array_get_idx(series, i);
		if (json_object_get_int(at(s, "cpu")) == cpu &&
		    !strcmp(json_object_get_string(at(s, "context")), context))
			return s;
	}
	fail_msg("no tail series of CPU %d %s", cpu, context);
	return NULL;
}

/* the example with a tail, its CPU 2 (too few samples) left out: CPUs 0 and 1 */
static json_object *tail_of_two(void)
{
	json_object *doc = example("valid-timerlat-top-tail.json");

	json_object_array_del_idx(at(doc, "cpus"), 2, 1);
	return doc;
}

/* the levels of CPU @cpu's thread latencies times @factor */
static json_object *tail_times(json_object *doc, int cpu, double factor)
{
	json_object *levels = at(tail_series(doc, cpu, "thread"), "levels"), *l;
	size_t i;

	for (i = 0; i < json_object_array_length(levels); i++) {
		l = json_object_array_get_idx(levels, i);
		set_num(l, "estimate", json_object_get_double(at(l, "estimate")) * factor);
	}
	return doc;
}

/* compare_gate() of @rule on @a and @b fails to judge it, saying @why */
static void tail_refused(const struct report_data *a, const struct report_data *b,
			 const char *rule, const char *why)
{
	struct cmp_gate_rule rules[1];
	struct comparison c;
	struct capture e;

	assert_int_equal(compare_reports(&c, a, b), 0);
	capture_start(&e, 2);
	assert_int_equal(gate(&c, rules, 1, rule), -1);
	capture_end_expect(&e, why);
	comparison_free(&c);
}

/*
 * p1e-6, p1e-9: each CPU's estimate, overall the highest; judged only when
 * every CPU compared has a trusted one in both reports, else refused with
 * the report, the CPU and why
 */
static void test_gate_tail(void **state)
{
	struct cmp_gate_rule rules[2];
	struct report_data a, b, bad;
	const struct cmp_gate_result *g;
	json_object *doc, *s;
	struct comparison c;
	char line[512];
	double a1, a0;

	(void)state;
	load(&a, tail_of_two(), "a.json");
	load(&b, tail_times(tail_of_two(), 1, 2), "b.json");	/* CPU 1's levels doubled */
	assert_true(a.has_tail);
	assert_true(a.cpus[1].tail.trusted);
	a0 = a.cpus[0].tail.level_us[1];
	a1 = a.cpus[1].tail.level_us[1];
	assert_true(a1 > 10 && a1 < 100);
	assert_true(b.cpus[1].tail.level_us[1] == 2 * a1);
	assert_int_equal(compare_reports(&c, &a, &b), 0);
	assert_int_equal(gate(&c, rules, 2, "p1e-9:+10%", "thread_p1e-6_us:+1000%"), 0);
	assert_true(c.gate.failed);
	g = &c.gate.v[0];
	assert_string_equal(compare_metric(&c, g->metric)->key, "thread_p1e-9_us");
	assert_int_equal(g->checked, 3);			/* overall, CPUs 0 and 1 */
	assert_int_equal(g->nr_fails, 2);
	assert_int_equal(g->fails[0].cpu, -1);			/* overall: the highest */
	assert_true(g->fails[0].a == fmax(a0, a1) && g->fails[0].b == 2 * a1);
	assert_int_equal(g->fails[1].cpu, 1);
	compare_gate_words(&c, g, &g->fails[1], line, sizeof(line));
	assert_non_null(strstr(line, "CPU 1: thread latency 1e-9 level "));
	assert_non_null(strstr(line, ", worse by "));
	assert_int_equal(c.gate.v[1].nr_fails, 0);
	comparison_free(&c);

	assert_int_equal(compare_reports(&c, &a, &a), 0);	/* the same: passes */
	assert_int_equal(gate(&c, rules, 1, "p1e-6"), 0);
	assert_false(c.gate.failed);
	comparison_free(&c);

	/* CPU 0 not trusted in B: not judged, and why */
	doc = tail_of_two();
	s = tail_series(doc, 0, "thread");
	json_object_object_add(s, "trusted", json_object_new_boolean(false));
	json_object_object_add(s, "levels", json_object_new_array());
	json_object_object_add(json_object_array_get_idx(at(s, "checks"), 1), "passed",
			       json_object_new_boolean(false));
	load(&bad, doc, "bad.json");
	tail_refused(&a, &bad, "p1e-9:+10%", "--fail-if-worse p1e-9:+10% cannot be judged: it "
		     "needs the thread latency 1e-9 level of every CPU compared in both reports, "
		     "and B, bad.json, lacks it on CPU 0, whose estimate is not trusted: its "
		     "checks failed (stable)");
	report_data_free(&bad);

	/* CPU 2 with too few samples */
	load(&bad, example("valid-timerlat-top-tail.json"), "three.json");
	tail_refused(&bad, &bad, "p1e-6", "and A, three.json, lacks it on CPU 2, whose estimate "
		     "is not trusted: too few samples (the run needed about 2 s more)");
	report_data_free(&bad);

	/* a report without --tail */
	doc = tail_of_two();
	json_object_object_del(doc, "tail");
	load(&bad, doc, "plain.json");
	assert_false(bad.has_tail);
	tail_refused(&a, &bad, "p1e-9", "a tail level needs the tail estimates of both reports "
		     "(their \"tail\", written with --tail since report schema 2.5), and B, "
		     "plain.json, has none; the metrics of these timerlat reports: ");
	report_data_free(&bad);
	report_data_free(&a);
	report_data_free(&b);
}

/* ---- tuning (report schema 1.7, 2.0) ---- */

static json_object *with_tuning_of(const char *version, const char *settings,
				   const char *findings)
{
	json_object *doc = example("valid-top.json"), *tuning;
	char text[2048];

	snprintf(text, sizeof(text), "{\"settings\": %s, \"findings\": %s}", settings, findings);
	tuning = json_tokener_parse(text);
	assert_non_null(tuning);
	json_object_object_add(at(doc, "system"), "tuning", tuning);
	json_object_object_add(doc, "schema_version", json_object_new_string(version));
	return doc;
}

static json_object *with_tuning(const char *settings, const char *findings)
{
	return with_tuning_of("1.7", settings, findings);
}

static const struct cmp_diff *find_diff(const struct cmp_diffs *d, const char *key)
{
	size_t i;

	for (i = 0; i < d->n; i++)
		if (!strcmp(d->v[i].key, key))
			return &d->v[i];
	return NULL;
}

static void test_tuning(void **state)
{
	struct report_data a, b;
	struct comparison c;
	const struct cmp_diff *d;
	char *text;

	(void)state;
	load(&a, with_tuning("{\"cmdline.isolcpus\": \"2-3\", \"config.hz\": 250, "
			     "\"cpu1.governor\": \"powersave\", \"sysctl.kernel.nmi_watchdog\": 1, "
			     "\"same\": true, \"gone\": null}",
			     "[{\"id\": \"governor\", \"status\": \"warn\", \"cpus\": \"1\", "
			     "\"what\": \"CPU 1 runs the powersave governor\"},"
			     "{\"id\": \"nohz_full\", \"status\": \"ok\", \"cpus\": \"\", \"what\": \"ok\"}]"),
	     "a.json");
	/* B of schema 2.0: the same settings at paths of objects */
	load(&b, with_tuning_of("2.0", "{\"cmdline\": {\"isolcpus\": \"2-3\"}, \"config\": {\"hz\": 1000}, "
				"\"cpu1\": {\"governor\": \"performance\"}, "
				"\"sysctl\": {\"kernel\": {\"nmi_watchdog\": 1.0}}, "
				"\"same\": true, \"new\": \"x\", \"empty\": {}}",
			     "[{\"id\": \"nohz_full\", \"status\": \"breaks\", \"cpus\": \"\", "
			     "\"what\": \"nohz_full is not set\"},"
			     "{\"id\": \"governor\", \"status\": \"ok\", \"cpus\": \"1\", \"what\": \"ok\"}]"),
	     "b.json");
	assert_true(a.has_tuning && b.has_tuning);
	assert_int_equal(compare_reports(&c, &a, &b), 0);
	assert_int_equal(c.settings.n, 4);
	d = find_diff(&c.settings, "config.hz");
	assert_non_null(d);
	assert_true(d->a->num == 250 && d->b->num == 1000);
	d = find_diff(&c.settings, "gone");
	assert_true(d && d->a && d->a->type == VALUE_NULL && !d->b);
	d = find_diff(&c.settings, "new");
	assert_true(d && !d->a && d->b);
	assert_non_null(find_diff(&c.settings, "cpu1.governor"));
	assert_null(find_diff(&c.settings, "sysctl.kernel.nmi_watchdog"));	/* 1 == 1.0 */
	assert_int_equal(c.nr_findings, 2);
	assert_string_equal(c.findings[0].a->id, "governor");
	assert_string_equal(c.findings[0].b->status, "ok");
	assert_string_equal(c.findings[1].b->status, "breaks");

	text = render(&c, false);
	assert_non_null(strstr(text, "~ config.hz"));
	assert_non_null(strstr(text, "250 -> 1000"));
	assert_non_null(strstr(text, "warn   -> ok     governor [CPUs 1]: CPU 1 runs the "
				     "powersave governor"));
	free(text);
	comparison_free(&c);
	report_data_free(&b);

	load_example(&b, "valid-top.json");		/* 1.0: no tuning */
	assert_int_equal(compare_reports(&c, &a, &b), 0);
	assert_int_equal(c.settings.n + c.nr_findings, 0);
	text = render(&c, false);
	assert_non_null(strstr(text, "tuning: not recorded in B (schema 1.0)"));
	free(text);
	comparison_free(&c);
	report_data_free(&a);
	report_data_free(&b);
}

/* a setting's path of over 256 bytes is kept whole: 1.x flat, 2.x nested */
static void test_long_setting_path(void **state)
{
	char part[200], flat[600], nested[600], key[420];
	struct report_data a, b;
	struct comparison c;
	const struct cmp_diff *d;
	int i, at = 0;

	(void)state;
	for (i = 0; i < 20; i++)
		at += snprintf(part + at, sizeof(part) - at, "part %02d ", i);
	snprintf(key, sizeof(key), "sysctl.%s.%s.x", part, part);
	snprintf(flat, sizeof(flat), "{\"%s\": 1}", key);
	snprintf(nested, sizeof(nested), "{\"sysctl\": {\"%s\": {\"%s\": {\"x\": 2}}}}",
		 part, part);
	load(&a, with_tuning(flat, "[]"), "a.json");
	load(&b, with_tuning_of("2.0", nested, "[]"), "b.json");
	assert_int_equal(compare_reports(&c, &a, &b), 0);
	assert_int_equal(c.settings.n, 1);
	d = find_diff(&c.settings, key);
	assert_non_null(d);
	assert_true(d->a && d->b && d->a->num == 1 && d->b->num == 2);
	comparison_free(&c);
	report_data_free(&a);
	report_data_free(&b);
}

static void test_system_config(void **state)
{
	json_object *doc = example("valid-top.json");
	struct report_data a, b;
	struct comparison c;
	const struct cmp_diff *d;

	(void)state;
	json_object_object_add(at(doc, "system"), "kernel_release",
			       json_object_new_string("6.18.0-rt"));
	json_object_object_add(doc, "engine", json_object_new_string("user"));
	set_num(at(doc, "config"), "period_us", 500000);
	load_example(&a, "valid-top.json");
	load(&b, doc, "b.json");
	assert_int_equal(compare_reports(&c, &a, &b), 0);
	assert_int_equal(c.system.n, 1);
	assert_string_equal(c.system.v[0].key, "kernel_release");
	assert_string_equal(c.system.v[0].b->text, "6.18.0-rt");
	d = find_diff(&c.config, "engine");
	assert_true(d && !strcmp(d->a->text, "kernel"));
	assert_non_null(find_diff(&c.config, "config.period_us"));
	assert_int_equal(c.config.n, 2);
	comparison_free(&c);
	report_data_free(&a);
	report_data_free(&b);
}

/* ---- the JSON comparison ---- */

static void test_json(void **state)
{
	struct report_data a, b;
	struct comparison c;
	json_object *doc, *verdict, *m;
	char *text;

	(void)state;
	load_example(&a, "valid-osnoise-analysis.json");
	load(&b, noisier(), "b \"quoted\".json");
	assert_int_equal(compare_reports(&c, &a, &b), 0);
	text = render(&c, true);
	doc = json_tokener_parse(text);
	assert_non_null(doc);
	assert_string_equal(json_object_get_string(at(doc, "command")), "compare");
	assert_string_equal(json_object_get_string(at(doc, "schema_version")),
			    COMPARE_SCHEMA_VERSION);
	assert_string_equal(json_object_get_string(at(at(at(doc, "inputs"), "b"), "path")),
			    "b \"quoted\".json");
	verdict = at(doc, "verdict");
	assert_string_equal(json_object_get_string(at(verdict, "better")), "a");
	assert_string_equal(json_object_get_string(at(verdict, "metric")), "max_single_us");
	m = at(at(at(doc, "overall"), "metrics"), "max_single_us");
	assert_string_equal(json_object_get_string(at(m, "better")), "a");
	assert_true(json_object_get_double(at(m, "ratio")) > 6.99);
	assert_int_equal(json_object_array_length(at(doc, "per_cpu")), 2);
	assert_string_equal(json_object_get_string(
		at(json_object_array_get_idx(at(at(doc, "sources"), "changed"), 0), "name")),
		"rtl_spin");
	json_object_put(doc);
	free(text);
	comparison_free(&c);
	report_data_free(&a);
	report_data_free(&b);
}

/* a path and a source's name of over 200 bytes: the text and the JSON hold them whole */
static void test_long_names_whole(void **state)
{
	char path[300], name[300], want[400];
	struct report_data a, b;
	struct comparison c;
	json_object *doc, *sources;
	size_t end;
	char *text;
	int last;

	(void)state;
	end = long_words(path, sizeof(path), "/dir", "", 30);
	snprintf(path + end, sizeof(path) - end, "/b.json");
	long_words(name, sizeof(name), "spin", " ", 30);
	assert_true(strlen(path) > 200 && strlen(name) > 200);
	doc = noisier();
	sources = at(cpu_entry(at(doc, "analysis"), "cpus", 1), "sources");
	last = json_object_array_length(sources) - 1;
	json_object_object_add(json_object_array_get_idx(sources, last), "name",
			       json_object_new_string(name));
	load_example(&a, "valid-osnoise-analysis.json");
	load(&b, doc, path);
	assert_int_equal(compare_reports(&c, &a, &b), 0);
	snprintf(want, sizeof(want), "thread %s (+", name);
	top_change_is(&c, want, false);

	text = render(&c, false);
	assert_non_null(strstr(text, path));
	snprintf(want, sizeof(want), "what changed most: thread %s (+", name);
	assert_non_null(strstr(text, want));
	free(text);

	text = render(&c, true);
	doc = json_tokener_parse(text);
	assert_non_null(doc);
	assert_string_equal(json_object_get_string(at(at(at(doc, "inputs"), "b"), "path")), path);
	snprintf(want, sizeof(want), "thread %s (+", name);
	assert_non_null(strstr(json_object_get_string(at(at(doc, "verdict"), "top_change")), want));
	json_object_put(doc);
	free(text);
	comparison_free(&c);
	report_data_free(&a);
	report_data_free(&b);
}

/* ---- the hypervisor's estimate (report 2.3): its count is null, not 0 ---- */

static const struct report_source *source_of(const struct report_data *r, int cpu,
					     const char *kind)
{
	size_t i;

	for (i = 0; i < r->nr_sources; i++)
		if (r->sources[i].cpu == cpu && !strcmp(r->sources[i].kind, kind))
			return &r->sources[i];
	fail_msg("no %s source on CPU %d", kind, cpu);
	return NULL;
}

static const struct cmp_source *changed(const struct comparison *c, const char *kind)
{
	size_t i;

	for (i = 0; i < c->nr_sources; i++)
		if (!strcmp(c->sources[i].kind, kind))
			return &c->sources[i];
	fail_msg("%s did not change", kind);
	return NULL;
}

/*
 * B: 2.3, 40 ms more of CPU 1's hardware time put down to steal. The
 * loader keeps the estimate's null count unknown (2.2's vm count known),
 * only a vm source may have one; the comparison has no count for the run
 * whose count was null (the JSON says null, not 0), and marks the
 * estimate's numbers with "~".
 */
static void test_steal_estimate(void **state)
{
	json_object *doc = example("valid-osnoise-top-2.3-steal.json");
	struct report_data a, b;
	const struct cmp_source *vm;
	struct comparison c;
	json_object *out, *events;
	char *text;

	(void)state;
	set_num(doc_source(doc, 1, "vm"), "total_us", 60000);
	set_num(doc_source(doc, 1, "hardware"), "total_us", 1811415.402);
	load_example(&a, "valid-osnoise-top-2.2-steal.json");
	load(&b, doc, "b.json");
	assert_false(source_of(&a, 1, "vm")->count_unknown);
	assert_true(source_of(&a, 1, "vm")->estimated);
	assert_true(source_of(&a, 1, "vm")->count == 68586);
	assert_true(source_of(&b, 1, "vm")->count_unknown);
	assert_true(source_of(&b, 1, "vm")->estimated);
	assert_true(source_of(&b, 1, "vm")->us == 60000);
	assert_false(source_of(&b, 1, "hardware")->count_unknown);
	assert_false(source_of(&b, 1, "hardware")->estimated);

	assert_int_equal(compare_reports(&c, &a, &b), 0);
	vm = changed(&c, "vm");
	assert_true(vm->estimated);
	assert_true(vm->count.has_a);
	assert_false(vm->count.has_b);
	assert_true(vm->us.b - vm->us.a > 40000 / b.duration_s - 1e-6);
	assert_false(changed(&c, "hardware")->estimated);
	assert_true(changed(&c, "hardware")->count.has_b);
	text = render(&c, true);
	out = json_tokener_parse(text);
	assert_non_null(out);
	free(text);
	events = NULL;
	for (size_t i = 0; i < json_object_array_length(at(at(out, "sources"), "changed")); i++) {
		json_object *s = json_object_array_get_idx(at(at(out, "sources"), "changed"), i);

		if (!strcmp(json_object_get_string(at(s, "kind")), "vm"))
			events = at(s, "events");
	}
	assert_non_null(events);
	assert_true(json_object_is_type(at(events, "a"), json_type_double) ||
		    json_object_is_type(at(events, "a"), json_type_int));
	assert_true(json_object_is_type(at(events, "b"), json_type_null));
	assert_true(json_object_is_type(at(events, "change"), json_type_null));
	json_object_put(out);
	text = render(&c, false);
	assert_non_null(strstr(text, "\n  hypervisor (steal) "));
	assert_non_null(strstr(text, " ~+"));
	assert_null(strstr(text, "hardware ~"));
	free(text);
	comparison_free(&c);

	/* both 2.3: no count on either side */
	report_data_free(&a);
	load_example(&a, "valid-osnoise-top-2.3-steal.json");
	assert_int_equal(compare_reports(&c, &a, &b), 0);
	vm = changed(&c, "vm");
	assert_false(vm->count.has_a);
	assert_false(vm->count.has_b);
	assert_true(vm->us.a == 20000 / a.duration_s);
	comparison_free(&c);
	report_data_free(&a);
	report_data_free(&b);

	/* a null count is the estimate's only */
	doc = example("valid-osnoise-top-2.3-steal.json");
	json_object_object_add(doc_source(doc, 1, "hardware"), "count", NULL);
	assert_int_equal(parse_doc(&a, doc, "x.json"), -1);
	json_object_put(doc);
	doc = example("valid-osnoise-top-2.3-steal.json");
	json_object_object_del(doc_source(doc, 1, "vm"), "count");
	assert_int_equal(parse_doc(&a, doc, "x.json"), -1);
	json_object_put(doc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_percentiles),
		cmocka_unit_test(test_load_examples),
		cmocka_unit_test(test_load_timerlat_ns),
		cmocka_unit_test(test_load_tail_2_5),
		cmocka_unit_test(test_load_analysis),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_check_family),
		cmocka_unit_test(test_same_report),
		cmocka_unit_test(test_osnoise_worse),
		cmocka_unit_test(test_judge),
		cmocka_unit_test(test_cpus_split),
		cmocka_unit_test(test_timerlat),
		cmocka_unit_test(test_timerlat_hist_percentiles),
		cmocka_unit_test(test_verdict_cpu_time_first),
		cmocka_unit_test(test_verdict_too_short),
		cmocka_unit_test(test_verdict_too_close),
		cmocka_unit_test(test_verdict_rule),
		cmocka_unit_test(test_verdict_one_tail),
		cmocka_unit_test(test_resolution),
		cmocka_unit_test(test_gate_parse),
		cmocka_unit_test(test_gate_osnoise),
		cmocka_unit_test(test_gate_timerlat),
		cmocka_unit_test(test_gate_tail),
		cmocka_unit_test(test_tuning),
		cmocka_unit_test(test_long_setting_path),
		cmocka_unit_test(test_system_config),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_long_names_whole),
		cmocka_unit_test(test_steal_estimate),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
