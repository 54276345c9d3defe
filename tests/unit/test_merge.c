// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for rtlens merge: the nodes, their labels and the worst one,
 * the laws of noise taken from the reports (analysis/merge) and the
 * renderers, on the reports of tests/schema/examples and variants of them
 * made here with json-c
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <json-c/json.h>

#include "analysis/merge.h"
#include "render/merge_render.h"
#include "source/reports/reports.h"
#include "capture.h"
#include "report_doc.h"

static void set_host(json_object *doc, const char *host)
{
	json_object_object_add(at(doc, "system"), "hostname", json_object_new_string(host));
}

static void free_all(struct report_data *r, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		report_data_free(&r[i]);
}

static char *render(const struct merge *m, bool json)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	if (json)
		assert_int_equal(render_merge_json(f, m), 0);
	else
		render_merge_text(f, m);
	fclose(f);
	return text;
}

/* a repeated hostname gets #2; the noisiest CPU names its node */
static void test_labels_and_worst(void **state)
{
	struct report_data r[3];
	struct merge m;
	json_object *noisy = example("valid-hist.json");

	(void)state;
	set_host(noisy, "node-c");
	json_object_object_add(json_object_array_get_idx(at(noisy, "cpus"), 1),
			       "cpu_available_pct", json_object_new_double(97.5));
	load(&r[0], example("valid-hist.json"), "a.json");
	load(&r[1], example("valid-hist.json"), "b.json");
	load(&r[2], noisy, "c.json");
	assert_int_equal(merge_check(r, 3), 0);
	assert_int_equal(merge_reports(&m, r, 3, merge_default_phases, 4), 0);
	assert_string_equal(m.nodes[0].label, "rt-bench-01");
	assert_string_equal(m.nodes[1].label, "rt-bench-01#2");
	assert_string_equal(m.nodes[2].label, "node-c");
	assert_true(m.has_worst);
	assert_int_equal(m.worst_node, 2);
	assert_int_equal(m.nodes[2].worst_cpu, 3);
	assert_true(m.nodes[2].worst_noise_pct > 2.49 && m.nodes[2].worst_noise_pct < 2.51);
	assert_int_equal(m.proj.nr_cpus, 6);
	assert_int_equal(m.proj.from_hist, 6);
	merge_free(&m);
	free_all(r, 3);
}

/*
 * One process: its mean noise over a phase is the mean, over the CPUs, of
 * noise / runtime, whatever the law: the two-point law of a top report
 * keeps the total noise, and so does the place of the values in the
 * buckets of a histogram; the grid keeps means exactly.
 */
static void check_one_process(const char *name, size_t counts, size_t rows)
{
	struct report_data r;
	struct merge m;
	double want = 0;
	size_t i, col;

	load(&r, example(name), name);
	for (i = 0; i < r.nr_cpus; i++)
		want += 100 * r.cpus[i].noise_us / r.cpus[i].runtime_us / (double)r.nr_cpus;
	assert_int_equal(merge_reports(&m, &r, 1, merge_default_phases, 4), 0);
	assert_true(m.proj.made);
	assert_int_equal(m.proj.from_counts, counts);
	assert_int_equal(m.proj.from_hist, r.nr_cpus - counts);
	assert_int_equal(m.proj.nr_rows, rows);
	assert_int_equal(m.proj.rows[0].procs, 1);
	assert_true(m.proj.rows[rows - 1].all);
	for (col = 0; col < 4; col++) {
		double got = m.proj.rows[0].slowdown_pct[col];

		if (got < want * (1 - 1e-6) || got > want * (1 + 1e-6))
			fail_msg("%s, phase %g: %.9f%%, want %.9f%%", name, m.proj.phase_us[col],
				 got, want);
		/* more processes wait longer; shorter phases suffer more */
		for (i = 1; i < rows; i++)
			assert_true(m.proj.rows[i].slowdown_pct[col] >
				    m.proj.rows[i - 1].slowdown_pct[col]);
		if (col)
			assert_true(m.proj.rows[rows - 1].slowdown_pct[col] <
				    m.proj.rows[rows - 1].slowdown_pct[col - 1]);
	}
	merge_free(&m);
	report_data_free(&r);
}

static void test_one_process_is_the_mean(void **state)
{
	(void)state;
	check_one_process("valid-top.json", 4, 3);	/* 1, 2, all (4) */
	check_one_process("valid-hist.json", 0, 2);	/* 1, all (2) */
}

static void test_refused_mix(void **state)
{
	struct report_data r[2];
	struct capture cap;

	(void)state;
	load(&r[0], example("valid-top.json"), "osnoise.json");
	load(&r[1], example("valid-timerlat-top.json"), "timerlat.json");
	capture_start(&cap, 2);
	assert_int_equal(merge_check(r, 2), -1);
	capture_end_expect(&cap, "cannot merge osnoise.json");
	free_all(r, 2);
}

/* 2.5: a report with --tail's section merges with the ones before it */
static void test_tail_2_5(void **state)
{
	struct report_data r[2];
	struct merge m;

	(void)state;
	load(&r[0], example("valid-timerlat-top-tail.json"), "a.json");
	load(&r[1], example("valid-timerlat-top.json"), "b.json");
	assert_int_equal(merge_check(r, 2), 0);
	assert_int_equal(merge_reports(&m, r, 2, merge_default_phases, 4), 0);
	assert_int_equal(m.nr_nodes, 2);
	merge_free(&m);
	free_all(r, 2);
}

static void test_timerlat(void **state)
{
	struct report_data r[2];
	struct merge m;
	char *text;

	(void)state;
	load(&r[0], example("valid-timerlat-hist-ns.json"), "a.json");
	load(&r[1], example("valid-timerlat-top-analysis.json"), "b.json");
	assert_int_equal(merge_reports(&m, r, 2, merge_default_phases, 4), 0);
	assert_false(m.proj.made);
	assert_non_null(strstr(m.proj.why_not, "timerlat hist"));
	assert_true(m.nodes[0].has_p99);
	assert_true(m.nodes[1].top.set);
	text = render(&m, false);
	assert_non_null(strstr(text, "No projection: a timerlat top report"));
	assert_non_null(strstr(text, "Worst: node"));
	free(text);
	merge_free(&m);
	report_data_free(&r[1]);
	load(&r[1], example("valid-timerlat-hist-ns.json"), "c.json");
	assert_int_equal(merge_reports(&m, r, 2, merge_default_phases, 4), 0);
	assert_true(m.proj.made);
	assert_int_equal(m.proj.nr_phases, 0);
	/* the worst of one CPU at random is below the worst of all, below the max seen */
	assert_true(m.proj.rows[0].max_us[0] < m.proj.rows[m.proj.nr_rows - 1].max_us[0]);
	assert_true(m.proj.rows[m.proj.nr_rows - 1].max_us[0] <= m.nodes[0].thread_max_us);
	merge_free(&m);
	free_all(r, 2);
}

static void test_render(void **state)
{
	struct report_data r[2];
	struct merge m;
	json_object *doc;
	char *text;

	(void)state;
	load(&r[0], example("valid-top.json"), "top.json");
	load(&r[1], example("valid-osnoise-analysis.json"), "aa.json");
	assert_int_equal(merge_reports(&m, r, 2, merge_default_phases, 4), 0);
	text = render(&m, false);
	assert_non_null(strstr(text, "Noisiest: node rt-bench-01, CPU 0"));
	assert_non_null(strstr(text, "all (6)"));
	assert_non_null(strstr(text, "thread kworker/3:1"));
	free(text);
	text = render(&m, true);
	doc = json_tokener_parse(text);
	assert_non_null(doc);
	assert_string_equal(json_object_get_string(at(doc, "command")), "merge");
	assert_int_equal(json_object_array_length(at(doc, "nodes")), 2);
	assert_int_equal(json_object_get_int(at(at(doc, "worst"), "cpu")), 0);
	assert_int_equal(json_object_array_length(at(at(doc, "projection"), "rows")), 4);
	json_object_put(doc);
	free(text);
	merge_free(&m);
	free_all(r, 2);
}

/*
 * A 2.3 report whose worst CPU's top source is the hypervisor's estimate
 * (null count and max_us): merged, not refused; its share is "~" in the
 * text, the JSON names it; a source of a null count beside it is not 0.
 */
static void test_steal_estimate(void **state)
{
	json_object *doc = example("valid-osnoise-top-2.3-steal.json"), *out, *top;
	struct report_data r[2];
	struct merge m;
	char *text;

	(void)state;
	json_object_object_add(doc_source(doc, 1, "vm"), "total_us",
			       json_object_new_double(1900000));
	json_object_object_add(doc_source(doc, 1, "hardware"), "total_us",
			       json_object_new_double(1415.402));
	load(&r[0], doc, "guest.json");
	load(&r[1], example("valid-top.json"), "top.json");
	assert_int_equal(merge_reports(&m, r, 2, merge_default_phases, 4), 0);
	assert_int_equal(m.nodes[0].worst_cpu, 1);
	assert_true(m.nodes[0].top.set);
	assert_string_equal(m.nodes[0].top.kind, "vm");
	assert_true(m.nodes[0].top.estimated);
	assert_true(m.nodes[0].top.us == 1900000);
	text = render(&m, false);
	assert_non_null(strstr(text, "hypervisor (steal) (~"));
	free(text);
	text = render(&m, true);
	out = json_tokener_parse(text);
	assert_non_null(out);
	top = at(json_object_array_get_idx(at(out, "nodes"), 0), "top_source");
	assert_string_equal(json_object_get_string(at(top, "kind")), "vm");
	assert_string_equal(json_object_get_string(at(top, "name")), "hypervisor (steal)");
	json_object_put(out);
	free(text);
	merge_free(&m);
	free_all(r, 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_labels_and_worst),
		cmocka_unit_test(test_one_process_is_the_mean),
		cmocka_unit_test(test_refused_mix),
		cmocka_unit_test(test_timerlat),
		cmocka_unit_test(test_tail_2_5),
		cmocka_unit_test(test_render),
		cmocka_unit_test(test_steal_estimate),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
