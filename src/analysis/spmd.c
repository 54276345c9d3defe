// SPDX-License-Identifier: GPL-2.0
/*
 * spmd - the expected worst noise of N processes in a phase (see spmd.h)
 *
 * The grid. Every CPU's distribution is kept at the points k * step. A
 * duration v that falls between two points is split between them, the
 * lower one getting (1 - frac) of its weight and the upper one frac, so
 * that the mean of the durations, and so the mean noise of a phase, is
 * kept exactly; what is lost is detail finer than a step. The step is
 * chosen so that SPMD_POINTS points reach the bulk of the farthest CPU's
 * noise of a phase: its mean plus 3 standard deviations plus its longest
 * single event (theta * E[D] + 3 * sqrt(theta * E[D^2]) + max D, theta =
 * rate * phase). Each CPU's distribution is then computed point after
 * point, past that if need be, until the mass it covers is 1 -
 * SPMD_TAIL; a CPU that needs more than SPMD_MAX_POINTS (4 times the
 * bulk) doubles the step and every CPU starts again. So the grid covers
 * every CPU's noise but a tail of at most SPMD_TAIL, with the finest step
 * that does it in SPMD_MAX_POINTS.
 *
 * The compound Poisson distribution: Panjer's recursion, g(0) =
 * exp(-theta * (1 - f(0))), g(k) = theta / k * sum_j j f(j) g(k - j),
 * with f the durations on the grid. exp(-theta) underflows when a phase
 * holds more than ~700 events: g is kept scaled by a power of two (a
 * mantissa and a binary exponent), rescaled when it grows large; only the
 * last points the recursion still reads are rescaled.
 *
 * E[max]: for values on the points k * step, E[X] = step * sum over k of
 * P(X > k * step), exact for the distributions on the grid.
 */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/spmd.h"

#define REACH_SD	3.0
#define RESCALE_EXP	600		/* rescale g when it passes 2^600 */
#define MAX_TRIES	24
/*
 * The events of a phase counted at most: more is no measurement (a noise
 * lasts a microsecond or so), and bounds the time a damaged report costs
 */
#define MAX_EVENTS	1e7

/* e^x = mantissa * 2^(*e2): past what a double holds (a phase of many events) */
static double exp_parts(double x, long *e2)
{
	long k;

	if (x < -1e15)
		x = -1e15;
	k = (long)(x / M_LN2);		/* toward 0: the rest in (-ln 2, 0] */
	*e2 = k;
	return exp(x - (double)k * M_LN2);
}

/* m * 2^e2, with an exponent past any double's */
static double scaled(double m, long e2)
{
	if (e2 < -4000)
		return 0;
	if (e2 > 4000)
		e2 = 4000;
	return ldexp(m, (int)e2);
}

static double ipow(double x, size_t n)
{
	double r = 1;

	for (; n; n >>= 1) {
		if (n & 1)
			r *= x;
		x *= x;
	}
	return r;
}

/* ---- one law ---- */

struct law_stats {
	double	m1;		/* E[D] */
	double	m2;		/* E[D^2] */
	double	dmax;
	double	total;		/* the weights */
};

static double atom_us(const struct spmd_atom *a)
{
	return a->us > 0 ? a->us : 0;
}

static struct law_stats law_stats(const struct spmd_law *law)
{
	struct law_stats s = { 0 };
	size_t i;

	for (i = 0; i < law->nr_atoms; i++) {
		const struct spmd_atom *a = &law->atoms[i];
		double v = atom_us(a);

		if (!(a->weight > 0))
			continue;
		s.total += a->weight;
		s.m1 += a->weight * v;
		s.m2 += a->weight * v * v;
		if (v > s.dmax)
			s.dmax = v;
	}
	if (s.total > 0) {
		s.m1 /= s.total;
		s.m2 /= s.total;
	}
	return s;
}

/* The durations on the grid (see the top); f has room for dmax / step + 2. */
static size_t discretize(const struct spmd_law *law, double total, double step, double *f,
			 size_t nf)
{
	size_t i, k, used = 1;

	memset(f, 0, nf * sizeof(*f));
	for (i = 0; i < law->nr_atoms; i++) {
		const struct spmd_atom *a = &law->atoms[i];
		double pos = atom_us(a) / step, frac, w = a->weight / total;

		if (!(a->weight > 0))
			continue;
		k = (size_t)pos;
		if (k + 1 >= nf)
			k = nf - 2;
		frac = pos - (double)k;
		if (frac > 1)
			frac = 1;
		f[k] += w * (1 - frac);
		f[k + 1] += w * frac;
		if (frac > 0 && k + 2 > used)
			used = k + 2;
		else if (k + 1 > used)
			used = k + 1;
	}
	return used;
}

/* ---- where the CPUs' rows are added up ---- */

static int grid_alloc(struct spmd_grid *g, size_t n, size_t cap)
{
	memset(g, 0, sizeof(*g));
	g->nr_cpus = n;
	g->cap = cap;
	g->mean = calloc(cap, sizeof(*g->mean));
	g->all = calloc(cap, sizeof(*g->all));
	if (g->mean && g->all)
		return 0;
	spmd_grid_free(g);
	return -1;
}

static void grid_reset(struct spmd_grid *g, double step)
{
	size_t k;

	g->step = step;
	g->points = 1;
	for (k = 0; k < g->cap; k++) {
		g->mean[k] = 0;
		g->all[k] = 1;
	}
}

/* A CPU's CDF, @used points of it; past them it stays at its last value. */
static void grid_add(struct spmd_grid *g, const double *cdf, size_t used)
{
	size_t k;
	double v = 1;

	for (k = 0; k < g->cap; k++) {
		if (k < used)
			v = cdf[k] < 1 ? cdf[k] : 1;
		g->mean[k] += v;
		g->all[k] *= v;
	}
	if (used > g->points)
		g->points = used;
}

static void grid_finish(struct spmd_grid *g)
{
	size_t k;

	for (k = 0; k < g->points; k++)
		g->mean[k] = g->nr_cpus ? g->mean[k] / (double)g->nr_cpus : 1;
}

void spmd_grid_free(struct spmd_grid *g)
{
	free(g->mean);
	free(g->all);
	memset(g, 0, sizeof(*g));
}

/* ---- the noise of a phase ---- */

struct panjer {
	double		*f;		/* the durations on the grid */
	size_t		nf;
	size_t		*j;		/* the points j >= 1 where f is not 0 */
	double		*jf;		/* and j * f(j) there */
	size_t		nj;
	double		*g;		/* the scaled distribution */
	double		*cdf;
	size_t		cap;		/* the points g and cdf may have */
};

static void panjer_free(struct panjer *p)
{
	free(p->f);
	free(p->j);
	free(p->jf);
	free(p->g);
	free(p->cdf);
}

static int panjer_alloc(struct panjer *p, size_t nf, size_t cap)
{
	memset(p, 0, sizeof(*p));
	p->nf = nf;
	p->cap = cap;
	p->f = calloc(nf, sizeof(*p->f));
	p->j = calloc(nf, sizeof(*p->j));
	p->jf = calloc(nf, sizeof(*p->jf));
	p->g = calloc(cap, sizeof(*p->g));
	p->cdf = calloc(cap, sizeof(*p->cdf));
	if (p->f && p->j && p->jf && p->g && p->cdf)
		return 0;
	panjer_free(p);
	return -1;
}

static void panjer_terms(struct panjer *p, size_t used)
{
	size_t j;

	p->nj = 0;
	for (j = 1; j < used; j++) {
		if (p->f[j] <= 0)
			continue;
		p->j[p->nj] = j;
		p->jf[p->nj++] = (double)j * p->f[j];
	}
}

/* g(k) from the points before it */
static double panjer_point(const struct panjer *p, size_t k, double theta)
{
	double sum = 0;
	size_t i;

	for (i = 0; i < p->nj && p->j[i] <= k; i++)
		sum += p->jf[i] * p->g[k - p->j[i]];
	return theta * sum / (double)k;
}

/* g and the sum of it by 2^-RESCALE_EXP: the points the recursion still reads */
static void panjer_rescale(struct panjer *p, size_t k, double *sum, long *e2)
{
	size_t from = k + 1 > p->nf ? k + 1 - p->nf : 0, i;

	for (i = from; i <= k; i++)
		p->g[i] = ldexp(p->g[i], -RESCALE_EXP);
	*sum = ldexp(*sum, -RESCALE_EXP);
	*e2 += RESCALE_EXP;
}

/* The CDF of the phase's noise; the points used, 0 when p->cap are too few. */
static size_t panjer_run(struct panjer *p, double theta)
{
	double sum, limit = 1 - SPMD_TAIL;
	long e2;
	size_t k;

	p->g[0] = exp_parts(-theta * (1 - p->f[0]), &e2);
	sum = p->g[0];
	p->cdf[0] = scaled(sum, e2);
	for (k = 1; k < p->cap; k++) {
		if (p->cdf[k - 1] >= limit)
			return k;
		p->g[k] = panjer_point(p, k, theta);
		sum += p->g[k];
		if (p->g[k] > 0x1p600 || sum > 0x1p600)
			panjer_rescale(p, k, &sum, &e2);
		p->cdf[k] = scaled(sum, e2);
	}
	return p->cdf[k - 1] >= limit ? k : 0;
}

/* The mean number of events in a phase */
static double events(const struct spmd_law *law, double phase_us)
{
	double theta = law->rate * phase_us;

	return theta < MAX_EVENTS ? theta : MAX_EVENTS;
}

/* How far the noise of a phase reaches (see the top) */
static double reach(const struct spmd_law *law, double phase_us)
{
	struct law_stats s = law_stats(law);
	double theta = events(law, phase_us);

	if (!(theta > 0) || !(s.dmax > 0))
		return 0;
	return theta * s.m1 + REACH_SD * sqrt(theta * s.m2) + s.dmax;
}

/* One CPU on the grid, *fits false when it is too short for it; -1: out of memory */
static int phase_cpu(struct spmd_grid *g, const struct spmd_law *law, double phase_us,
		     bool *fits)
{
	struct law_stats s = law_stats(law);
	double theta = events(law, phase_us), one = 1;
	struct panjer p;
	size_t used;

	*fits = true;
	if (!(theta > 0) || !(s.total > 0)) {
		grid_add(g, &one, 1);
		return 0;
	}
	if (panjer_alloc(&p, (size_t)(s.dmax / g->step) + 2, g->cap))
		return -1;
	panjer_terms(&p, discretize(law, s.total, g->step, p.f, p.nf));
	used = panjer_run(&p, theta);
	if (used)
		grid_add(g, p.cdf, used);
	*fits = used > 0;
	panjer_free(&p);
	return 0;
}

int spmd_grid_phase_points(struct spmd_grid *g, const struct spmd_law *laws, size_t n,
			   double phase_us, size_t points)
{
	double far = 0, step;
	bool fits = false;
	size_t i;
	int tries;

	if (!points || grid_alloc(g, n, 4 * points))
		return -1;
	for (i = 0; i < n; i++)
		if (reach(&laws[i], phase_us) > far)
			far = reach(&laws[i], phase_us);
	step = far > 0 ? far / (double)points : 1;
	for (tries = 0; !fits && tries < MAX_TRIES; tries++, step *= 2) {
		grid_reset(g, step);
		fits = true;
		for (i = 0; i < n && fits; i++) {
			if (phase_cpu(g, &laws[i], phase_us, &fits)) {
				spmd_grid_free(g);
				return -1;
			}
		}
	}
	grid_finish(g);
	return 0;
}

int spmd_grid_phase(struct spmd_grid *g, const struct spmd_law *laws, size_t n,
		    double phase_us)
{
	return spmd_grid_phase_points(g, laws, n, phase_us, SPMD_POINTS);
}

/* ---- a distribution given as it is ---- */

static int direct_cpu(struct spmd_grid *g, const struct spmd_law *law)
{
	struct law_stats s = law_stats(law);
	double *f, one = 1;
	size_t nf, used, k;

	if (!(s.total > 0)) {
		grid_add(g, &one, 1);
		return 0;
	}
	nf = (size_t)(s.dmax / g->step) + 2;
	if (nf > g->cap)
		nf = g->cap;
	f = calloc(nf, sizeof(*f));
	if (!f)
		return -1;
	used = discretize(law, s.total, g->step, f, nf);
	for (k = 1; k < used; k++)
		f[k] += f[k - 1];
	grid_add(g, f, used);
	free(f);
	return 0;
}

int spmd_grid_direct(struct spmd_grid *g, const struct spmd_law *laws, size_t n)
{
	double far = 0;
	size_t i;

	if (grid_alloc(g, n, SPMD_MAX_POINTS))
		return -1;
	for (i = 0; i < n; i++) {
		struct law_stats s = law_stats(&laws[i]);

		if (s.total > 0 && s.dmax > far)
			far = s.dmax;
	}
	grid_reset(g, far > 0 ? far / SPMD_POINTS : 1);
	for (i = 0; i < n; i++) {
		if (direct_cpu(g, &laws[i])) {
			spmd_grid_free(g);
			return -1;
		}
	}
	grid_finish(g);
	return 0;
}

/* ---- the expected worst ---- */

double spmd_max_mixture(const struct spmd_grid *g, size_t procs)
{
	double sum = 0;
	size_t k;

	if (!g->mean || !procs)
		return 0;
	for (k = 0; k < g->points; k++)
		sum += 1 - ipow(g->mean[k], procs);
	return sum * g->step;
}

double spmd_max_each(const struct spmd_grid *g)
{
	double sum = 0;
	size_t k;

	if (!g->all)
		return 0;
	for (k = 0; k < g->points; k++)
		sum += 1 - g->all[k];
	return sum * g->step;
}
