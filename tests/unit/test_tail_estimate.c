// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for tail_store and tail_estimate: series drawn from known
 * distributions (fixed seeds), each check made to fail by a series built
 * to fail it, and the Anderson-Darling table checked again by a smaller
 * simulation of the test's own
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "analysis/tail_estimate.h"
#include "draws.h"

#define NS_PER_SAMPLE	1000000ULL	/* 1 kHz */

static void fill_exp(struct tail_store *s, uint64_t n, double mean, uint64_t seed)
{
	uint64_t i;

	for (i = 0; i < n; i++)
		tail_store_add(s, draw_exp(&seed, 5000, mean), i * NS_PER_SAMPLE);
}

static const double horizons[] = { 3600, 86400 };

static void test_store_keeps_the_largest(void **state)
{
	struct tail_store s = { 0 };
	struct tail_point *p = malloc(TAIL_KEEP * sizeof(*p));
	uint64_t i, n = 3 * TAIL_KEEP;

	(void)state;
	/* values in a scrambled order: i * 7919 mod n is a permutation of 0..n-1 */
	for (i = 0; i < n; i++)
		tail_store_add(&s, (i * 7919) % n, 1000 + i * NS_PER_SAMPLE);
	assert_int_equal(s.n, n);
	assert_int_equal(s.len, TAIL_KEEP);
	assert_int_equal(tail_store_sorted(&s, p), TAIL_KEEP);
	for (i = 0; i < TAIL_KEEP; i++) {
		assert_int_equal(p[i].value, n - 1 - i);
		assert_int_equal((p[i].seq * 7919) % n, p[i].value);
	}
	assert_true(fabs(tail_store_rate(&s) - 1000) < 1e-6);
	tail_store_reset(&s);
	assert_int_equal(s.n, 0);
	assert_true(tail_store_rate(&s) == 0);
	tail_store_free(&s);
	free(p);
}

static void test_set_routes_cpus_and_contexts(void **state)
{
	struct tail_set t;

	(void)state;
	assert_int_equal(tail_set_init(&t, 4, 3), 0);
	tail_set_add(&t, 2, 1, 50, 10);
	tail_set_add(&t, 3, 1, 70, 20);
	tail_set_add(&t, 4, 1, 90, 30);		/* no CPU 4: ignored */
	tail_set_add(&t, 1, 3, 90, 30);		/* no context 3 */
	assert_int_equal(tail_set_series(&t, 2, 1)->n, 1);
	assert_int_equal(tail_set_series(&t, 2, 0)->n, 0);
	assert_int_equal(tail_set_series(&t, -1, 1)->n, 2);
	assert_int_equal(tail_set_series(&t, -1, 1)->heap[0].value, 50);
	assert_null(tail_set_series(&t, 4, 1));
	assert_null(tail_set_series(&t, 0, 3));
	tail_set_reset(&t);
	assert_int_equal(tail_set_series(&t, -1, 1)->n, 0);
	tail_set_free(&t);
}

/*
 * A replay adds its CPUs' samples one CPU after the other: the CPUs'
 * series together spans the earliest to the latest, and its rate is theirs
 */
static void test_all_span_out_of_order(void **state)
{
	const struct tail_store *all;
	struct tail_set t;
	uint64_t i;

	(void)state;
	assert_int_equal(tail_set_init(&t, 2, 1), 0);
	for (i = 0; i < 1000; i++)
		tail_set_add(&t, 0, 0, 5, i * NS_PER_SAMPLE);
	for (i = 0; i < 100; i++)
		tail_set_add(&t, 1, 0, 5, i * NS_PER_SAMPLE);
	all = tail_set_series(&t, -1, 0);
	assert_int_equal(all->first_ts, 0);
	assert_int_equal(all->last_ts, 999 * NS_PER_SAMPLE);
	/* 1100 samples over 0.999 s */
	assert_true(fabs(tail_store_rate(all) - 1099 / 0.999) < 1e-6);
	tail_set_free(&t);
}

/* an exponential tail: trusted, bounded by nothing but light, the truth within */
static void test_light_tail_trusted(void **state)
{
	struct tail_store s = { 0 };
	struct tail_estimate e;
	double truth;
	int i;

	(void)state;
	fill_exp(&s, 200000, 2000, 1);
	assert_int_equal(tail_estimate(&s, horizons, 2, &e), 0);
	assert_true(e.fitted);
	assert_true(tail_estimate_trusted(&e));
	assert_false(e.heavy);
	assert_int_equal(e.k, TAIL_KEEP - 1);	/* 200000 / TAIL_SHARE, as far as kept */
	assert_true(e.xi_lower < 0 && e.xi_upper > 0);
	assert_true(fabs(e.rate_hz - 1000) < 1e-6);
	assert_true(e.theta > 0.8);
	assert_true(e.ad < e.ad_critical);
	for (i = 0; i < TAIL_NR_P; i++) {
		truth = 5000 - 2000 * log(tail_probs[i]);
		assert_true(e.p[i].lower < truth && truth < e.p[i].upper);
		assert_true(e.p[i].lower < e.p[i].level && e.p[i].level < e.p[i].upper);
		assert_true(isfinite(e.p[i].upper));
	}
	/* the 1 h maximum: 3.6e6 samples; its median 5000 + 2000 ln(3.6e6 / ln 2) */
	assert_int_equal(e.nr_horizons, 2);
	truth = 5000 + 2000 * log(3.6e6 / log(2));
	assert_true(e.horizon[0].level.lower < truth && truth < e.horizon[0].level.upper);
	assert_true(fabs(e.horizon[0].samples - 3.6e6) < 1);
	assert_true(e.horizon[1].level.level > e.horizon[0].level.level);
	tail_store_free(&s);
}

/* a Pareto tail of shape 2 (xi 0.5): heavy, no finite bound at 1e-9 */
static void test_heavy_tail_flagged(void **state)
{
	struct tail_store s = { 0 };
	struct tail_estimate e;
	uint64_t seed = 2, i;

	(void)state;
	for (i = 0; i < 200000; i++)
		tail_store_add(&s, draw_pareto(&seed, 5000, 2), i * NS_PER_SAMPLE);
	assert_int_equal(tail_estimate(&s, horizons, 2, &e), 0);
	assert_true(e.fitted);
	assert_true(e.heavy);
	assert_true(e.xi_lower > 0.2 && e.xi_upper < 0.8);
	tail_store_free(&s);
}

/* 1000 samples: 20 exceedances, 50 wanted; 1500 more samples at 1 kHz */
static void test_too_few_says_how_long(void **state)
{
	struct tail_store s = { 0 };
	struct tail_estimate e;

	(void)state;
	fill_exp(&s, 1000, 2000, 3);
	assert_int_equal(tail_estimate(&s, horizons, 2, &e), 0);
	assert_false(e.fitted);
	assert_false(tail_estimate_trusted(&e));
	assert_int_equal(e.failed, 1u << TAIL_ENOUGH);
	assert_true(fabs(e.more_s - 1.5) < 0.01);
	tail_store_free(&s);
}

/* the exceedances in clusters of 4 samples: an extremal index near 1/4 */
static void test_bursts_fail_apart(void **state)
{
	struct tail_store s = { 0 };
	struct tail_estimate e;
	uint64_t seed = 4, i, v = 0;

	(void)state;
	for (i = 0; i < 200000; i++) {
		if (i % 4 == 0)
			v = draw_exp(&seed, 5000, 2000);
		tail_store_add(&s, v + (i % 4), i * NS_PER_SAMPLE);
	}
	assert_int_equal(tail_estimate(&s, horizons, 2, &e), 0);
	assert_true(e.theta < 0.35 && e.theta > 0.15);
	assert_true(e.failed & (1u << TAIL_APART));
	assert_false(tail_estimate_trusted(&e));
	tail_store_free(&s);
}

/*
 * as many exceedances in each half, but an unbounded tail in the first and
 * one bounded at 25000 in the second: the halves disagree
 */
static void test_drift_fails_stable(void **state)
{
	struct tail_store s = { 0 };
	struct tail_estimate e;
	uint64_t seed = 3, i;

	(void)state;
	for (i = 0; i < 200000; i++) {
		double u = draw_uniform(&seed);
		double v = i < 100000 ? -3000 * log(u) : 6000 / -0.3 * (pow(u, 0.3) - 1);

		tail_store_add(&s, (uint64_t)(5000 + v), i * NS_PER_SAMPLE);
	}
	assert_int_equal(tail_estimate(&s, horizons, 2, &e), 0);
	assert_int_equal(e.failed, 1u << TAIL_STABLE);
	assert_true(e.half_k[0] > 400 && e.half_k[1] > 400);
	assert_true(e.half[0].lower > e.half[1].upper);
	tail_store_free(&s);
}

/* two distant groups of values over the threshold: no Pareto fits them */
static void test_two_groups_fail_fits(void **state)
{
	struct tail_store s = { 0 };
	struct tail_estimate e;
	uint64_t seed = 6, i;

	(void)state;
	for (i = 0; i < 200000; i++) {
		double u = draw_uniform(&seed);
		uint64_t v = u < 0.98 ? (uint64_t)(u * 5000) :
			     u < 0.99 ? 10000 + (uint64_t)(draw_uniform(&seed) * 100) :
					50000 + (uint64_t)(draw_uniform(&seed) * 100);

		tail_store_add(&s, v, i * NS_PER_SAMPLE);
	}
	assert_int_equal(tail_estimate(&s, horizons, 2, &e), 0);
	assert_true(e.fitted);
	assert_true(e.ad > e.ad_critical);
	assert_true(e.failed & (1u << TAIL_FITS));
	tail_store_free(&s);
}

/*
 * a replay adds CPU after CPU: the CPUs' series together are put in the
 * order of time, so that its halves are halves of the run, each with the
 * CPUs of both kinds, not one CPU against the other
 */
static void test_all_cpus_in_time_order(void **state)
{
	struct tail_set t;
	const struct tail_store *all;
	struct tail_estimate e;
	uint64_t seed = 11, i;
	int cpu;

	(void)state;
	assert_int_equal(tail_set_init(&t, 2, 1), 0);
	for (cpu = 0; cpu < 2; cpu++)
		for (i = 0; i < 100000; i++)
			tail_set_add(&t, cpu, 0, draw_exp(&seed, 5000, cpu ? 3000 : 1000),
				     i * NS_PER_SAMPLE + (uint64_t)cpu);
	all = tail_set_series(&t, -1, 0);
	assert_true(all->by_time);
	assert_false(tail_set_series(&t, 0, 0)->by_time);
	assert_true(fabs(tail_store_rate(all) - 2000) < 1);
	assert_int_equal(tail_estimate(all, horizons, 2, &e), 0);
	assert_true(e.half_k[0] > 400 && e.half_k[1] > 400);
	assert_false(e.failed & (1u << TAIL_STABLE));
	assert_false(e.failed & (1u << TAIL_APART));
	tail_set_free(&t);
}

static int by_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* the table's 99th percentile at @xi against 1000 fits of the test's own draws */
static void check_ad_table_at(double xi, uint64_t seed)
{
	enum { REPS = 1000, SIZE = 200 };
	static double y[SIZE], a2[REPS];
	struct tail_fit fit;
	int r, i;

	for (r = 0; r < REPS; r++) {
		for (i = 0; i < SIZE; i++) {
			double u = draw_uniform(&seed);

			y[i] = fabs(xi) < 1e-12 ? -log(u) : (pow(u, -xi) - 1) / xi;
		}
		assert_int_equal(tail_fit_gpd(y, SIZE, SIZE * 50, 0, &fit), 0);
		a2[r] = tail_anderson_darling(&fit, y);
	}
	qsort(a2, REPS, sizeof(*a2), by_double);
	/* a 99th percentile of 1000 draws: within about 15 % */
	assert_true(fabs(a2[REPS * 99 / 100] / tail_ad_critical(xi) - 1) < 0.15);
	/* and a statistic over the critical value is rare: 1 % */
	for (r = 0, i = 0; r < REPS; r++)
		i += a2[r] > tail_ad_critical(xi);
	assert_true(i <= 25);
}

static void test_ad_table(void **state)
{
	(void)state;
	check_ad_table_at(0, 7);
	check_ad_table_at(0.5, 8);
}

/* the gate's level: 1 until the checks pass, then the level at the asked p */
static void test_level_for_the_gate(void **state)
{
	struct tail_store s = { 0 };
	struct tail_estimate e;
	struct tail_level l;

	(void)state;
	fill_exp(&s, 1000, 2000, 9);
	assert_int_equal(tail_estimate_level(&s, 1e-9, &e, &l), 1);
	fill_exp(&s, 100000, 2000, 10);
	assert_int_equal(tail_estimate_level(&s, 1e-9, &e, &l), 0);
	assert_true(l.lower < l.level && l.level < l.upper);
	assert_true(fabs(l.level / (5000 - 2000 * log(1e-9)) - 1) < 0.25);
	tail_store_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_store_keeps_the_largest),
		cmocka_unit_test(test_set_routes_cpus_and_contexts),
		cmocka_unit_test(test_all_span_out_of_order),
		cmocka_unit_test(test_light_tail_trusted),
		cmocka_unit_test(test_heavy_tail_flagged),
		cmocka_unit_test(test_too_few_says_how_long),
		cmocka_unit_test(test_bursts_fail_apart),
		cmocka_unit_test(test_drift_fails_stable),
		cmocka_unit_test(test_two_groups_fail_fits),
		cmocka_unit_test(test_all_cpus_in_time_order),
		cmocka_unit_test(test_ad_table),
		cmocka_unit_test(test_level_for_the_gate),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
