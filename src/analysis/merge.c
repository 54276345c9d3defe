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
 *   histogram's count over the CPU's runtime (timerlat: one a cycle).
 * - no histogram (top reports): count = the interference counts added up,
 *   rate count / runtime; one event in count lasts max_single_us, the
 *   others (noise_us - max_single_us) / (count - 1): the total noise and
 *   the longest single noise are kept.
 * A CPU whose runtime is 0 measured nothing and is left out.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/merge_shape.h"
#include "analysis/spmd.h"
#include "base/log.h"

const double merge_default_phases[4] = { 100, 1000, 10000, 100000 };

/* what a merge does per shape of the reports (hwlat's are refused when read) */
static const struct merge_shape *const shapes[NR_SHAPES] = {
	[SHAPE_NOISE]	= &merge_noise,
	[SHAPE_LATENCY]	= &merge_latency,
};

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

/* ---- the nodes ---- */

static void find_worst(struct merge *m)
{
	size_t i;

	for (i = 0; i < m->nr_nodes; i++) {
		const struct merge_node *nd = &m->nodes[i];

		if (!nd->has_worst || (m->has_worst &&
		    m->shape->badness(nd) <= m->shape->badness(&m->nodes[m->worst_node])))
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

/* The histogram of its shape @c's law stands on; NULL: @r has none, or @c not that one */
static const struct report_hist *law_hist(const struct merge *m, const struct report_data *r,
					  const struct report_cpu *c)
{
	const struct report_hist *h;

	if (!r->has_hist)
		return NULL;
	h = m->shape->law_hist(c);
	return h->present ? h : NULL;
}

static int add_law(const struct merge *m, struct law_set *s, const struct report_cpu *c,
		   const struct report_hist *h)
{
	struct spmd_atom *a = calloc((h ? h->nr_buckets : 0) + 2, sizeof(*a));
	struct spmd_law *law = &s->laws[s->n];
	double count;

	if (!a)
		return -1;
	s->atoms[s->n++] = a;
	*law = (struct spmd_law){ .atoms = a };
	if (h) {
		count = hist_atoms(h, m->shape->hist_total(c), a, &law->nr_atoms);
		s->from_hist++;
	} else {
		count = count_atoms(c, a, &law->nr_atoms);
		s->from_counts++;
	}
	law->rate = m->shape->rate(c, count);
	return 0;
}

/* @c's law added to @s when it counts in the projection */
static int add_cpu(const struct merge *m, struct law_set *s, const struct report_data *r,
		   const struct report_cpu *c)
{
	const struct report_hist *h = law_hist(m, r, c);

	return m->shape->projected(c, h) ? add_law(m, s, c, h) : 0;
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
			if (add_cpu(m, s, r, &r->cpus[j]))
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

/* One column per phase, a slowdown each; or one of a cycle */
static int project_columns(struct merge_projection *p, const struct law_set *s, bool per_phase)
{
	struct spmd_grid g;
	size_t col;

	if (!per_phase) {
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

static int project(struct merge *m, const double *phase_us, size_t nr_phases)
{
	struct merge_projection *p = &m->proj;
	struct law_set s;
	int ret = -1;

	if (m->shape->per_phase) {
		p->nr_phases = nr_phases;
		memcpy(p->phase_us, phase_us, nr_phases * sizeof(*phase_us));
	}
	if (make_laws(m, &s))
		goto out;
	p->nr_cpus = s.n;
	p->from_hist = s.from_hist;
	p->from_counts = s.from_counts;
	p->why_not = m->shape->why_not(m, s.n);
	ret = 0;
	if (p->why_not)
		goto out;
	ret = make_rows(p) || project_columns(p, &s, m->shape->per_phase) ? -1 : 0;
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
	m->shape = shapes[m->tool->shape];
	if (!m->shape) {
		err_msg("%s reports cannot be merged", m->tool->name);
		return -1;
	}
	m->nodes = calloc(n, sizeof(*m->nodes));
	if (!m->nodes)
		goto oom;
	m->nr_nodes = n;
	for (i = 0; i < n; i++) {
		m->nodes[i].r = &r[i];
		m->nodes[i].nr_cpus = r[i].nr_cpus;
	}
	if (make_labels(m))
		goto oom;
	for (i = 0; i < n; i++)
		if (m->shape->make_node(&m->nodes[i]))
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
