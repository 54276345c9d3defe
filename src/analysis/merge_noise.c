// SPDX-License-Identifier: GPL-2.0
/*
 * merge_noise - a merge of reports of noise (osnoise top/hist, hwnoise):
 * the worst CPU is the one that lost the largest share of its time to
 * noise, its top source the one with the most time over the run; the law
 * of a CPU's noise is its histogram of single noises, at the rate of its
 * count over the runtime, and the projection a slowdown per phase (see
 * merge.h)
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/merge_shape.h"

static void noise_node(struct merge_node *nd)
{
	const struct report_data *r = nd->r;
	double runtime = 0, noise = 0;
	size_t i;

	for (i = 0; i < r->nr_cpus; i++) {
		const struct report_cpu *c = &r->cpus[i];
		double pct = c->avail_pct < 100 ? 100 - c->avail_pct : 0;

		runtime += c->runtime_us;
		noise += c->noise_us;
		if (c->max_single_us > nd->max_single_us)
			nd->max_single_us = c->max_single_us;
		if (c->runtime_us <= 0 || (nd->has_worst && pct <= nd->worst_noise_pct))
			continue;
		nd->has_worst = true;
		nd->worst_cpu = c->cpu;
		nd->worst_noise_pct = pct;
	}
	nd->noise_pct = runtime > 0 ? 100 * noise / runtime : 0;
}

static int source_cmp(const void *x, const void *y)
{
	const struct report_source *a = *(const struct report_source *const *)x;
	const struct report_source *b = *(const struct report_source *const *)y;
	int d = strcmp(a->kind, b->kind);

	return d ? d : strcmp(a->name, b->name);
}

/*
 * The source with the most time over the run on the node's worst CPU
 * (what to act on first), a thread by its name
 */
static int noise_top(struct merge_node *nd)
{
	const struct report_data *r = nd->r;
	const struct report_source **v = calloc(r->nr_sources + 1, sizeof(*v));
	double total = 0, us = 0;
	bool estimated = false;
	size_t i, n = 0;

	if (!v)
		return -1;
	for (i = 0; i < r->nr_sources; i++)
		if (r->sources[i].cpu == nd->worst_cpu &&
		    strcmp(r->sources[i].kind, "rtlens"))	/* rtlens stopped: no noise */
			v[n++] = &r->sources[i];
	qsort(v, n, sizeof(*v), source_cmp);
	for (i = 0; i < n; i++) {
		us += v[i]->us;
		total += v[i]->us;
		estimated |= v[i]->estimated;
		if (i + 1 < n && !source_cmp(&v[i], &v[i + 1]))
			continue;
		if (!nd->top.set || us > nd->top.us)
			nd->top = (struct merge_source){ true, v[i]->kind, v[i]->name, us, 0,
							 estimated };
		us = 0;
		estimated = false;
	}
	if (nd->top.set)
		nd->top.share_pct = total > 0 ? 100 * nd->top.us / total : 0;
	free(v);
	return 0;
}

static int make_node(struct merge_node *nd)
{
	noise_node(nd);
	return nd->r->has_analysis && nd->has_worst ? noise_top(nd) : 0;
}

static double badness(const struct merge_node *nd)
{
	return nd->worst_noise_pct;
}

static const struct report_hist *law_hist(const struct report_cpu *c)
{
	return &c->hist;
}

static double hist_total(const struct report_cpu *c)
{
	return c->noise_us;
}

static double rate(const struct report_cpu *c, double count)
{
	return count / c->runtime_us;
}

/* a CPU that ran: its law from its histogram, or from its counts without one */
static bool projected(const struct report_cpu *c, const struct report_hist *h)
{
	(void)h;
	return c->runtime_us > 0;
}

static const char *why_not(const struct merge *m, size_t nr_laws)
{
	(void)m;
	return nr_laws ? NULL : "no CPU of the reports ran (every runtime is 0)";
}

const struct merge_shape merge_noise = {
	.make_node	= make_node,
	.badness	= badness,
	.law_hist	= law_hist,
	.hist_total	= hist_total,
	.rate		= rate,
	.projected	= projected,
	.per_phase	= true,
	.why_not	= why_not,
};
