// SPDX-License-Identifier: GPL-2.0
/*
 * tail_run - the tail estimates of a run's series, made once at its end:
 * each measured CPU's contexts, then each context's CPUs together
 * (tail_estimate.h)
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/tail_estimate.h"

/* @s's estimate into a new series of @r; -1 with errno */
static int add_series(struct tail_run *r, int cpu, int context, const struct tail_store *s,
		      const double *horizons_s, int nr)
{
	struct tail_series *at = &r->series[r->nr];

	at->cpu = cpu;
	at->context = context;
	if (tail_estimate(s, horizons_s, nr, &at->e))
		return -1;
	r->nr++;
	return 0;
}

/* the one CPU series of @context with samples, or NULL (none, or more) */
static const struct tail_series *only_cpu(const struct tail_run *r, int context)
{
	const struct tail_series *one = NULL;
	int i;

	for (i = 0; i < r->nr; i++) {
		if (r->series[i].cpu < 0 || r->series[i].context != context)
			continue;
		if (one)
			return NULL;
		one = &r->series[i];
	}
	return one;
}

/* the CPUs together; the same series as one CPU's when only it had samples */
static int add_all(struct tail_run *r, const struct tail_set *t, int context,
		   const double *horizons_s, int nr)
{
	const struct tail_store *s = tail_set_series(t, -1, context);
	const struct tail_series *one = only_cpu(r, context);

	if (!s || !s->n)
		return 0;
	if (!one || one->e.n != s->n)
		return add_series(r, -1, context, s, horizons_s, nr);
	r->series[r->nr] = *one;
	r->series[r->nr++].cpu = -1;
	return 0;
}

int tail_run_estimate(struct tail_run *r, const struct tail_set *t, const struct cpu_mask *cpus,
		      const double *horizons_s, int nr)
{
	size_t most = ((size_t)t->nr_cpus + 1) * t->nr_contexts;
	int cpu, context;

	memset(r, 0, sizeof(*r));
	if (!most)
		return 0;
	if (!(r->series = calloc(most, sizeof(*r->series)))) {
		errno = ENOMEM;
		return -1;
	}
	for_each_cpu_in(cpu, cpus) {
		for (context = 0; cpu < t->nr_cpus && context < t->nr_contexts; context++) {
			const struct tail_store *s = tail_set_series(t, cpu, context);

			if (s->n && add_series(r, cpu, context, s, horizons_s, nr))
				return -1;
		}
	}
	for (context = 0; context < t->nr_contexts; context++)
		if (add_all(r, t, context, horizons_s, nr))
			return -1;
	return 0;
}

void tail_run_free(struct tail_run *r)
{
	free(r->series);
	memset(r, 0, sizeof(*r));
}
