// SPDX-License-Identifier: GPL-2.0
/*
 * tail_fit - a generalized Pareto distribution fitted to the excesses over
 * a threshold by maximum likelihood, its return levels and their profile
 * likelihood intervals (tail_fit.h). NLopt does the maximizing; the
 * interval's ends are where the profile crosses its cut, found by
 * bisection.
 */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdbool.h>

#include <nlopt.h>

#include "analysis/tail_fit.h"

#define XI_ZERO		1e-9	/* |xi| below: the exponential limit */
#define MAX_EVAL	20000
#define BISECTIONS	64
#define CLOSE_ENOUGH	1e-5	/* a crossing found to this part of its distance from u */
#define WIDEST		1e6	/* an upper end past this many times the estimate's
				 * distance from u is no bound */

struct sample {
	const double	*y;
	size_t		k;
};

static double loglik(const struct sample *s, double sigma, double xi)
{
	double sum = 0;
	size_t i;

	if (!(sigma > 0))
		return -HUGE_VAL;
	if (fabs(xi) < XI_ZERO) {
		for (i = 0; i < s->k; i++)
			sum += s->y[i];
		return -(double)s->k * log(sigma) - sum / sigma;
	}
	for (i = 0; i < s->k; i++) {
		double t = xi * s->y[i] / sigma;

		if (!(t > -1))
			return -HUGE_VAL;
		sum += log1p(t);
	}
	return -(double)s->k * log(sigma) - (1 + 1 / xi) * sum;
}

/* NLopt's objective: x = (log sigma, xi); outside the support, the lowest finite value */
static double objective(unsigned n, const double *x, double *grad, void *data)
{
	double l = loglik(data, exp(x[0]), x[1]);

	(void)n;
	(void)grad;
	return isfinite(l) ? l : -DBL_MAX;
}

/* where to start: the method of moments, within the shapes searched */
static void moments(const struct sample *s, double *sigma, double *xi)
{
	double mean = 0, var = 0;
	size_t i;

	for (i = 0; i < s->k; i++)
		mean += s->y[i];
	mean /= (double)s->k;
	for (i = 0; i < s->k; i++)
		var += (s->y[i] - mean) * (s->y[i] - mean);
	var /= (double)(s->k - 1);
	*xi = var > 0 ? 0.5 * (1 - mean * mean / var) : 0;
	*xi = fmin(fmax(*xi, -0.4), 0.9);
	*sigma = mean * (1 - *xi);
}

/* maximize @f over @n variables from @x within [@lo, @hi]; the maximum, or NAN */
static double maximize(nlopt_func f, void *data, unsigned n, double *x, const double *lo,
		       const double *hi)
{
	nlopt_opt opt = nlopt_create(NLOPT_LN_NELDERMEAD, n);
	double best = NAN;

	if (!opt) {
		errno = ENOMEM;
		return NAN;
	}
	if (nlopt_set_lower_bounds(opt, lo) >= 0 && nlopt_set_upper_bounds(opt, hi) >= 0 &&
	    nlopt_set_max_objective(opt, f, data) >= 0 && nlopt_set_xtol_rel(opt, 1e-8) >= 0 &&
	    nlopt_set_maxeval(opt, MAX_EVAL) >= 0 && nlopt_optimize(opt, x, &best) < 0)
		best = NAN;
	nlopt_destroy(opt);
	if (!isfinite(best) || best <= -DBL_MAX)
		errno = ERANGE;
	return isfinite(best) && best > -DBL_MAX ? best : NAN;
}

static bool valid(const double *y, size_t k, size_t n)
{
	size_t i;

	if (k < 2 || n < k)
		return false;
	for (i = 0; i < k; i++)
		if (!(y[i] > 0) || !isfinite(y[i]))
			return false;
	return true;
}

int tail_fit_gpd(const double *y, size_t k, size_t n, double threshold, struct tail_fit *fit)
{
	struct sample s = { y, k };
	double sigma, xi, x[2], lo[2], hi[2], best;

	if (!valid(y, k, n)) {
		errno = EINVAL;
		return -1;
	}
	moments(&s, &sigma, &xi);
	x[0] = log(sigma);
	x[1] = xi;
	lo[0] = x[0] - 30;
	hi[0] = x[0] + 30;
	lo[1] = TAIL_XI_MIN;
	hi[1] = TAIL_XI_MAX;
	best = maximize(objective, &s, 2, x, lo, hi);
	if (isnan(best))
		return -1;
	*fit = (struct tail_fit){ .threshold = threshold, .n = n, .k = k,
				  .sigma = exp(x[0]), .xi = x[1], .loglik = best };
	return 0;
}

/* how many times rarer than an exceedance of u a sample past the level is */
static double rarity(const struct tail_fit *fit, double p)
{
	return (double)fit->k / (double)fit->n / p;
}

static double level_of(double u, double sigma, double xi, double r)
{
	if (fabs(xi) < XI_ZERO)
		return u + sigma * log(r);
	return u + sigma / xi * (pow(r, xi) - 1);
}

double tail_fit_return_level(const struct tail_fit *fit, double p)
{
	return level_of(fit->threshold, fit->sigma, fit->xi, rarity(fit, p));
}

/* the scale that puts the return level of rarity @r at @excess over u, with shape @xi */
static double scale_for(double excess, double xi, double r)
{
	if (fabs(xi) < XI_ZERO)
		return excess / log(r);
	return xi * excess / (pow(r, xi) - 1);
}

struct profile {
	struct sample	s;
	double		excess;		/* the level over u */
	double		r;		/* its rarity */
};

static double profile_objective(unsigned n, const double *x, double *grad, void *data)
{
	const struct profile *pr = data;
	double l = loglik(&pr->s, scale_for(pr->excess, x[0], pr->r), x[0]);

	(void)n;
	(void)grad;
	return isfinite(l) ? l : -DBL_MAX;
}

double tail_fit_profile(const struct tail_fit *fit, const double *y, double p, double level)
{
	struct profile pr = { { y, fit->k }, level - fit->threshold, rarity(fit, p) };
	double lo = TAIL_XI_MIN, hi = TAIL_XI_MAX, xi = fit->xi, best;

	if (!(pr.excess > 0) || !(pr.r > 1))
		return -HUGE_VAL;
	best = maximize(profile_objective, &pr, 1, &xi, &lo, &hi);
	return isnan(best) ? -HUGE_VAL : best;
}

/* the level between @in (profile over @cut) and @out (under it) where it crosses */
static double crossing(const struct tail_fit *fit, const double *y, double p, double cut,
		       double in, double out)
{
	double close = CLOSE_ENOUGH * fabs(in - fit->threshold);
	int i;

	for (i = 0; i < BISECTIONS && fabs(out - in) > close; i++) {
		double mid = (in + out) / 2;

		if (tail_fit_profile(fit, y, p, mid) >= cut)
			in = mid;
		else
			out = mid;
	}
	return (in + out) / 2;
}

/* the upper end: the profile falls under @cut somewhere past the estimate, or no bound */
static double upper_end(const struct tail_fit *fit, const double *y, double p, double cut,
			double level)
{
	double step = level - fit->threshold, out = level + step;

	while (tail_fit_profile(fit, y, p, out) >= cut) {
		step *= 2;
		if (step > WIDEST * (level - fit->threshold))
			return INFINITY;
		out = level + step;
	}
	return crossing(fit, y, p, cut, level, out);
}

double tail_fit_bound(const struct tail_fit *fit, const double *y, double p, bool upper)
{
	return tail_fit_bound_at(fit, y, p, upper, TAIL_CHI2_90);
}

double tail_fit_bound_at(const struct tail_fit *fit, const double *y, double p, bool upper,
			 double chi2)
{
	double cut = fit->loglik - chi2 / 2, level;

	if (!(p > 0) || !(rarity(fit, p) > 1))
		return NAN;
	level = tail_fit_return_level(fit, p);
	/* at u the profile has no support: the lower end is over it */
	return upper ? upper_end(fit, y, p, cut, level) :
		       crossing(fit, y, p, cut, level, fit->threshold);
}

int tail_fit_level(const struct tail_fit *fit, const double *y, double p,
		   struct tail_level *out)
{
	if (!(p > 0) || !(rarity(fit, p) > 1)) {
		errno = EINVAL;
		return -1;
	}
	*out = (struct tail_level){ .p = p, .level = tail_fit_return_level(fit, p),
				    .lower = tail_fit_bound(fit, y, p, false),
				    .upper = tail_fit_bound(fit, y, p, true) };
	return 0;
}

struct shape_profile {
	struct sample	s;
	double		xi;
};

static double shape_objective(unsigned n, const double *x, double *grad, void *data)
{
	const struct shape_profile *sp = data;
	double l = loglik(&sp->s, exp(x[0]), sp->xi);

	(void)n;
	(void)grad;
	return isfinite(l) ? l : -DBL_MAX;
}

double tail_fit_shape_profile(const struct tail_fit *fit, const double *y, double xi)
{
	struct shape_profile sp = { { y, fit->k }, xi };
	double x = log(fit->sigma), lo = x - 30, hi = x + 30, best;
	size_t i;

	/* a bounded tail must end past the largest excess: start there */
	for (i = 0; xi < 0 && i < fit->k; i++)
		x = fmax(x, log(-xi * y[i]) + 1e-9);
	best = maximize(shape_objective, &sp, 1, &x, &lo, &hi);
	return isnan(best) ? -HUGE_VAL : best;
}

/* the shape between @in (profile over @cut) and @out (under it) where it crosses */
static double shape_crossing(const struct tail_fit *fit, const double *y, double cut,
			     double in, double out)
{
	int i;

	for (i = 0; i < BISECTIONS && fabs(out - in) > 1e-6; i++) {
		double mid = (in + out) / 2;

		if (tail_fit_shape_profile(fit, y, mid) >= cut)
			in = mid;
		else
			out = mid;
	}
	return (in + out) / 2;
}

void tail_fit_shape_interval(const struct tail_fit *fit, const double *y, double *lower,
			     double *upper)
{
	double cut = fit->loglik - TAIL_CHI2_90 / 2;

	*lower = tail_fit_shape_profile(fit, y, TAIL_XI_MIN) >= cut ? TAIL_XI_MIN :
		 shape_crossing(fit, y, cut, fit->xi, TAIL_XI_MIN);
	*upper = tail_fit_shape_profile(fit, y, TAIL_XI_MAX) >= cut ? TAIL_XI_MAX :
		 shape_crossing(fit, y, cut, fit->xi, TAIL_XI_MAX);
}
