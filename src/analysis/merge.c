// SPDX-License-Identifier: GPL-2.0
/*
 * merge - many nodes' reports of one tool together (see merge.h)
 *
 * The laws of noise the projection stands on (analysis/spmd.h), from a
 * CPU of a report:
 * - a histogram: each bucket is one duration among the whole values it
 *   can hold ([index * size, (index + 1) * size - 1], never above the
 *   histogram's max), at the same place in every bucket: the place where
 *   the values add up to the CPU's total (osnoise: noise_us; timerlat:
 *   avg * count) when the buckets allow it, else the middle. The values
 *   past the last bucket (over) are put at the max. The rate is the
 *   histogram's count over the CPU's runtime.
 * - no histogram (top reports): count = the interference counts added up,
 *   rate count / runtime; one event in count lasts max_single_us, the
 *   others (noise_us - max_single_us) / (count - 1): the total noise and
 *   the longest single noise are kept.
 * A CPU whose runtime is 0 measured nothing and is left out.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/compare.h"
#include "analysis/merge.h"
#include "analysis/spmd.h"
#include "base/log.h"

const double merge_default_phases[4] = { 100, 1000, 10000, 100000 };

int merge_check(const struct report_data *r, size_t n)
{
	size_t i;

	for (i = 1; i < n; i++)
		if (r[i].tool != r[0].tool)
			return report_tools_differ("merge", &r[0], &r[i], "merge the reports of "
						   "one tool: osnoise top/hist and hwnoise, "
						   "or timerlat top/hist");
	return 0;
}

/* ---- the labels ---- */

static const char *node_name(const struct report_data *r)
{
	const char *slash;

	if (r->hostname && *r->hostname)
		return r->hostname;
	slash = strrchr(r->path, '/');
	return slash && slash[1] ? slash + 1 : r->path;
}

static int make_labels(struct merge *m)
{
	size_t i, j;

	for (i = 0; i < m->nr_nodes; i++) {
		const char *name = node_name(m->nodes[i].r);
		int seen = 1, len;

		for (j = 0; j < i; j++)
			seen += !strcmp(node_name(m->nodes[j].r), name);
		if (seen > 1)
			len = asprintf(&m->nodes[i].label, "%s#%d", name, seen);
		else
			len = (m->nodes[i].label = strdup(name)) ? 0 : -1;
		if (len < 0) {
			m->nodes[i].label = NULL;
			return -1;
		}
	}
	return 0;
}

/* ---- osnoise nodes ---- */

static void osnoise_node(struct merge_node *nd)
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
 * osnoise: the source with the most time over the run on the node's worst
 * CPU (what to act on first), a thread by its name
 */
static int osnoise_top(struct merge_node *nd)
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

/* ---- timerlat nodes ---- */

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

static int timerlat_node(struct merge_node *nd)
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

/* timerlat: the part of the latency analyzed that one source explains most */
static void timerlat_top(struct merge_node *nd)
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

static int make_node(struct merge *m, struct merge_node *nd)
{
	nd->nr_cpus = nd->r->nr_cpus;
	if ((m->tool->shape == SHAPE_LATENCY)) {
		if (timerlat_node(nd))
			return -1;
		if (nd->r->has_analysis)
			timerlat_top(nd);
		return 0;
	}
	osnoise_node(nd);
	return nd->r->has_analysis && nd->has_worst ? osnoise_top(nd) : 0;
}

static double node_badness(const struct merge *m, const struct merge_node *nd)
{
	return (m->tool->shape == SHAPE_LATENCY) ? nd->thread_max_us : nd->worst_noise_pct;
}

static void find_worst(struct merge *m)
{
	size_t i;

	for (i = 0; i < m->nr_nodes; i++) {
		const struct merge_node *nd = &m->nodes[i];

		if (!nd->has_worst || (m->has_worst &&
		    node_badness(m, nd) <= node_badness(m, &m->nodes[m->worst_node])))
			continue;
		m->has_worst = true;
		m->worst_node = i;
	}
}

/* ---- the laws of the CPUs ---- */

struct law_set {
	size_t			n;
	struct spmd_law		*laws;
	struct spmd_atom	**atoms;	/* each law's, allocated */
	size_t			from_hist;
	size_t			from_counts;
};

static void law_set_free(struct law_set *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		free(s->atoms[i]);
	free(s->laws);
	free(s->atoms);
	memset(s, 0, sizeof(*s));
}

/* [lo, hi] of the whole values bucket @i can hold (in the histogram's unit) */
static void bucket_span(const struct report_hist *h, size_t i, double *lo, double *hi)
{
	*lo = h->buckets[i].index * h->bucket;
	*hi = *lo + h->bucket - 1;
	if (h->has_max && *hi > h->max)
		*hi = h->max;
	if (*hi < *lo)
		*hi = *lo;
}

/*
 * Where in its bucket a value sits, 0 (lowest) to 1 (highest), the same
 * for every bucket: so that the values add up to @total (in us) when it
 * is known and the buckets allow it, else the middle
 */
static double bucket_place(const struct report_hist *h, double total)
{
	double low = 0, high = 0, lo, hi, top = h->has_max ? h->max : h->entries * h->bucket;
	size_t i;

	for (i = 0; i < h->nr_buckets; i++) {
		bucket_span(h, i, &lo, &hi);
		low += lo * (double)h->buckets[i].count;
		high += hi * (double)h->buckets[i].count;
	}
	total = total / h->to_us - top * (double)h->over;
	if (!(total >= low && total <= high) || high <= low)
		return 0.5;
	return (total - low) / (high - low);
}

/* One atom per bucket (see bucket_place), and the values past it (over) at max */
static double hist_atoms(const struct report_hist *h, double total, struct spmd_atom *a,
			 size_t *n)
{
	double count = (double)h->over, top = h->has_max ? h->max : h->entries * h->bucket;
	double place = bucket_place(h, total), lo, hi;
	size_t i;

	for (i = 0; i < h->nr_buckets; i++) {
		bucket_span(h, i, &lo, &hi);
		a[(*n)++] = (struct spmd_atom){ (lo + place * (hi - lo)) * h->to_us,
						(double)h->buckets[i].count };
		count += (double)h->buckets[i].count;
	}
	if (h->over)
		a[(*n)++] = (struct spmd_atom){ top * h->to_us, (double)h->over };
	return count;
}

/* No histogram: the total noise and the longest single one kept */
static double count_atoms(const struct report_cpu *c, struct spmd_atom *a, size_t *n)
{
	double count = 0, single = c->max_single_us;
	int i;

	for (i = 0; i < NR_COUNTS; i++)
		count += c->counts[i];
	if (count < 1 || c->noise_us <= 0)
		return 0;
	if (count < 2) {
		a[(*n)++] = (struct spmd_atom){ c->noise_us, 1 };
		return 1;
	}
	if (single > c->noise_us)
		single = c->noise_us;
	a[(*n)++] = (struct spmd_atom){ single, 1 };
	a[(*n)++] = (struct spmd_atom){ (c->noise_us - single) / (count - 1), count - 1 };
	return count;
}

static const struct report_hist *law_hist(const struct merge *m, const struct report_data *r,
					  const struct report_cpu *c)
{
	const struct report_hist *h;

	if (!r->has_hist)
		return NULL;
	h = (m->tool->shape == SHAPE_LATENCY) ? &c->lat[LAT_THREAD].hist : &c->hist;
	return h->present ? h : NULL;
}

/* What the values of the CPU's histogram add up to, in us; 0: not known */
static double hist_total(const struct merge *m, const struct report_cpu *c)
{
	const struct report_lat_stats *s = &c->lat[LAT_THREAD];

	if (!(m->tool->shape == SHAPE_LATENCY))
		return c->noise_us;
	return s->present ? s->avg_us * (double)s->count : 0;
}

static int add_law(const struct merge *m, struct law_set *s, const struct report_data *r,
		   const struct report_cpu *c)
{
	const struct report_hist *h = law_hist(m, r, c);
	struct spmd_atom *a = calloc((h ? h->nr_buckets : 0) + 2, sizeof(*a));
	struct spmd_law *law = &s->laws[s->n];
	double count;

	if (!a)
		return -1;
	s->atoms[s->n++] = a;
	*law = (struct spmd_law){ .atoms = a };
	if (h) {
		count = hist_atoms(h, hist_total(m, c), a, &law->nr_atoms);
		s->from_hist++;
	} else {
		count = count_atoms(c, a, &law->nr_atoms);
		s->from_counts++;
	}
	law->rate = (m->tool->shape == SHAPE_LATENCY) ? 1 : count / c->runtime_us;
	return 0;
}

/* Does @c count in the projection? osnoise: it ran; timerlat: it has a histogram */
static bool projected(const struct merge *m, const struct report_data *r,
		      const struct report_cpu *c)
{
	if (!(m->tool->shape == SHAPE_LATENCY))
		return c->runtime_us > 0;
	return law_hist(m, r, c) && c->lat[LAT_THREAD].count;
}

static int make_laws(const struct merge *m, struct law_set *s)
{
	size_t i, j, n = 0;

	memset(s, 0, sizeof(*s));
	for (i = 0; i < m->nr_nodes; i++)
		n += m->nodes[i].r->nr_cpus;
	s->laws = calloc(n + 1, sizeof(*s->laws));
	s->atoms = calloc(n + 1, sizeof(*s->atoms));
	if (!s->laws || !s->atoms)
		return -1;
	for (i = 0; i < m->nr_nodes; i++) {
		const struct report_data *r = m->nodes[i].r;

		for (j = 0; j < r->nr_cpus; j++)
			if (projected(m, r, &r->cpus[j]) && add_law(m, s, r, &r->cpus[j]))
				return -1;
	}
	return 0;
}

/* ---- the projection ---- */

static int make_rows(struct merge_projection *p)
{
	size_t n = 1, procs;

	for (procs = 1; procs < p->nr_cpus; procs *= 2)
		n++;
	p->rows = calloc(n, sizeof(*p->rows));
	if (!p->rows)
		return -1;
	for (procs = 1; procs < p->nr_cpus; procs *= 2)
		p->rows[p->nr_rows++].procs = procs;
	p->rows[p->nr_rows].procs = p->nr_cpus;
	p->rows[p->nr_rows++].all = true;
	return 0;
}

static void fill_column(struct merge_projection *p, const struct spmd_grid *g, size_t col)
{
	size_t i;

	p->step_us[col] = g->step;
	for (i = 0; i < p->nr_rows; i++) {
		struct merge_row *row = &p->rows[i];

		row->max_us[col] = row->all ? spmd_max_each(g) : spmd_max_mixture(g, row->procs);
		if (p->nr_phases)
			row->slowdown_pct[col] = 100 * row->max_us[col] / p->phase_us[col];
	}
}

static int project_columns(struct merge_projection *p, const struct law_set *s,
			   const struct tool_desc *tool)
{
	struct spmd_grid g;
	size_t col;

	if ((tool->shape == SHAPE_LATENCY)) {
		if (spmd_grid_direct(&g, s->laws, s->n))
			return -1;
		fill_column(p, &g, 0);
		spmd_grid_free(&g);
		return 0;
	}
	for (col = 0; col < p->nr_phases; col++) {
		if (spmd_grid_phase(&g, s->laws, s->n, p->phase_us[col]))
			return -1;
		fill_column(p, &g, col);
		spmd_grid_free(&g);
	}
	return 0;
}

static const char *no_projection(const struct merge *m, const struct law_set *s)
{
	size_t i;

	if ((m->tool->shape == SHAPE_LATENCY)) {
		for (i = 0; i < m->nr_nodes; i++)
			if (!m->nodes[i].r->has_hist)
				return "a timerlat top report keeps only the min, avg and max "
				       "of each CPU, which do not give the distribution of the "
				       "latency: run timerlat hist on every node for a projection";
		if (!s->n)
			return "no CPU has a histogram of thread latencies (the reports were made "
			       "with --no-thread, or saw no sample)";
		return NULL;
	}
	return s->n ? NULL : "no CPU of the reports ran (every runtime is 0)";
}

static int project(struct merge *m, const double *phase_us, size_t nr_phases)
{
	struct merge_projection *p = &m->proj;
	struct law_set s;
	int ret = -1;

	if (!(m->tool->shape == SHAPE_LATENCY)) {
		p->nr_phases = nr_phases;
		memcpy(p->phase_us, phase_us, nr_phases * sizeof(*phase_us));
	}
	if (make_laws(m, &s))
		goto out;
	p->nr_cpus = s.n;
	p->from_hist = s.from_hist;
	p->from_counts = s.from_counts;
	p->why_not = no_projection(m, &s);
	ret = 0;
	if (p->why_not)
		goto out;
	ret = make_rows(p) || project_columns(p, &s, m->tool) ? -1 : 0;
	p->made = !ret;
out:
	law_set_free(&s);
	return ret;
}

int merge_reports(struct merge *m, const struct report_data *r, size_t n,
		  const double *phase_us, size_t nr_phases)
{
	size_t i;

	memset(m, 0, sizeof(*m));
	if (!n) {
		err_msg("no report to merge");
		return -1;
	}
	if (nr_phases > MERGE_MAX_PHASES)
		nr_phases = MERGE_MAX_PHASES;
	m->tool = r[0].tool;
	m->nodes = calloc(n, sizeof(*m->nodes));
	if (!m->nodes)
		goto oom;
	m->nr_nodes = n;
	for (i = 0; i < n; i++)
		m->nodes[i].r = &r[i];
	if (make_labels(m))
		goto oom;
	for (i = 0; i < n; i++)
		if (make_node(m, &m->nodes[i]))
			goto oom;
	find_worst(m);
	if (project(m, phase_us, nr_phases))
		goto oom;
	return 0;
oom:
	merge_free(m);
	err_msg("out of memory");
	return -1;
}

void merge_free(struct merge *m)
{
	size_t i;

	for (i = 0; m->nodes && i < m->nr_nodes; i++)
		free(m->nodes[i].label);
	free(m->nodes);
	free(m->proj.rows);
	memset(m, 0, sizeof(*m));
}
