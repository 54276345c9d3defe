// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for tail_fit: generalized Pareto fits of samples drawn from
 * known distributions (a fixed seed: the same draws every run), checked
 * against the parameters they were drawn with, against a grid search of
 * the likelihood the test does itself, and their return levels' intervals
 * against the true levels
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "analysis/tail_fit.h"
#include "draws.h"

/* @k excesses of a GPD(sigma, xi) by its inverse distribution function */
static double *draw(size_t k, double sigma, double xi, uint64_t seed)
{
	double *y = malloc(k * sizeof(*y));
	size_t i;

	assert_non_null(y);
	for (i = 0; i < k; i++) {
		double u = draw_uniform(&seed);

		y[i] = fabs(xi) < 1e-12 ? -sigma * log(u) : sigma / xi * (pow(u, -xi) - 1);
	}
	return y;
}

/* the log-likelihood, written here apart from the module's */
static double gpd_loglik(const double *y, size_t k, double sigma, double xi)
{
	double l = -(double)k * log(sigma);
	size_t i;

	for (i = 0; i < k; i++) {
		double t = 1 + xi * y[i] / sigma;

		if (t <= 0)
			return -INFINITY;
		l -= (1 + 1 / xi) * log(t);
	}
	return l;
}

static double true_level(double u, double sigma, double xi, double zeta, double p)
{
	return u + sigma / xi * (pow(zeta / p, xi) - 1);
}

/* a heavy tail: the shape and scale it was drawn with, within their error */
static void test_heavy_tail_recovered(void **state)
{
	double *y = draw(4000, 10, 0.25, 1);
	struct tail_fit f;

	(void)state;
	assert_int_equal(tail_fit_gpd(y, 4000, 400000, 100, &f), 0);
	assert_true(fabs(f.xi - 0.25) < 0.06);		/* ~3 standard errors */
	assert_true(fabs(f.sigma / 10 - 1) < 0.08);
	assert_int_equal(f.k, 4000);
	assert_true(f.threshold == 100);
	free(y);
}

/* a bounded tail: a negative shape, and no sample past its end */
static void test_bounded_tail_recovered(void **state)
{
	double *y = draw(4000, 5, -0.2, 2);
	struct tail_fit f;

	(void)state;
	assert_int_equal(tail_fit_gpd(y, 4000, 40000, 0, &f), 0);
	assert_true(fabs(f.xi + 0.2) < 0.05);
	assert_true(fabs(f.sigma / 5 - 1) < 0.08);
	free(y);
}

/* NLopt's maximum is the likelihood's: no point of a fine grid around it is higher */
static void test_maximum_is_the_likelihoods(void **state)
{
	double *y = draw(300, 3, 0.1, 3);
	struct tail_fit f;
	int i, j;

	(void)state;
	assert_int_equal(tail_fit_gpd(y, 300, 3000, 0, &f), 0);
	assert_true(fabs(gpd_loglik(y, 300, f.sigma, f.xi) - f.loglik) < 1e-9);
	for (i = -20; i <= 20; i++)
		for (j = -20; j <= 20; j++) {
			double sigma = f.sigma * (1 + i * 0.005), xi = f.xi + j * 0.005;

			assert_true(gpd_loglik(y, 300, sigma, xi) <= f.loglik + 1e-7);
		}
	free(y);
}

/* an exponential tail: a shape near 0, a scale near the excesses' mean */
static void test_exponential_tail(void **state)
{
	double *y = draw(5000, 8, 0, 4), mean = 0;
	struct tail_fit f;
	int i;

	(void)state;
	for (i = 0; i < 5000; i++)
		mean += y[i] / 5000;
	assert_int_equal(tail_fit_gpd(y, 5000, 50000, 20, &f), 0);
	assert_true(fabs(f.xi) < 0.04);
	assert_true(fabs(f.sigma / mean - 1) < 0.05);
	free(y);
}

/*
 * The return level by its formula; its profile peaks at the fit's
 * likelihood there, and its interval holds it and, for these draws, the
 * true level of 1e-6 and of 1e-9
 */
static void test_level_interval(void **state)
{
	double *y = draw(2000, 10, 0.1, 5);
	struct tail_fit f;
	struct tail_level l;
	double zeta = 2000.0 / 200000, truth;

	(void)state;
	assert_int_equal(tail_fit_gpd(y, 2000, 200000, 50, &f), 0);
	assert_int_equal(tail_fit_level(&f, y, 1e-6, &l), 0);
	assert_true(fabs(l.level - (50 + f.sigma / f.xi * (pow(zeta / 1e-6, f.xi) - 1))) < 1e-9);
	assert_true(fabs(tail_fit_profile(&f, y, 1e-6, l.level) - f.loglik) < 1e-6);
	assert_true(l.lower > 50 && l.lower < l.level && l.level < l.upper);
	assert_true(isfinite(l.upper));
	truth = true_level(50, 10, 0.1, zeta, 1e-6);
	assert_true(l.lower <= truth && truth <= l.upper);
	/* the ends are where the profile crosses its cut */
	assert_true(fabs(tail_fit_profile(&f, y, 1e-6, l.lower) -
			 (f.loglik - TAIL_CHI2_90 / 2)) < 1e-3);
	assert_true(fabs(tail_fit_profile(&f, y, 1e-6, l.upper) -
			 (f.loglik - TAIL_CHI2_90 / 2)) < 1e-3);
	assert_int_equal(tail_fit_level(&f, y, 1e-9, &l), 0);
	truth = true_level(50, 10, 0.1, zeta, 1e-9);
	assert_true(l.lower <= truth && truth <= l.upper);
	free(y);
}

/*
 * A heavy tail's far level: a few excesses leave it open over orders of
 * magnitude, many close it in; three bound nothing within a million times
 * the estimate's distance (the upper end is infinite)
 */
static void test_heavy_far_level(void **state)
{
	double *few = draw(25, 10, 0.6, 6), *many = draw(4000, 10, 0.6, 6);
	double *three = draw(3, 10, 0.6, 6);
	struct tail_fit f;
	struct tail_level l;

	(void)state;
	assert_int_equal(tail_fit_gpd(few, 25, 1000000, 0, &f), 0);
	assert_int_equal(tail_fit_level(&f, few, 1e-9, &l), 0);
	assert_true(l.upper / l.level > 100 && l.level / l.lower > 3);
	assert_int_equal(tail_fit_gpd(many, 4000, 160000000, 0, &f), 0);
	assert_int_equal(tail_fit_level(&f, many, 1e-9, &l), 0);
	assert_true(l.upper / l.level < 3 && l.level / l.lower < 3);
	assert_int_equal(tail_fit_gpd(three, 3, 1000000, 0, &f), 0);
	assert_int_equal(tail_fit_level(&f, three, 1e-9, &l), 0);
	assert_true(isinf(l.upper));
	free(few);
	free(many);
	free(three);
}

/*
 * The 90 % interval of the level of 1e-6 covers the true level in at least
 * 30 of 40 independent samples of 300 excesses (it takes the rate of
 * exceedances as known, so it covers a little less than 90 %)
 */
static void test_coverage(void **state)
{
	const double zeta = 0.01, truth = true_level(0, 10, 0.2, zeta, 1e-6);
	struct tail_level l;
	struct tail_fit f;
	int covered = 0;
	uint64_t seed;

	(void)state;
	for (seed = 100; seed < 140; seed++) {
		double *y = draw(300, 10, 0.2, seed);

		assert_int_equal(tail_fit_gpd(y, 300, 30000, 0, &f), 0);
		assert_int_equal(tail_fit_level(&f, y, 1e-6, &l), 0);
		covered += l.lower <= truth && truth <= l.upper;
		free(y);
	}
	assert_true(covered >= 30);
}

/* what cannot be fitted is refused, with the reason in errno */
static void test_refusals(void **state)
{
	double y[3] = { 1, 2, 0 };
	struct tail_fit f;
	struct tail_level l;

	(void)state;
	errno = 0;
	assert_int_equal(tail_fit_gpd(y, 1, 10, 0, &f), -1);	/* one excess */
	assert_int_equal(errno, EINVAL);
	assert_int_equal(tail_fit_gpd(y, 3, 10, 0, &f), -1);	/* one not over u */
	assert_int_equal(tail_fit_gpd(y, 2, 1, 0, &f), -1);	/* more excesses than samples */
	y[2] = 3;
	assert_int_equal(tail_fit_gpd(y, 3, 10, 0, &f), 0);
	errno = 0;
	assert_int_equal(tail_fit_level(&f, y, 0.5, &l), -1);	/* not rarer than an excess */
	assert_int_equal(errno, EINVAL);
	assert_int_equal(tail_fit_level(&f, y, 0, &l), -1);
}

/*
 * Published example data: the daily rainfall at a location in south-west
 * England, 1914 to 1962 (17531 days), the 152 days over 30 mm. Coles, An
 * Introduction to Statistical Modelling of Extreme Values (Springer 2001),
 * section 4.4.1, fits them with sigma 7.44, xi 0.184 and a 100-year
 * return level of 106.3 mm; the data are the rain set of R's ismev and
 * Julia's Extremes.jl.
 */
static const double rain_over_30[] = {
	31.8, 32.5, 31.8, 44.5, 30.5, 43.2, 35.6, 38.1, 32.0, 31.8,
	33.0, 39.1, 30.5, 31.8, 32.3, 33.0, 30.5, 32.5, 48.5, 35.3,
	40.6, 30.5, 34.3, 32.8, 30.5, 45.7, 31.8, 33.5, 33.5, 31.8,
	34.8, 35.3, 37.8, 76.7, 32.3, 34.0, 33.8, 36.6, 30.5, 45.7,
	86.6, 35.6, 47.8, 47.5, 34.3, 48.5, 30.7, 43.4, 59.4, 35.1,
	53.3, 33.5, 30.5, 30.2, 40.9, 42.7, 83.3, 54.9, 59.2, 31.8,
	37.3, 32.5, 34.0, 67.3, 31.2, 30.2, 36.1, 36.8, 38.4, 31.0,
	33.3, 47.0, 32.0, 33.0, 38.1, 30.5, 72.4, 34.3, 37.1, 33.0,
	40.9, 39.9, 47.0, 36.3, 30.5, 30.5, 55.9, 31.8, 51.3, 85.3,
	41.9, 30.5, 33.0, 35.6, 55.9, 44.2, 38.1, 34.3, 31.8, 32.0,
	31.8, 35.6, 45.2, 30.5, 39.4, 30.2, 44.5, 31.8, 33.8, 51.6,
	35.3, 59.4, 33.5, 35.3, 30.5, 36.8, 47.8, 42.9, 37.6, 55.4,
	35.3, 42.4, 33.0, 33.0, 40.1, 34.8, 38.1, 39.4, 34.0, 35.6,
	34.3, 33.5, 31.0, 36.6, 36.3, 38.4, 38.1, 47.0, 31.0, 30.5,
	31.2, 35.6, 48.8, 41.9, 31.7, 31.2, 51.3, 33.5, 37.6, 39.4,
	39.4, 45.7
};

static void test_coles_rainfall(void **state)
{
	enum { K = sizeof(rain_over_30) / sizeof(rain_over_30[0]) };
	double y[K];
	struct tail_fit f;
	struct tail_level l;
	size_t i;

	(void)state;
	assert_int_equal(K, 152);
	for (i = 0; i < K; i++)
		y[i] = rain_over_30[i] - 30;
	assert_int_equal(tail_fit_gpd(y, K, 17531, 30, &f), 0);
	assert_true(fabs(f.sigma - 7.44) < 0.005);
	assert_true(fabs(f.xi - 0.184) < 0.001);
	/* 100 years of 365 days */
	assert_int_equal(tail_fit_level(&f, y, 1.0 / 36500, &l), 0);
	assert_true(fabs(l.level - 106.3) < 0.05);
	/* the profile's interval is skewed up, as the book shows */
	assert_true(l.lower < 106.3 && l.upper > 106.3);
	assert_true(l.upper - l.level > 2 * (l.level - l.lower));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_coles_rainfall),
		cmocka_unit_test(test_heavy_tail_recovered),
		cmocka_unit_test(test_bounded_tail_recovered),
		cmocka_unit_test(test_maximum_is_the_likelihoods),
		cmocka_unit_test(test_exponential_tail),
		cmocka_unit_test(test_level_interval),
		cmocka_unit_test(test_heavy_far_level),
		cmocka_unit_test(test_coverage),
		cmocka_unit_test(test_refusals),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
