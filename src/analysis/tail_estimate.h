/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tail_estimate - what a longer run would see, from a series' largest
 * samples (model/tail_store.h): the samples over a threshold fitted with
 * a generalized Pareto distribution (tail_fit.h), the levels exceeded with
 * probability 1e-6 and 1e-9 per sample, the worst expected over horizons
 * at the run's rate, each with its 90 % interval; and the checks the fit
 * must pass before any of it is shown (tail_checks.c).
 *
 * Values are in ns, as the samples are.
 */
#ifndef RTLENS_TAIL_ESTIMATE_H
#define RTLENS_TAIL_ESTIMATE_H

#include <stdbool.h>
#include <stddef.h>

#include "analysis/tail_fit.h"
#include "base/cpulist.h"
#include "model/tail_store.h"

#define TAIL_NR_P		2	/* the probabilities: 1e-6, 1e-9 */
#define TAIL_MAX_HORIZONS	8
#define TAIL_MIN_K		50	/* exceedances a fit needs */
#define TAIL_SHARE		50	/* one sample in this many is an exceedance */
#define TAIL_MIN_THETA		0.6	/* an extremal index under: bursts */

extern const double tail_probs[TAIL_NR_P];

/* the checks an estimate must pass, in the order they are made */
enum tail_check {
	TAIL_ENOUGH,		/* TAIL_MIN_K exceedances or more */
	TAIL_STABLE,		/* the halves of the run agree */
	TAIL_APART,		/* the exceedances do not come in bursts */
	TAIL_FITS,		/* the distribution fits them */
	NR_TAIL_CHECKS
};

extern const char *const tail_check_names[NR_TAIL_CHECKS];

/* the worst sample expected in a horizon: a median, and its 90 % prediction interval */
struct tail_horizon {
	double		seconds;
	double		samples;	/* the samples in it, at the run's rate */
	struct tail_level level;	/* p: the median's probability per sample */
};

struct tail_estimate {
	uint64_t		n;		/* the samples */
	double			span_s;		/* the time they span */
	double			rate_hz;	/* per second (0: not known) */
	uint64_t		max;		/* the largest seen */
	double			threshold;	/* u */
	size_t			k;		/* exceedances of u */
	bool			fitted;		/* sigma, xi and what follows are set */
	double			sigma;
	double			xi;
	double			xi_lower;	/* xi's 90 % interval */
	double			xi_upper;
	bool			heavy;		/* xi_lower > 0: no finite bound */
	struct tail_level	p[TAIL_NR_P];
	int			nr_horizons;
	struct tail_horizon	horizon[TAIL_MAX_HORIZONS];

	/* the checks: failed has bit (1 << enum tail_check) set for each failed */
	unsigned int		failed;
	unsigned int		checked;	/* those made (a check needs the fit) */
	double			more_s;		/* TAIL_ENOUGH failed: run this much longer (INFINITY: rate unknown) */
	struct tail_level	half[2];	/* tail_probs[0]'s level in each half */
	size_t			half_k[2];
	double			theta;		/* the extremal index */
	double			ad;		/* the Anderson-Darling statistic */
	double			ad_critical;	/* its 1 % critical value at xi */
};

/*
 * Estimate @s's tail, with the horizons @horizons_s (@nr, at most
 * TAIL_MAX_HORIZONS). 0 (see ->failed, ->fitted), or -1 with errno
 * (ENOMEM).
 */
int tail_estimate(const struct tail_store *s, const double *horizons_s, int nr,
		  struct tail_estimate *e);
/* Every check made passed, and all were made. */
bool tail_estimate_trusted(const struct tail_estimate *e);
/*
 * Only the level at @p and its interval (--until-confident's gate): 0, 1
 * when the checks do not pass yet (-> ENOUGH, FITS...: @e says which), -1
 * with errno.
 */
int tail_estimate_level(const struct tail_store *s, double p, struct tail_estimate *e,
			struct tail_level *out);

/* a run's series and its estimate: its CPU (-1: the measured CPUs together) and context */
struct tail_series {
	int			cpu;
	int			context;
	struct tail_estimate	e;
};

/* the estimates of a run, made once at its end (tail_run.c) */
struct tail_run {
	int			nr;
	struct tail_series	*series;
};

/*
 * The estimate of each series of @t with samples: each CPU of @cpus, its
 * contexts in order, then each context's CPUs together; with the horizons
 * @horizons_s (@nr). 0, or -1 with errno (ENOMEM). tail_run_free() after,
 * whatever it returns.
 */
int tail_run_estimate(struct tail_run *r, const struct tail_set *t, const struct cpu_mask *cpus,
		      const double *horizons_s, int nr);
void tail_run_free(struct tail_run *r);

/* tail_checks.c: the checks, on the points over u (largest first) and the fit */
double tail_extremal_index(const struct tail_point *over, size_t k);
/* Anderson-Darling of @y (excesses) against @fit, and its 1 % critical value at @xi */
double tail_anderson_darling(const struct tail_fit *fit, const double *y);
double tail_ad_critical(double xi);

#endif
