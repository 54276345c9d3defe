/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tail_fit - the tail of a distribution of samples by extreme value
 * theory (peaks over a threshold): the samples over a threshold u fitted
 * with a generalized Pareto distribution by maximum likelihood (NLopt
 * maximizes it), the level a sample exceeds with a given probability (a
 * return level), and that level's confidence interval from its profile
 * likelihood. The rate of exceedances, k of n samples, is taken as known.
 *
 * A shape xi > 0 is a heavy tail (no bound), xi < 0 a bounded one (at
 * u - sigma / xi), xi = 0 an exponential tail.
 */
#ifndef RTLENS_TAIL_FIT_H
#define RTLENS_TAIL_FIT_H

#include <stdbool.h>
#include <stddef.h>

/* the shapes searched: an interval's end at one of them is "that far or farther" */
#define TAIL_XI_MIN	-0.9	/* below -0.5 the estimate is irregular; keep a margin */
#define TAIL_XI_MAX	3.0

/* chi-square with one degree of freedom at 0.90: the profile's cut for 90 % */
#define TAIL_CHI2_90	2.705543454095404

struct tail_fit {
	double		threshold;	/* u, in the samples' unit */
	size_t		n;		/* the samples */
	size_t		k;		/* those over u: the exceedances fitted */
	double		sigma;		/* the distribution's scale, in the samples' unit */
	double		xi;		/* and its shape */
	double		loglik;		/* the log-likelihood at (sigma, xi) */
};

struct tail_level {
	double		p;		/* the probability a sample exceeds it */
	double		level;		/* the estimate */
	double		lower;		/* its 90 % confidence interval; */
	double		upper;		/* upper INFINITY: no finite bound */
};

/*
 * Fit the @k excesses @y (each a sample minus @threshold, all > 0) of @n
 * samples. 0, or -1 with errno: EINVAL (fewer than 2 excesses, one not
 * over 0, @n < @k), ERANGE (no maximum found), ENOMEM.
 */
int tail_fit_gpd(const double *y, size_t k, size_t n, double threshold, struct tail_fit *fit);
/* The level exceeded with probability @p per sample, by @fit's parameters (@p below k/n). */
double tail_fit_return_level(const struct tail_fit *fit, double p);
/*
 * The log-likelihood of @y at its best parameters whose return level of
 * probability @p is @level: the profile that bounds the interval.
 */
double tail_fit_profile(const struct tail_fit *fit, const double *y, double p, double level);
/* One end of that interval (NAN: @p not below k/n). */
double tail_fit_bound(const struct tail_fit *fit, const double *y, double p, bool upper);
/* The same for another confidence: @chi2, chi-square with one degree of freedom at it. */
double tail_fit_bound_at(const struct tail_fit *fit, const double *y, double p, bool upper,
			 double chi2);
/* @p's return level and its 90 % interval, from @fit of @y. 0, or -1 with errno. */
int tail_fit_level(const struct tail_fit *fit, const double *y, double p,
		   struct tail_level *out);

/* The log-likelihood of @y at the best scale with shape @xi: the shape's profile. */
double tail_fit_shape_profile(const struct tail_fit *fit, const double *y, double xi);
/*
 * The shape's 90 % interval from its profile (the shapes searched, -0.9 to
 * 3, where it reaches them): a lower end over 0 is a heavy tail, at 95 %.
 */
void tail_fit_shape_interval(const struct tail_fit *fit, const double *y, double *lower,
			     double *upper);

#endif
