// SPDX-License-Identifier: GPL-2.0
/*
 * merge_json - many nodes' reports together as JSON, the layout of
 * Documentation/rtlens-merge-v1.schema.json (see render/merge_render.h)
 */
#include "analysis/merge_shape.h"
#include "render/json_writer.h"
#include "render/merge_render.h"

/* what the JSON says of a merge of one shape of reports */
struct node_json {
	void		(*figures)(struct json_writer *w, const struct merge_node *nd);
	const char	*badness;	/* the key of the worst node's badness */
};

static void num_or_null(struct json_writer *w, const char *key, bool has, double v)
{
	if (has)
		json_double(w, key, v);
	else
		json_null(w, key);
}

static void json_top(struct json_writer *w, const struct merge_source *s)
{
	if (!s->set) {
		json_null(w, "top_source");
		return;
	}
	json_begin_object(w, "top_source");
	json_string(w, "kind", s->kind);
	json_string(w, "name", s->name);
	json_double(w, "us", s->us);
	json_double(w, "share_pct", s->share_pct);
	json_end_object(w);
}

static void json_node_run(struct json_writer *w, const struct merge_node *nd)
{
	const struct report_data *r = nd->r;

	json_string(w, "label", nd->label);
	json_string(w, "path", r->path);
	json_string(w, "hostname", r->hostname);
	json_string(w, "command", r->command);
	json_string(w, "engine", r->engine);
	json_string(w, "started_at", r->started_at);
	json_double(w, "duration_s", r->duration_s);
	json_u64(w, "nr_cpus", nd->nr_cpus);
	json_bool(w, "histogram", r->has_hist);
	json_bool(w, "analysis", r->has_analysis);
}

static void noise_figures(struct json_writer *w, const struct merge_node *nd)
{
	json_double(w, "noise_pct", nd->noise_pct);
	num_or_null(w, "worst_cpu_noise_pct", nd->has_worst, nd->worst_noise_pct);
	json_double(w, "max_single_us", nd->max_single_us);
}

static void latency_figures(struct json_writer *w, const struct merge_node *nd)
{
	num_or_null(w, "thread_max_us", nd->has_worst, nd->thread_max_us);
	num_or_null(w, "thread_avg_us", nd->has_worst, nd->thread_avg_us);
	num_or_null(w, "thread_p99_us", nd->has_p99, nd->thread_p99_us);
}

/* what the JSON says per shape of the reports */
static const struct node_json node_json[NR_SHAPES] = {
	[SHAPE_NOISE]	= { .figures = noise_figures, .badness = "noise_pct" },
	[SHAPE_LATENCY]	= { .figures = latency_figures, .badness = "thread_max_us" },
};

static void json_node(struct json_writer *w, const struct node_json *nj,
		      const struct merge_node *nd)
{
	json_begin_object(w, NULL);
	json_node_run(w, nd);
	if (nd->has_worst)
		json_i64(w, "worst_cpu", nd->worst_cpu);
	else
		json_null(w, "worst_cpu");
	nj->figures(w, nd);
	json_top(w, &nd->top);
	json_end_object(w);
}

static void json_worst(struct json_writer *w, const struct merge *m, const struct node_json *nj)
{
	const struct merge_node *nd = &m->nodes[m->worst_node];

	if (!m->has_worst) {
		json_null(w, "worst");
		return;
	}
	json_begin_object(w, "worst");
	json_string(w, "node", nd->label);
	json_u64(w, "index", m->worst_node);
	json_i64(w, "cpu", nd->worst_cpu);
	json_string(w, "metric", nj->badness);
	json_double(w, "value", m->shape->badness(nd));
	json_end_object(w);
}

static void json_numbers(struct json_writer *w, const char *key, const double *v, size_t n)
{
	size_t i;

	json_begin_array(w, key);
	for (i = 0; i < n; i++)
		json_double(w, NULL, v[i]);
	json_end_array(w);
}

/* the projection's columns: one per phase, or one of a cycle */
static size_t columns(const struct merge *m)
{
	return m->shape->per_phase ? m->proj.nr_phases : 1;
}

static void json_rows(struct json_writer *w, const struct merge *m)
{
	const struct merge_projection *p = &m->proj;
	size_t i, cols = columns(m);

	json_begin_array(w, "rows");
	for (i = 0; i < p->nr_rows; i++) {
		const struct merge_row *row = &p->rows[i];

		json_begin_object(w, NULL);
		json_u64(w, "processes", row->procs);
		json_bool(w, "all_cpus", row->all);
		json_numbers(w, "expected_max_us", row->max_us, cols);
		if (m->shape->per_phase)
			json_numbers(w, "slowdown_pct", row->slowdown_pct, cols);
		else
			json_null(w, "slowdown_pct");
		json_end_object(w);
	}
	json_end_array(w);
}

static void json_projection(struct json_writer *w, const struct merge *m)
{
	const struct merge_projection *p = &m->proj;
	size_t steps = p->made ? columns(m) : 0;

	json_begin_object(w, "projection");
	json_bool(w, "made", p->made);
	json_string(w, "why_not", p->made ? NULL : p->why_not);
	json_u64(w, "cpus", p->nr_cpus);
	json_begin_object(w, "laws");
	json_u64(w, "histogram", p->from_hist);
	json_u64(w, "counts", p->from_counts);
	json_end_object(w);
	json_numbers(w, "phases_us", p->phase_us, p->nr_phases);
	json_numbers(w, "grid_step_us", p->step_us, steps);
	json_rows(w, m);
	json_end_object(w);
}

int render_merge_json(FILE *out, const struct merge *m)
{
	const struct node_json *nj = &node_json[m->tool->shape];
	struct json_writer *w = json_writer_new(out, true);
	size_t i;
	int ret;

	if (!w)
		return -1;
	json_begin_object(w, NULL);
	json_rtlens_head(w, MERGE_SCHEMA_VERSION, "merge");
	json_string(w, "tool_family", m->tool->tracer);
	json_begin_array(w, "nodes");
	for (i = 0; i < m->nr_nodes; i++)
		json_node(w, nj, &m->nodes[i]);
	json_end_array(w);
	json_worst(w, m, nj);
	json_projection(w, m);
	json_end_object(w);
	ret = json_writer_finish(w);
	json_writer_free(w);
	return ret;
}
