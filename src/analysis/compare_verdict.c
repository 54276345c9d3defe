// SPDX-License-Identifier: GPL-2.0
/*
 * compare_verdict - which run is better (see compare.h): on one metric (by
 * the margins of compare.h, which the gate and the renderers use too), and
 * overall by the metrics of the rule, most telling first (the CPU time lost
 * and the tail percentiles; a single maximum only without them), and
 * whether the runs are long enough, and far enough apart, to tell
 */
#include <math.h>
#include <string.h>

#include "analysis/compare_shape.h"

/* ---- a metric, and which run is better on it ---- */

int compare_metric_find(const struct comparison *c, const char *key)
{
	int m;

	for (m = 0; m < c->nr_metrics + CMP_TAIL_METRICS; m++)
		if (!strcmp(compare_metric(c, m)->key, key))
			return m;
	return -1;
}

const struct cmp_metric *compare_metric(const struct comparison *c, int m)
{
	return m < c->nr_metrics ? &c->metrics[m] : &c->tail_metrics[m - c->nr_metrics];
}

bool compare_is_tail(const struct comparison *c, int m)
{
	return m >= c->nr_metrics;
}

/* the share of CPU time lost, for "%" (the CPU available) */
double compare_badness(const struct cmp_metric *m, double v)
{
	return strcmp(m->unit, "%") ? v : 100 - v;
}

double compare_margin(const struct cmp_metric *m, const struct cmp_cell *cell, double a,
		      double b)
{
	double floor = strcmp(m->unit, "%") ? CMP_MARGIN_US : CMP_MARGIN_PCT;

	return fmax(fmax(floor, cell->resolution), CMP_MARGIN_REL * fmax(fabs(a), fabs(b)));
}

enum cmp_side compare_judge(const struct cmp_metric *m, const struct cmp_cell *cell)
{
	double a, b;

	if (!cell->has_a || !cell->has_b || m->better == BETTER_NEITHER)
		return SIDE_SAME;
	a = compare_badness(m, cell->a);
	b = compare_badness(m, cell->b);
	if (fabs(a - b) <= compare_margin(m, cell, a, b))
		return SIDE_SAME;
	return a < b ? SIDE_A : SIDE_B;
}

/* ---- what each run has ---- */

/* Is @cpu in the overall: one of both, or, when they share none, any */
static bool in_overall(const struct comparison *c, int cpu)
{
	size_t i;

	if (c->overall_all)
		return true;
	for (i = 0; i < c->both.n; i++)
		if (c->both.cpu[i] == cpu)
			return true;
	return false;
}

static double config_number(const struct report_data *r, const char *key)
{
	size_t i;

	for (i = 0; i < r->config.n; i++)
		if (!strcmp(r->config.v[i].key, key) &&
		    r->config.v[i].value.type == VALUE_NUMBER)
			return r->config.v[i].value.num;
	return NAN;
}

/*
 * What a CPU of @r measured of @m: osnoise its periods (its runtime over
 * the runtime of a period), timerlat the latencies of @m's context; with
 * @tail the samples of the histogram @m is read from
 */
static double cpu_samples(const struct report_data *r, const struct report_cpu *cpu,
			  const struct cmp_metric *m, bool tail)
{
	const struct report_hist *h = m->lat < 0 ? &cpu->hist : &cpu->lat[m->lat].hist;

	if (tail)
		return hist_values(h);
	if (m->lat >= 0)
		return cpu->lat[m->lat].count;
	return cpu->runtime_us / config_number(r, "config.runtime_us");
}

/* The fewest of a CPU of either run (@tail: the sum over each run's CPUs) */
static double fewest_samples(const struct comparison *c, const struct cmp_metric *m, bool tail)
{
	const struct report_data *runs[] = { c->a, c->b };
	double fewest = INFINITY, sum, n;
	size_t i, side;

	for (side = 0; side < 2; side++) {
		sum = 0;
		for (i = 0; i < runs[side]->nr_cpus; i++) {
			if (!in_overall(c, runs[side]->cpus[i].cpu))
				continue;
			n = cpu_samples(runs[side], &runs[side]->cpus[i], m, tail);
			if (!isfinite(n))
				continue;	/* not known: not held against it */
			sum += n;
			if (!tail && n < fewest)
				fewest = n;
		}
		if (tail && sum < fewest)
			fewest = sum;
	}
	return fewest;
}

/* The standard deviation of @m over the CPUs of both, in one run */
static double spread(const struct comparison *c, int m, int side)
{
	double v, sum = 0, sq = 0;
	const struct cmp_cell *cell;
	size_t i, n = 0;

	for (i = 0; i < c->both.n; i++) {
		cell = &c->rows[i].v[m];
		if (!(side ? cell->has_b : cell->has_a))
			continue;
		v = compare_badness(&c->metrics[m], side ? cell->b : cell->a);
		sum += v;
		sq += v * v;
		n++;
	}
	if (n < 2)
		return NAN;
	return sqrt(fmax(0, (sq - sum * sum / n) / (n - 1)));
}

/* ---- the verdict ---- */

/* Has each run at least CMP_TAIL_SAMPLES samples past the percentile of @step? */
static bool tail_known(const struct comparison *c, const struct cmp_rule_step *step, int m)
{
	return fewest_samples(c, &c->metrics[m], true) * (1 - step->pct / 100) >=
	       CMP_TAIL_SAMPLES;
}

/*
 * The steps known in both runs; a percentile with a tail to read it from;
 * a stand-in (a mean, a single maximum) only when no percentile is taken
 */
static void make_rule(struct comparison *c)
{
	const struct cmp_rule_step *steps = c->shape->rule;
	size_t i, n = c->shape->nr_rule;
	struct cmp_verdict *v = &c->verdict;
	bool tail = false;
	int m;

	for (i = 0; i < n && v->nr_rule < CMP_RULE_MAX; i++) {
		m = compare_metric_find(c, steps[i].key);
		if (m < 0 || !c->on[m] || (steps[i].stand_in && tail) ||
		    (steps[i].pct && !tail_known(c, &steps[i], m)))
			continue;
		tail |= steps[i].pct > 0;
		v->rule[v->nr_rule++] = m;
	}
}

/* In doubt about @m, which differs? */
static void doubt(struct comparison *c, int m)
{
	struct cmp_verdict *v = &c->verdict;
	double fewest = fewest_samples(c, &c->metrics[m], false);
	double d, s;

	if (fewest < c->shape->min_samples) {
		v->doubt = c->shape->too_few;
		v->fewest = fewest;
		return;
	}
	if (c->overall_all || c->both.n < 2)
		return;
	s = fmin(spread(c, m, 0), spread(c, m, 1));
	d = fabs(compare_badness(&c->metrics[m], c->overall.v[m].b) -
		 compare_badness(&c->metrics[m], c->overall.v[m].a));
	if (isfinite(s) && d <= s) {
		v->doubt = DOUBT_SPREAD;
		v->spread = s;
	}
}

static void ratio(struct comparison *c)
{
	struct cmp_verdict *v = &c->verdict;
	const struct cmp_cell *cell = &c->overall.v[v->metric];
	double a = compare_badness(&c->metrics[v->metric], cell->a);
	double b = compare_badness(&c->metrics[v->metric], cell->b);

	v->has_ratio = cell->has_a && cell->has_b && fmin(a, b) > 0;
	v->ratio = v->has_ratio ? fmax(a, b) / fmin(a, b) : 0;
}

void compare_verdict(struct comparison *c)
{
	struct cmp_verdict *v = &c->verdict;
	enum cmp_side side = SIDE_SAME;
	int i, m;

	memset(v, 0, sizeof(*v));
	v->second = -1;
	make_rule(c);
	if (!v->nr_rule)		/* nothing known: the worst, to say so */
		v->rule[v->nr_rule++] = c->worst_metric;
	v->metric = v->rule[0];
	for (i = 0; i < v->nr_rule && side == SIDE_SAME; i++) {
		m = v->rule[i];
		side = compare_judge(&c->metrics[m], &c->overall.v[m]);
		if (side != SIDE_SAME)
			v->metric = m;
	}
	if (v->nr_rule > 1)
		v->second = v->metric == v->rule[0] ? v->rule[1] : v->rule[0];
	ratio(c);
	if (side == SIDE_SAME)
		return;
	doubt(c, v->metric);
	v->leaning = side;
	v->better = v->doubt == DOUBT_NONE ? side : SIDE_SAME;
}
