// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for spmd: the expected worst noise of N processes in a phase
 * of a bulk-synchronous job, against exact small cases and against a
 * Monte Carlo simulation of the job (Poisson arrivals, durations drawn
 * from the CPU's histogram, the max over N processes, many phases, a
 * fixed seed)
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "analysis/spmd.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* rtlens links no libm: the square root of the standard error, by Newton */
static double root(double a)
{
	double x = a > 1 ? a : 1;
	int i;

	if (a <= 0)
		return 0;
	for (i = 0; i < 200; i++)
		x = (x + a / x) / 2;
	return x;
}

static double absd(double x)
{
	return x < 0 ? -x : x;
}

static void assert_near(double got, double want, double tol)
{
	if (absd(got - want) > tol)
		fail_msg("got %.9g, want %.9g (tolerance %.3g)", got, want, tol);
}


/* ---- exact small cases ---- */

static double phase_max(const struct spmd_law *laws, size_t n, double phase, size_t procs,
			double *step)
{
	struct spmd_grid g;
	double v;

	assert_int_equal(spmd_grid_phase(&g, laws, n, phase), 0);
	v = procs ? spmd_max_mixture(&g, procs) : spmd_max_each(&g);
	if (step)
		*step = g.step;
	spmd_grid_free(&g);
	return v;
}

static void test_no_noise(void **state)
{
	static const struct spmd_atom a[] = { { 10, 1 } };
	struct spmd_law quiet[] = {
		{ 0, 1, a },		/* no event */
		{ 0.5, 0, NULL },	/* events of no known length */
	};

	(void)state;
	assert_true(phase_max(quiet, 1, 1000, 1, NULL) == 0);
	assert_true(phase_max(quiet, 2, 1000, 4, NULL) == 0);
	assert_true(phase_max(quiet, 2, 1000, 0, NULL) == 0);
	assert_true(phase_max(quiet, 0, 1000, 0, NULL) == 0);
}

/* One value per phase, always the same: the worst of any N is that value */
static void test_direct_deterministic(void **state)
{
	static const struct spmd_atom seven[] = { { 7, 3 } };
	static const struct spmd_atom coin[] = { { 0, 1 }, { 10, 1 } };
	struct spmd_law laws[] = { { 0, 1, seven }, { 0, 1, seven }, { 0, 1, seven } };
	struct spmd_law coins[] = { { 0, 2, coin }, { 0, 2, coin } };
	struct spmd_grid g;
	size_t n;

	(void)state;
	assert_int_equal(spmd_grid_direct(&g, laws, 3), 0);
	assert_near(spmd_max_mixture(&g, 1), 7, 1e-9);
	assert_near(spmd_max_mixture(&g, 50), 7, 1e-9);
	assert_near(spmd_max_each(&g), 7, 1e-9);
	spmd_grid_free(&g);
	/* 0 or 10 at even odds: E[max of N] = 10 (1 - 2^-N) */
	assert_int_equal(spmd_grid_direct(&g, coins, 2), 0);
	for (n = 1; n <= 6; n++)
		assert_near(spmd_max_mixture(&g, n), 10 * (1 - 1.0 / (1 << n)), 1e-9);
	assert_near(spmd_max_each(&g), 7.5, 1e-9);
	spmd_grid_free(&g);
}

/* N = 1: the mean noise of a phase, rate * phase * E[D], kept exactly by the grid */
static void test_mean_kept(void **state)
{
	static const struct spmd_atom hist[] = { { 1, 812 }, { 3, 344 }, { 5.5, 51 },
						 { 41, 1 }, { 0.3, 9 } };
	struct spmd_law law = { 1215.0 / 53.1e6 * 100, ARRAY_SIZE(hist), hist };
	double mean_d = 0, w = 0;
	double phases[] = { 100, 1e3, 1e5, 1e7 };	/* up to ~2300 events a phase */
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(hist); i++) {
		mean_d += hist[i].us * hist[i].weight;
		w += hist[i].weight;
	}
	mean_d /= w;
	for (i = 0; i < ARRAY_SIZE(phases); i++) {
		double want = law.rate * phases[i] * mean_d;

		assert_near(phase_max(&law, 1, phases[i], 1, NULL), want, want * 1e-7);
		assert_near(phase_max(&law, 1, phases[i], 0, NULL), want, want * 1e-7);
	}
}

/* P(K <= k) of a Poisson count of mean @theta, k = 0.. */
static void poisson_cdf(double theta, double *cdf, size_t n)
{
	double p = exp(-theta), sum = 0;
	size_t k;

	for (k = 0; k < n; k++) {
		sum += p;
		cdf[k] = sum;
		p *= theta / (double)(k + 1);
	}
}

/* Every event lasting d: the max of two CPUs is d max(K1, K2), known exactly */
static void test_two_cpus_exact(void **state)
{
	static const struct spmd_atom d[] = { { 25, 1 } };
	struct spmd_law laws[] = { { 0.3e-3, 1, d }, { 1.2e-3, 1, d } };
	double c1[64], c2[64], want = 0, step, got;
	size_t k;

	(void)state;
	poisson_cdf(0.3, c1, 64);
	poisson_cdf(1.2, c2, 64);
	for (k = 0; k < 64; k++)
		want += 25 * (1 - c1[k] * c2[k]);
	got = phase_max(laws, 2, 1000, 0, &step);
	/* 25 us falls between two points: each event moves by less than a step */
	assert_true(step < 0.2);
	assert_near(got, want, step);
	/* N = 1 of the mixture: the mean of the two means */
	assert_near(phase_max(laws, 2, 1000, 1, NULL), 25 * (0.3 + 1.2) / 2, 1e-6);
}

/* ---- against a simulation ---- */

struct rng {
	uint64_t	s;
};

/* splitmix64, in [0, 1) */
static double uniform(struct rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	z ^= z >> 31;
	return (double)(z >> 11) / 9007199254740992.0;
}

/* Knuth's: multiply uniforms until the product falls below e^-theta */
static unsigned int poisson(struct rng *r, double e_theta)
{
	double p = uniform(r);
	unsigned int k = 0;

	while (p > e_theta) {
		p *= uniform(r);
		k++;
	}
	return k;
}

static double draw_duration(struct rng *r, const struct spmd_law *law, double total)
{
	double u = uniform(r) * total;
	size_t i;

	for (i = 0; i + 1 < law->nr_atoms; i++) {
		if (u < law->atoms[i].weight)
			break;
		u -= law->atoms[i].weight;
	}
	return law->atoms[i].us;
}

static double weights(const struct spmd_law *law)
{
	double w = 0;
	size_t i;

	for (i = 0; i < law->nr_atoms; i++)
		w += law->atoms[i].weight;
	return w;
}

static double phase_noise(struct rng *r, const struct spmd_law *law, double e_theta,
			  double total)
{
	unsigned int k = poisson(r, e_theta);
	double s = 0;

	while (k--)
		s += draw_duration(r, law, total);
	return s;
}

struct sim {
	double	mean;
	double	se;	/* standard error of the mean */
};

/* @phases phases of @procs processes (0: one on each CPU; else at random) */
static struct sim simulate(const struct spmd_law *laws, size_t n, double phase, size_t procs,
			   unsigned int phases, uint64_t seed)
{
	double e_theta[8], total[8], sum = 0, sum2 = 0, mean;
	struct rng r = { seed };
	unsigned int p;
	size_t i;

	assert_true(n <= 8);
	for (i = 0; i < n; i++) {
		e_theta[i] = exp(-laws[i].rate * phase);
		total[i] = weights(&laws[i]);
	}
	for (p = 0; p < phases; p++) {
		double worst = 0;

		for (i = 0; i < (procs ? procs : n); i++) {
			size_t c = procs ? (size_t)(uniform(&r) * n) : i;
			double s = phase_noise(&r, &laws[c], e_theta[c], total[c]);

			if (s > worst)
				worst = s;
		}
		sum += worst;
		sum2 += worst * worst;
	}
	mean = sum / phases;
	return (struct sim){ mean, root((sum2 / phases - mean * mean) / phases) };
}

/* frequent short noise with a rare long tail; a quiet CPU; rare long events */
static const struct spmd_atom busy[] = { { 1, 800 }, { 2, 150 }, { 3, 50 }, { 80, 2 },
					 { 150, 1 } };
static const struct spmd_atom quiet[] = { { 2, 10 }, { 5, 1 } };
static const struct spmd_atom spiky[] = { { 1, 5 }, { 400, 1 } };

static const struct spmd_law mc_laws[] = {
	{ 0.02, ARRAY_SIZE(busy), busy },
	{ 0.001, ARRAY_SIZE(quiet), quiet },
	{ 0.0005, ARRAY_SIZE(spiky), spiky },
};

static double fine_max(const struct spmd_law *laws, size_t n, double phase, size_t procs,
		       double *step)
{
	struct spmd_grid g;
	double v;

	assert_int_equal(spmd_grid_phase_points(&g, laws, n, phase, 16 * SPMD_POINTS), 0);
	v = procs ? spmd_max_mixture(&g, procs) : spmd_max_each(&g);
	*step = g.step;
	spmd_grid_free(&g);
	return v;
}

/*
 * Two checks. The grid's error: the grid splits each duration between the
 * two points around it, which keeps the mean but blurs a phase's max by a
 * fraction of a step; against a grid 16 times finer the model moves by
 * less than half a step of its own. The model: on the fine grid it agrees
 * with the simulation within 4 standard errors of the simulation (a
 * chance of 6e-5 to fail if both are right, and the seed is fixed) plus a
 * step of the fine grid.
 */
static void check_mc(double phase, size_t procs, unsigned int phases, uint64_t seed)
{
	size_t n = ARRAY_SIZE(mc_laws);
	double step, fstep, model = phase_max(mc_laws, n, phase, procs, &step);
	double fine = fine_max(mc_laws, n, phase, procs, &fstep);
	struct sim s = simulate(mc_laws, n, phase, procs, phases, seed);
	double tol = 4 * s.se + fstep;

	print_message("phase %g us, %zu processes: model %.4f us (step %.4f), fine %.4f us "
		      "(step %.4f), simulation %.4f +- %.4f\n", phase, procs, model, step, fine,
		      fstep, s.mean, s.se);
	assert_near(model, fine, step / 2);
	assert_near(fine, s.mean, tol);
	/* and the tolerance is tight enough to mean something */
	assert_true(tol < 0.05 * s.mean + 0.05);
}

static void test_monte_carlo(void **state)
{
	(void)state;
	check_mc(1000, 1, 200000, 1);
	check_mc(1000, 2, 100000, 2);
	check_mc(1000, 8, 50000, 3);
	check_mc(1000, 0, 100000, 4);		/* one on each CPU: the product */
	check_mc(100, 0, 200000, 5);
	check_mc(100, 8, 400000, 6);
	check_mc(10000, 0, 20000, 7);
}

/*
 * Like the seed study (Vicente and Matias, "Exploratory Study on the Linux
 * OS Jitter"): the slowdown grows with the processes, fast at first, then
 * flattens: from 1 to 20 processes it grows much more than from 20 to 100.
 */
static void test_grows_and_flattens(void **state)
{
	struct spmd_law laws[100];
	double prev = 0, at1, at20, at100;
	struct spmd_grid g;
	size_t i, n;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(laws); i++)
		laws[i] = (struct spmd_law){ i % 2 ? 0.05 : 0.04, ARRAY_SIZE(busy) - 2, busy };
	assert_int_equal(spmd_grid_phase(&g, laws, ARRAY_SIZE(laws), 1000), 0);
	for (n = 1; n <= 128; n *= 2) {
		double v = spmd_max_mixture(&g, n);

		assert_true(v > prev);
		prev = v;
	}
	at1 = spmd_max_mixture(&g, 1);
	at20 = spmd_max_mixture(&g, 20);
	at100 = spmd_max_mixture(&g, 100);
	print_message("1 process %.3f us, 20: %.3f us, 100: %.3f us\n", at1, at20, at100);
	assert_true(at20 - at1 > 2.5 * (at100 - at20));
	assert_true(at100 > at20);
	/* one on each of 100 CPUs is near 100 drawn at random */
	assert_near(spmd_max_each(&g), at100, 0.05 * at100);
	spmd_grid_free(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_no_noise),
		cmocka_unit_test(test_direct_deterministic),
		cmocka_unit_test(test_mean_kept),
		cmocka_unit_test(test_two_cpus_exact),
		cmocka_unit_test(test_monte_carlo),
		cmocka_unit_test(test_grows_and_flattens),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
