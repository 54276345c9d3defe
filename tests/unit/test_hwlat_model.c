// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for hwlat_model, and hwlat's samples against -s (stop_rule)
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "model/hwlat_model.h"
#include "model/stop_rule.h"

static struct rtl_record sample(int cpu, uint64_t inner, uint64_t outer, uint64_t gaps,
				uint64_t nmis)
{
	struct rtl_record r;

	memset(&r, 0, sizeof(r));
	r.kind = RECORD_HWLAT;
	r.hwlat.cpu = cpu;
	r.hwlat.inner_us = inner;
	r.hwlat.outer_us = outer;
	r.hwlat.gaps = gaps;
	r.hwlat.nmi_count = nmis;
	r.hwlat.nmi_us = nmis * 3;
	return r;
}

static void add(struct hwlat_model *m, int cpu, uint64_t inner, uint64_t outer, uint64_t gaps,
		uint64_t nmis)
{
	struct rtl_record r = sample(cpu, inner, outer, gaps, nmis);

	hwlat_model_add(m, &r);
}

/* a sample's latency is its longest gap, inner or outer; the maxima apart */
static void test_cpu_sums(void **state)
{
	struct hwlat_model *m = hwlat_model_new(4, 1, 100);
	const struct cpu_hwlat *c;

	(void)state;
	assert_non_null(m);
	add(m, 1, 12, 30, 5, 0);
	add(m, 1, 40, 2, 2, 1);
	add(m, 2, 7, 7, 1, 0);
	c = &m->cpu[1];
	assert_int_equal(c->samples, 2);
	assert_int_equal(c->gaps, 7);
	assert_int_equal(c->max_inner_us, 40);
	assert_int_equal(c->max_outer_us, 30);
	assert_int_equal(c->nmi_count, 1);
	assert_int_equal(c->nmi_us, 3);
	assert_int_equal(c->hist.count, 2);
	assert_int_equal(c->hist.max, 40);
	assert_int_equal(c->hist.min, 30);
	assert_int_equal(c->hist.buckets[30], 1);
	assert_int_equal(c->hist.buckets[40], 1);
	assert_int_equal(m->cpu[2].hist.sum, 7);
	assert_int_equal(m->records, 3);
	hwlat_model_free(m);
}

/* other kinds and CPUs outside the model are not counted */
static void test_ignored(void **state)
{
	struct hwlat_model *m = hwlat_model_new(2, 1, 10);
	struct rtl_record r = sample(5, 1, 1, 1, 0);

	(void)state;
	hwlat_model_add(m, &r);
	r = sample(-1, 1, 1, 1, 0);
	hwlat_model_add(m, &r);
	r = sample(0, 1, 1, 1, 0);
	r.kind = RECORD_TIMERLAT;
	hwlat_model_add(m, &r);
	assert_int_equal(m->records, 0);
	assert_int_equal(m->cpu[0].samples + m->cpu[1].samples, 0);
	hwlat_model_free(m);
}

/* the total of the measured CPUs; reset keeps the histograms' shape */
static void test_total_and_reset(void **state)
{
	struct hwlat_model *m = hwlat_model_new(3, 1, 50);
	struct cpu_hwlat sum;
	struct cpu_mask cpus;

	(void)state;
	add(m, 0, 20, 1, 1, 0);
	add(m, 1, 3, 9, 4, 2);
	add(m, 2, 45, 0, 1, 0);
	assert_int_equal(cpu_mask_init(&cpus, 3), 0);
	cpu_mask_set(&cpus, 0);
	cpu_mask_set(&cpus, 1);
	memset(&sum, 0, sizeof(sum));
	assert_int_equal(histogram_init(&sum.hist, 1, 50), 0);
	hwlat_model_total(m, &cpus, &sum);
	assert_int_equal(sum.samples, 2);
	assert_int_equal(sum.gaps, 5);
	assert_int_equal(sum.max_inner_us, 20);
	assert_int_equal(sum.max_outer_us, 9);
	assert_int_equal(sum.nmi_count, 2);
	assert_int_equal(sum.hist.count, 2);
	assert_int_equal(sum.hist.max, 20);
	histogram_free(&sum.hist);
	cpu_mask_free(&cpus);
	hwlat_model_reset(m);
	assert_int_equal(m->records, 0);
	assert_int_equal(m->cpu[2].samples, 0);
	assert_int_equal(m->cpu[2].hist.count, 0);
	assert_int_equal(m->cpu[2].hist.entries, 50);
	add(m, 2, 4, 0, 1, 0);
	assert_int_equal(m->cpu[2].hist.buckets[4], 1);
	hwlat_model_free(m);
}

/* -s stops at a sample whose longest gap reaches it; hwlat has no total limit */
static void test_stop(void **state)
{
	struct rtl_record r = sample(1, 9, 15, 1, 0);
	enum stop_limit limit;
	uint64_t value;

	(void)state;
	assert_true(stop_record_over(&r, 15, 0, &value, &limit));
	assert_int_equal(value, 15);
	assert_int_equal(limit, STOP_LIMIT_SINGLE);
	assert_false(stop_record_over(&r, 16, 0, NULL, NULL));
	assert_false(stop_record_over(&r, 0, 1, NULL, NULL));
}

/* kept: each sample in order, all of them after the log grows; reset empties it */
static void test_keep(void **state)
{
	struct hwlat_model *m = hwlat_model_new(2, 1, 10);
	struct rtl_record r;
	int i;

	(void)state;
	add(m, 0, 5, 1, 0, 0);
	assert_int_equal(m->nr_log, 0);
	hwlat_model_keep(m);
	for (i = 0; i < 100; i++)
		add(m, i % 2, 100 + i, 1, 2, 0);
	r = sample(1, 7, 7, 1, 0);
	r.kind = RECORD_TIMERLAT;
	hwlat_model_add(m, &r);
	assert_int_equal(m->nr_log, 100);
	assert_int_equal(m->log_lost, 0);
	assert_int_equal(m->log[0].inner_us, 100);
	assert_int_equal(m->log[99].inner_us, 199);
	assert_int_equal(m->log[99].cpu, 1);
	assert_int_equal(hwlat_sample_gaps(&m->log[3]), 2);
	hwlat_model_reset(m);
	assert_int_equal(m->nr_log, 0);
	hwlat_model_free(m);
}

/* a kernel before 5.10 gives no count: the gap that made the sample is one */
static void test_gaps_without_count(void **state)
{
	struct rtl_record r = sample(0, 12, 3, 0, 0);

	(void)state;
	assert_int_equal(hwlat_sample_gaps(&r.hwlat), 1);
	r.hwlat.gaps = 9;
	assert_int_equal(hwlat_sample_gaps(&r.hwlat), 9);
}

/* the Gaps column and hwlatdetect's exceeding count it so: never below the samples */
static void test_model_gaps_without_count(void **state)
{
	struct hwlat_model *m = hwlat_model_new(1, 1, 10);

	(void)state;
	add(m, 0, 12, 3, 0, 0);
	add(m, 0, 20, 3, 4, 0);
	assert_int_equal(m->cpu[0].samples, 2);
	assert_int_equal(m->cpu[0].gaps, 5);
	hwlat_model_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cpu_sums),
		cmocka_unit_test(test_ignored),
		cmocka_unit_test(test_total_and_reset),
		cmocka_unit_test(test_stop),
		cmocka_unit_test(test_keep),
		cmocka_unit_test(test_gaps_without_count),
		cmocka_unit_test(test_model_gaps_without_count),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
