// SPDX-License-Identifier: GPL-2.0
/*
 * tail_gate - each measured CPU's level at p against the limit, and the
 * verdict of them all (tail_gate.h)
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/tail_estimate.h"
#include "analysis/tail_gate.h"
#include "base/log.h"

#define GROWTH_DIVISOR	10	/* a series is estimated again when it grew by a tenth */

int tail_gate_init(struct tail_gate *g, double p, double limit_ns, int context,
		   const struct cpu_mask *cpus, int nr_cpus)
{
	int cpu, i = 0;

	memset(g, 0, sizeof(*g));
	g->cpu = calloc(cpu_mask_count(cpus) + 1, sizeof(*g->cpu));
	if (!g->cpu)
		return -1;
	for_each_cpu_in(cpu, cpus)
		if (cpu < nr_cpus)
			g->cpu[i++].cpu = cpu;
	g->nr = i;
	g->p = p;
	g->limit_ns = limit_ns;
	g->context = context;
	g->by = -1;
	return 0;
}

void tail_gate_free(struct tail_gate *g)
{
	free(g->cpu);
	memset(g, 0, sizeof(*g));
}

void tail_gate_reset(struct tail_gate *g)
{
	int i;

	for (i = 0; i < g->nr; i++)
		g->cpu[i] = (struct gate_cpu){ .cpu = g->cpu[i].cpu };
	g->verdict = GATE_UNDECIDED;
	g->by = -1;
	g->generation++;
}

bool tail_gate_due(const struct tail_gate *g, int i, const struct tail_store *s)
{
	const struct gate_cpu *c = &g->cpu[i];

	if (!c->done)
		return true;
	if (s->n == c->n)
		return false;
	/* too few: no fit is made, and the count is what changes */
	return c->state == GATE_FEW || s->n - c->n >= c->n / GROWTH_DIVISOR || s->max > c->max;
}

/* a level known: where its interval lies against the limit */
static enum gate_state against_limit(const struct tail_level *l, double limit_ns)
{
	if (l->lower > limit_ns)
		return GATE_CPU_ABOVE;
	return l->upper < limit_ns ? GATE_CPU_BELOW : GATE_WIDE;
}

/* no level: what kept it, from the estimate's checks */
static enum gate_state missing(const struct tail_estimate *e, double p)
{
	if (e->failed & (1u << TAIL_ENOUGH))
		return GATE_FEW;
	if (e->failed)
		return GATE_CHECKS;
	if (tail_estimate_trusted(e) && e->n && !(p < (double)e->k / (double)e->n))
		return GATE_WITHIN;
	return GATE_NO_FIT;
}

int tail_gate_estimate(const struct tail_gate *g, const struct tail_store *s,
		       struct gate_cpu *c)
{
	struct tail_estimate e;
	struct tail_level l;
	int ret = tail_estimate_level(s, g->p, &e, &l);

	if (ret < 0)
		return -1;
	*c = (struct gate_cpu){ .cpu = c->cpu, .done = true, .n = s->n, .max = s->max, .k = e.k,
				.failed = e.failed, .more_s = e.more_s };
	if (ret == 0) {
		c->level = l;
		c->state = against_limit(&l, g->limit_ns);
	} else {
		c->state = missing(&e, g->p);
	}
	/* a heavy tail supports no bound: it may be found above, never below */
	if (c->state == GATE_CPU_BELOW && e.heavy)
		c->state = GATE_HEAVY;
	/* a fit on few exceedances says little that far out: no decision yet */
	if (c->state >= GATE_WIDE && e.k < GATE_MIN_K) {
		c->state = GATE_FEW;
		c->more_s = e.rate_hz > 0 ? ((double)GATE_MIN_K * TAIL_SHARE - (double)e.n) /
					    e.rate_hz : INFINITY;
	}
	return 0;
}

void tail_gate_take(struct tail_gate *g, int i, const struct gate_cpu *fresh)
{
	int streak = g->cpu[i].done && g->cpu[i].state == fresh->state ? g->cpu[i].streak + 1 : 1;

	g->cpu[i] = *fresh;
	g->cpu[i].streak = streak;
	debug_msg("until-confident: CPU %d, %llu samples: state %d, %d in a row", fresh->cpu,
		  (unsigned long long)fresh->n, fresh->state, streak);
}

/* @c's state as the verdict counts it: a decision needs GATE_STREAK estimates, or the end */
static enum gate_state counted(const struct tail_gate *g, const struct gate_cpu *c)
{
	if (c->state < GATE_CPU_BELOW || g->final || c->streak >= GATE_STREAK)
		return c->state;
	return GATE_WIDE;
}

static double lower_of(const struct tail_level *l)
{
	return l->lower;
}

static double upper_of(const struct tail_level *l)
{
	return l->upper;
}

static double level_of(const struct tail_level *l)
{
	return l->level;
}

/* of the CPUs at least @least and at most @most, the one whose @key is the largest; -1: none */
static int largest(const struct tail_gate *g, enum gate_state least, enum gate_state most,
		   double (*key)(const struct tail_level *l))
{
	int i, best = -1;

	for (i = 0; i < g->nr; i++) {
		const struct gate_cpu *c = &g->cpu[i];

		if (counted(g, c) < least || counted(g, c) > most)
			continue;
		if (best < 0 || key(&c->level) > key(&g->cpu[best].level))
			best = i;
	}
	return best;
}

enum gate_verdict tail_gate_decide(struct tail_gate *g)
{
	int i, below = 0;

	for (i = 0; i < g->nr; i++)
		below += counted(g, &g->cpu[i]) == GATE_CPU_BELOW;
	g->by = largest(g, GATE_CPU_ABOVE, GATE_CPU_ABOVE, lower_of);
	if (g->by >= 0) {
		g->verdict = GATE_ABOVE;
	} else if (g->nr && below == g->nr) {
		g->verdict = GATE_BELOW;
		g->by = largest(g, GATE_CPU_BELOW, GATE_CPU_BELOW, upper_of);
	} else {
		g->verdict = GATE_UNDECIDED;
		g->by = largest(g, GATE_WIDE, GATE_CPU_ABOVE, level_of);
	}
	return g->verdict;
}

int tail_gate_update(struct tail_gate *g, const struct tail_set *set, bool all)
{
	int i;

	g->final = all;
	for (i = 0; i < g->nr; i++) {
		const struct tail_store *s = tail_set_series(set, g->cpu[i].cpu, g->context);
		bool due = s && (all ? !g->cpu[i].done || s->n != g->cpu[i].n :
				 tail_gate_due(g, i, s));
		struct gate_cpu fresh = { .cpu = g->cpu[i].cpu };

		if (!due)
			continue;
		if (tail_gate_estimate(g, s, &fresh)) {
			errno = ENOMEM;
			return -1;
		}
		tail_gate_take(g, i, &fresh);
	}
	tail_gate_decide(g);
	return 0;
}
