// SPDX-License-Identifier: GPL-2.0
/*
 * merge_latency - a merge of reports of latency (timerlat top/hist): the
 * worst CPU is the one with the largest thread latency, its top source
 * the part of the latency analyzed one source explains most; the law of a
 * CPU's latency is its histogram of thread latency, one value a cycle,
 * and the projection the expected worst latency of one cycle among N
 * CPUs. A report without histograms (top) keeps no distribution: no
 * projection then (see merge.h).
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/compare.h"
#include "analysis/merge_shape.h"

static int bucket_cmp(const void *x, const void *y)
{
	const struct report_bucket *a = x, *b = y;

	return (a->index > b->index) - (a->index < b->index);
}

/* The p99 of the thread latency of every CPU of @r: their histograms merged */
static int thread_p99(const struct report_data *r, bool *has, double *us)
{
	struct report_hist h = { .present = true };
	size_t i, j, n = 0;

	for (i = 0; i < r->nr_cpus; i++)
		n += r->cpus[i].lat[LAT_THREAD].hist.nr_buckets;
	h.buckets = calloc(n + 1, sizeof(*h.buckets));
	if (!h.buckets)
		return -1;
	for (i = 0; i < r->nr_cpus; i++) {
		const struct report_hist *c = &r->cpus[i].lat[LAT_THREAD].hist;

		if (!c->present)
			continue;
		h.bucket = c->bucket;
		h.to_us = c->to_us;
		h.entries = c->entries;
		h.over += c->over;
		if (c->has_max && (!h.has_max || c->max > h.max))
			h.max = c->max;
		h.has_max |= c->has_max;
		for (j = 0; j < c->nr_buckets; j++)
			h.buckets[h.nr_buckets++] = c->buckets[j];
	}
	qsort(h.buckets, h.nr_buckets, sizeof(*h.buckets), bucket_cmp);
	*has = hist_percentile(&h, 99, us);
	free(h.buckets);
	return 0;
}

static int latency_node(struct merge_node *nd)
{
	const struct report_data *r = nd->r;
	double sum = 0, count = 0;
	size_t i;

	for (i = 0; i < r->nr_cpus; i++) {
		const struct report_lat_stats *s = &r->cpus[i].lat[LAT_THREAD];

		if (!s->present || !s->count)
			continue;
		sum += s->avg_us * (double)s->count;
		count += (double)s->count;
		if (nd->has_worst && s->max_us <= nd->thread_max_us)
			continue;
		nd->has_worst = true;
		nd->worst_cpu = r->cpus[i].cpu;
		nd->thread_max_us = s->max_us;
	}
	nd->thread_avg_us = count > 0 ? sum / count : 0;
	return r->has_hist ? thread_p99(r, &nd->has_p99, &nd->thread_p99_us) : 0;
}

/* the part of the latency analyzed that one source explains most */
static void latency_top(struct merge_node *nd)
{
	const struct report_data *r = nd->r;
	size_t i;

	for (i = 0; i < r->nr_sources; i++) {
		const struct report_source *s = &r->sources[i];

		if (!strcmp(s->kind, "part") || (nd->top.set && s->us <= nd->top.us))
			continue;
		nd->top = (struct merge_source){ true, s->kind, s->name, s->us, 0, false };
	}
	if (nd->top.set && r->analysis_us > 0)
		nd->top.share_pct = 100 * nd->top.us / r->analysis_us;
}

static int make_node(struct merge_node *nd)
{
	if (latency_node(nd))
		return -1;
	if (nd->r->has_analysis)
		latency_top(nd);
	return 0;
}

static double badness(const struct merge_node *nd)
{
	return nd->thread_max_us;
}

static const struct report_hist *law_hist(const struct report_cpu *c)
{
	return &c->lat[LAT_THREAD].hist;
}

static double hist_total(const struct report_cpu *c)
{
	const struct report_lat_stats *s = &c->lat[LAT_THREAD];

	return s->present ? s->avg_us * (double)s->count : 0;
}

/* one latency a cycle */
static double rate(const struct report_cpu *c, double count)
{
	(void)c;
	(void)count;
	return 1;
}

/* a CPU with a histogram of thread latency and a sample */
static bool projected(const struct report_cpu *c, const struct report_hist *h)
{
	return h && c->lat[LAT_THREAD].count;
}

static const char *why_not(const struct merge *m, size_t nr_laws)
{
	size_t i;

	for (i = 0; i < m->nr_nodes; i++)
		if (!m->nodes[i].r->has_hist)
			return "a timerlat top report keeps only the min, avg and max "
			       "of each CPU, which do not give the distribution of the "
			       "latency: run timerlat hist on every node for a projection";
	if (!nr_laws)
		return "no CPU has a histogram of thread latencies (the reports were made "
		       "with --no-thread, or saw no sample)";
	return NULL;
}

const struct merge_shape merge_latency = {
	.make_node	= make_node,
	.badness	= badness,
	.law_hist	= law_hist,
	.hist_total	= hist_total,
	.rate		= rate,
	.projected	= projected,
	.per_phase	= false,
	.why_not	= why_not,
};
