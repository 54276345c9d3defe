// SPDX-License-Identifier: GPL-2.0
/*
 * tail_estimate - a series' tail by peaks over a threshold: the threshold
 * and its exceedances, the fit, the levels and horizons, and the checks
 * made before any of it is trusted (tail_estimate.h)
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/tail_estimate.h"

const double tail_probs[TAIL_NR_P] = { 1e-6, 1e-9 };

/*
 * The halves' intervals are 99 % ones (chi-square with one degree of
 * freedom at 0.99): with a hundred exceedances a half, profile intervals
 * of 90 % cover less than they say, and series of one distribution failed
 * the check 7 times in 100; with these, once in 100 (4 in 100 at 3000
 * samples, the fewest a fit takes).
 */
#define HALF_CHI2	6.634896601021214

const char *const tail_check_names[NR_TAIL_CHECKS] = {
	[TAIL_ENOUGH]	= "enough",
	[TAIL_STABLE]	= "stable",
	[TAIL_APART]	= "apart",
	[TAIL_FITS]	= "fits",
};

/* the points over the threshold and their excesses, for one fit */
struct tail_sample {
	struct tail_point	*pts;		/* the kept points, largest first */
	double			*y;		/* the excesses of the first k */
	size_t			len;
};

static void sample_free(struct tail_sample *t)
{
	free(t->pts);
	free(t->y);
}

static void check(struct tail_estimate *e, enum tail_check c, bool passed)
{
	e->checked |= 1u << c;
	if (!passed)
		e->failed |= 1u << c;
}

/* the threshold: one sample in TAIL_SHARE over it, as far as the store kept them */
static bool choose_threshold(const struct tail_store *s, struct tail_sample *t,
			     struct tail_estimate *e)
{
	uint64_t want = s->n / TAIL_SHARE;
	size_t at, k = 0;

	if (want > t->len - 1)
		want = t->len - 1;
	at = (size_t)want;
	if (at >= TAIL_MIN_K) {
		e->threshold = (double)t->pts[at].value;
		while (k < at && t->pts[k].value > t->pts[at].value)
			k++;
	}
	e->k = k;
	return k >= TAIL_MIN_K;
}

/* how much longer the run must go for TAIL_MIN_K exceedances at its rate */
static double more_time(const struct tail_store *s, const struct tail_estimate *e)
{
	double need = (double)TAIL_MIN_K * TAIL_SHARE;

	/* enough samples but too many ties at the threshold: time will not mend it */
	if (e->threshold > 0 || (double)s->n >= need || !(e->rate_hz > 0))
		return INFINITY;
	return (need - (double)s->n) / e->rate_hz;
}

static int take_points(const struct tail_store *s, struct tail_sample *t)
{
	memset(t, 0, sizeof(*t));
	if (!s->len)
		return 0;
	t->pts = malloc(s->len * sizeof(*t->pts));
	t->y = malloc(s->len * sizeof(*t->y));
	if (!t->pts || !t->y) {
		sample_free(t);
		errno = ENOMEM;
		return -1;
	}
	t->len = tail_store_sorted(s, t->pts);
	return 0;
}

/* the level at tail_probs[0] of the exceedances in one half of the series, its 99 % interval */
static bool fit_half(const struct tail_sample *t, const struct tail_estimate *e, int half,
		     struct tail_level *out, size_t *k_out)
{
	uint64_t mid = e->n / 2, n = half ? e->n - mid : mid;
	double *y = malloc(e->k * sizeof(*y));
	struct tail_fit fit;
	size_t i, k = 0;
	bool ok;

	*out = (struct tail_level){ tail_probs[0], NAN, NAN, NAN };
	if (!y)
		return false;
	for (i = 0; i < e->k; i++)
		if ((t->pts[i].seq >= mid) == (half == 1))
			y[k++] = t->y[i];
	*k_out = k;
	ok = k >= TAIL_MIN_K / 5 && !tail_fit_gpd(y, k, n, e->threshold, &fit);
	if (ok) {
		out->level = tail_fit_return_level(&fit, tail_probs[0]);
		out->lower = tail_fit_bound_at(&fit, y, tail_probs[0], false, HALF_CHI2);
		out->upper = tail_fit_bound_at(&fit, y, tail_probs[0], true, HALF_CHI2);
		ok = !isnan(out->lower) && !isnan(out->upper);
	}
	free(y);
	return ok;
}

/* the halves agree when their intervals meet */
static void check_halves(const struct tail_sample *t, struct tail_estimate *e)
{
	bool first = fit_half(t, e, 0, &e->half[0], &e->half_k[0]);
	bool ok = fit_half(t, e, 1, &e->half[1], &e->half_k[1]) && first;

	check(e, TAIL_STABLE, ok && e->half[0].lower <= e->half[1].upper &&
			      e->half[1].lower <= e->half[0].upper);
}

/* the fit and its checks; false when no fit could be made */
static bool fit_and_check(const struct tail_store *s, struct tail_sample *t,
			  struct tail_estimate *e, struct tail_fit *fit)
{
	size_t i;

	memset(e, 0, sizeof(*e));
	e->n = s->n;
	e->rate_hz = tail_store_rate(s);
	e->span_s = s->n > 1 ? (double)(s->last_ts - s->first_ts) / 1e9 : 0;
	e->max = t->len ? t->pts[0].value : 0;
	e->theta = e->ad = e->ad_critical = NAN;
	if (!t->len || !choose_threshold(s, t, e)) {
		check(e, TAIL_ENOUGH, false);
		e->more_s = more_time(s, e);
		return false;
	}
	check(e, TAIL_ENOUGH, true);
	for (i = 0; i < e->k; i++)
		t->y[i] = (double)t->pts[i].value - e->threshold;
	if (tail_fit_gpd(t->y, e->k, e->n, e->threshold, fit))
		return false;
	e->fitted = true;
	e->sigma = fit->sigma;
	e->xi = fit->xi;
	tail_fit_shape_interval(fit, t->y, &e->xi_lower, &e->xi_upper);
	e->heavy = e->xi_lower > 0;
	e->theta = tail_extremal_index(t->pts, e->k);
	check(e, TAIL_APART, !(e->theta < TAIL_MIN_THETA));
	e->ad = tail_anderson_darling(fit, t->y);
	e->ad_critical = tail_ad_critical(e->xi);
	check(e, TAIL_FITS, e->ad <= e->ad_critical);
	check_halves(t, e);
	return true;
}

/* the probability per sample that @q of the maxima of @samples samples stay under */
static double per_sample(double q, double samples)
{
	return -expm1(log(q) / samples);
}

/* the median of the horizon's maximum, and the ends of its 90 % prediction interval */
static void horizon(const struct tail_fit *fit, const double *y, double seconds,
		    double rate, struct tail_horizon *h)
{
	h->seconds = seconds;
	h->samples = seconds * rate;
	h->level.p = per_sample(0.5, h->samples);
	h->level.level = h->level.lower = h->level.upper = NAN;
	if (!(h->samples > 0) || !(per_sample(0.05, h->samples) < (double)fit->k / fit->n))
		return;		/* within what the run saw: no estimate by the fit */
	h->level.level = tail_fit_return_level(fit, h->level.p);
	h->level.lower = tail_fit_bound(fit, y, per_sample(0.05, h->samples), false);
	h->level.upper = tail_fit_bound(fit, y, per_sample(0.95, h->samples), true);
}

int tail_estimate(const struct tail_store *s, const double *horizons_s, int nr,
		  struct tail_estimate *e)
{
	struct tail_sample t;
	struct tail_fit fit;
	int i;

	if (take_points(s, &t))
		return -1;
	if (fit_and_check(s, &t, e, &fit)) {
		for (i = 0; i < TAIL_NR_P; i++)
			if (tail_fit_level(&fit, t.y, tail_probs[i], &e->p[i]))
				e->p[i] = (struct tail_level){ tail_probs[i], NAN, NAN, NAN };
		e->nr_horizons = nr < TAIL_MAX_HORIZONS ? nr : TAIL_MAX_HORIZONS;
		for (i = 0; i < e->nr_horizons; i++)
			horizon(&fit, t.y, horizons_s[i], e->rate_hz, &e->horizon[i]);
	}
	sample_free(&t);
	return 0;
}

bool tail_estimate_trusted(const struct tail_estimate *e)
{
	return e->fitted && !e->failed && e->checked == (1u << NR_TAIL_CHECKS) - 1;
}

int tail_estimate_level(const struct tail_store *s, double p, struct tail_estimate *e,
			struct tail_level *out)
{
	struct tail_sample t;
	struct tail_fit fit;
	int ret = 1;

	if (take_points(s, &t))
		return -1;
	if (fit_and_check(s, &t, e, &fit) && tail_estimate_trusted(e) &&
	    p < (double)fit.k / fit.n && !tail_fit_level(&fit, t.y, p, out))
		ret = 0;
	sample_free(&t);
	return ret;
}
