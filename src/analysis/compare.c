// SPDX-License-Identifier: GPL-2.0
/*
 * compare - the metrics of two reports of one tool, per CPU and overall,
 * and the verdict (see compare.h)
 *
 * What a tool measures (its description's shape: noise, or a latency per
 * context) has its own table of metrics and fills a row of them from a
 * CPU of a report: a struct compare_shape (compare_shape.h), picked once
 * from shapes[]. A row holds every metric of one CPU (or of the CPUs
 * compared, overall) for both runs. The overall row is made the same way,
 * from a CPU that adds the CPUs up: the counts and times summed, the
 * maxima the largest, the histograms merged.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/compare_shape.h"
#include "base/log.h"

/* none for hwlat's gaps: its reports are refused when they are loaded */
static const struct compare_shape *const shapes[NR_SHAPES] = {
	[SHAPE_NOISE]	= &compare_noise,
	[SHAPE_LATENCY]	= &compare_latency,
};

static double max_of(double a, double b)
{
	return a > b ? a : b;
}

/* ---- the CPUs of many into one ---- */

/* @out += @h: the buckets of both, merged by index */
static int hist_merge(struct report_hist *out, const struct report_hist *h)
{
	struct report_bucket *m;
	size_t i = 0, j = 0, n = 0;

	if (!h->present)
		return 0;
	m = calloc(out->nr_buckets + h->nr_buckets + 1, sizeof(*m));
	if (!m)
		return -1;
	while (i < out->nr_buckets || j < h->nr_buckets) {
		if (j == h->nr_buckets ||
		    (i < out->nr_buckets && out->buckets[i].index < h->buckets[j].index)) {
			m[n++] = out->buckets[i++];
		} else if (i == out->nr_buckets || h->buckets[j].index < out->buckets[i].index) {
			m[n++] = h->buckets[j++];
		} else {
			m[n] = h->buckets[j++];
			m[n++].count += out->buckets[i++].count;
		}
	}
	free(out->buckets);
	if (!out->present)
		*out = (struct report_hist){ .present = true, .bucket = h->bucket,
					     .to_us = h->to_us, .entries = h->entries };
	out->buckets = m;
	out->nr_buckets = n;
	out->over += h->over;
	out->max = out->has_max && out->max > h->max ? out->max : h->max;
	out->has_max |= h->has_max;
	return 0;
}

static void add_lat(struct report_lat_stats *out, const struct report_lat_stats *s)
{
	if (!s->present)
		return;
	if (s->count) {
		out->min_us = out->count && out->min_us < s->min_us ? out->min_us : s->min_us;
		out->max_us = out->count && out->max_us > s->max_us ? out->max_us : s->max_us;
		out->avg_us = (out->avg_us * out->count + s->avg_us * s->count) /
			      (out->count + s->count);
	}
	out->present = true;
	out->count += s->count;
}

static void add_noise(struct report_cpu *out, const struct report_cpu *c)
{
	int i;

	out->runtime_us += c->runtime_us;
	out->noise_us += c->noise_us;
	out->max_noise_us = max_of(out->max_noise_us, c->max_noise_us);
	out->max_single_us = max_of(out->max_single_us, c->max_single_us);
	for (i = 0; i < NR_COUNTS; i++)
		out->counts[i] += c->counts[i];
}

/* the CPUs' tail as one: known where each CPU's is, its levels the highest */
static void add_tail(struct report_tail *out, const struct report_tail *t, bool first)
{
	int i;

	if (first) {
		*out = *t;
		return;
	}
	out->present &= t->present;
	out->trusted &= t->trusted;
	out->failed |= t->failed;
	for (i = 0; i < REPORT_TAIL_LEVELS; i++) {
		double a = out->level_us[i], b = t->level_us[i];

		out->level_us[i] = isnan(a) || isnan(b) ? NAN : fmax(a, b);
	}
}

static void free_merged(struct report_cpu *c)
{
	int i;

	free(c->hist.buckets);
	for (i = 0; i < NR_LATS; i++)
		free(c->lat[i].hist.buckets);
}

/* The CPUs @cpus of @r as one CPU; free with free_merged(). */
static int merge_cpus(const struct report_data *r, const struct cmp_cpus *cpus,
		      struct report_cpu *out)
{
	const struct report_cpu *c;
	size_t i;
	int lat;

	memset(out, 0, sizeof(*out));
	out->cpu = -1;
	for (i = 0; i < cpus->n; i++) {
		c = report_cpu_find(r, cpus->cpu[i]);
		add_noise(out, c);
		add_tail(&out->tail, &c->tail, !i);
		for (lat = 0; lat < NR_LATS; lat++) {
			add_lat(&out->lat[lat], &c->lat[lat]);
			if (hist_merge(&out->lat[lat].hist, &c->lat[lat].hist))
				return -1;
		}
		if (hist_merge(&out->hist, &c->hist))
			return -1;
	}
	out->avail_pct = out->runtime_us > 0 ?
			 100 * (out->runtime_us - out->noise_us) / out->runtime_us : NAN;
	return 0;
}

/* ---- CPU lists ---- */

static int cpus_alloc(struct cmp_cpus *l, size_t n)
{
	l->n = 0;
	l->cpu = calloc(n ? n : 1, sizeof(*l->cpu));
	return l->cpu ? 0 : -1;
}

static int cpus_of(const struct report_data *r, struct cmp_cpus *l)
{
	size_t i;

	if (cpus_alloc(l, r->nr_cpus))
		return -1;
	for (i = 0; i < r->nr_cpus; i++)
		l->cpu[l->n++] = r->cpus[i].cpu;
	return 0;
}

static int split_cpus(struct comparison *c)
{
	const struct report_data *a = c->a, *b = c->b;
	size_t i = 0, j = 0;

	if (cpus_alloc(&c->both, a->nr_cpus) || cpus_alloc(&c->only_a, a->nr_cpus) ||
	    cpus_alloc(&c->only_b, b->nr_cpus))
		return -1;
	while (i < a->nr_cpus || j < b->nr_cpus) {
		if (j == b->nr_cpus || (i < a->nr_cpus && a->cpus[i].cpu < b->cpus[j].cpu)) {
			c->only_a.cpu[c->only_a.n++] = a->cpus[i++].cpu;
		} else if (i == a->nr_cpus || b->cpus[j].cpu < a->cpus[i].cpu) {
			c->only_b.cpu[c->only_b.n++] = b->cpus[j++].cpu;
		} else {
			c->both.cpu[c->both.n++] = a->cpus[i++].cpu;
			j++;
		}
	}
	c->overall_all = !c->both.n;
	return 0;
}

/* ---- rows ---- */

/* the metrics of @cpu of @r, the tables' and the tail's, into side @side of @row */
static void fill_row(const struct comparison *c, const struct report_data *r,
		     const struct report_cpu *cpu, struct cmp_row *row, int side)
{
	c->shape->fill(r, cpu, row, side);
	compare_put_tail(row, c->nr_metrics, side, &cpu->tail);
}

static int make_rows(struct comparison *c)
{
	size_t i;

	c->rows = calloc(c->both.n ? c->both.n : 1, sizeof(*c->rows));
	if (!c->rows)
		return -1;
	for (i = 0; i < c->both.n; i++) {
		c->rows[i].cpu = c->both.cpu[i];
		fill_row(c, c->a, report_cpu_find(c->a, c->both.cpu[i]), &c->rows[i], 0);
		fill_row(c, c->b, report_cpu_find(c->b, c->both.cpu[i]), &c->rows[i], 1);
	}
	return 0;
}

static void find_worst(const struct comparison *c, const struct report_data *r,
		       const struct cmp_cpus *cpus, int side, struct cmp_worst *w)
{
	const struct cmp_cell *cell;
	struct cmp_row row;
	double v;
	size_t i;

	for (i = 0; i < cpus->n; i++) {
		memset(&row, 0, sizeof(row));
		c->shape->fill(r, report_cpu_find(r, cpus->cpu[i]), &row, side);
		cell = &row.v[c->worst_metric];
		v = side ? cell->b : cell->a;
		if ((side ? cell->has_b : cell->has_a) && (!w->set || v > w->value))
			*w = (struct cmp_worst){ true, cpus->cpu[i], v };
	}
}

/* One side of the overall row, over @cpus */
static int overall_side(struct comparison *c, const struct report_data *r,
			const struct cmp_cpus *cpus, int side)
{
	struct report_cpu merged;
	int ret;

	ret = merge_cpus(r, cpus, &merged);
	if (!ret)
		fill_row(c, r, &merged, &c->overall, side);
	free_merged(&merged);
	find_worst(c, r, cpus, side, side ? &c->worst_b : &c->worst_a);
	return ret;
}

static int make_overall(struct comparison *c)
{
	struct cmp_cpus all_a = { 0 }, all_b = { 0 };
	int ret = -1;

	c->overall.cpu = -1;
	if (!c->overall_all)
		return overall_side(c, c->a, &c->both, 0) || overall_side(c, c->b, &c->both, 1);
	if (!cpus_of(c->a, &all_a) && !cpus_of(c->b, &all_b))
		ret = overall_side(c, c->a, &all_a, 0) || overall_side(c, c->b, &all_b, 1);
	free(all_a.cpu);
	free(all_b.cpu);
	return ret;
}

/* ---- which metrics ---- */

static void choose_metrics(struct comparison *c)
{
	bool hist = c->a->has_hist && c->b->has_hist;
	bool user = c->a->has_user && c->b->has_user;
	int m;

	c->metrics = c->shape->metrics;
	c->nr_metrics = c->shape->nr_metrics;
	c->worst_metric = c->shape->worst_metric;
	for (m = 0; m < c->nr_metrics; m++)
		c->on[m] = (hist || !c->metrics[m].from_hist) &&
			   (user || c->metrics[m].lat != LAT_USER);
	c->tail_metrics = c->shape->tail_metrics;
	for (m = 0; m < CMP_TAIL_METRICS; m++)
		c->on[c->nr_metrics + m] = c->a->has_tail && c->b->has_tail;
}

/* ---- the whole ---- */

int compare_check(const struct report_data *a, const struct report_data *b)
{
	if (a->tool == b->tool)
		return 0;
	return report_tools_differ("compare", a, b, "compare two runs of the same tool");
}

int compare_reports(struct comparison *c, const struct report_data *a,
		    const struct report_data *b)
{
	memset(c, 0, sizeof(*c));
	c->a = a;
	c->b = b;
	c->tool = a->tool;
	c->shape = shapes[a->tool->shape];
	choose_metrics(c);
	if (split_cpus(c) || make_rows(c) || make_overall(c) || compare_sources(c) ||
	    compare_diffs(c)) {
		comparison_free(c);
		err_msg("out of memory");
		return -1;
	}
	compare_verdict(c);
	return 0;
}

void comparison_free(struct comparison *c)
{
	free(c->both.cpu);
	free(c->only_a.cpu);
	free(c->only_b.cpu);
	free(c->rows);
	free(c->sources);
	compare_free_diffs(c);
	compare_free_gate(c);
	memset(c, 0, sizeof(*c));
}
