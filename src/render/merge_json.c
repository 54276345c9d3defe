// SPDX-License-Identifier: GPL-2.0
/*
 * merge_json - many nodes' reports together as JSON, the layout of
 * Documentation/rtlens-merge-v1.schema.json (see render/merge_render.h)
 */
#include "render/json_writer.h"
#include "render/merge_render.h"

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

static void json_node(struct json_writer *w, const struct merge *m, const struct merge_node *nd)
{
	json_begin_object(w, NULL);
	json_node_run(w, nd);
	if (nd->has_worst)
		json_i64(w, "worst_cpu", nd->worst_cpu);
	else
		json_null(w, "worst_cpu");
	if (!(m->tool->shape == SHAPE_LATENCY)) {
		json_double(w, "noise_pct", nd->noise_pct);
		num_or_null(w, "worst_cpu_noise_pct", nd->has_worst, nd->worst_noise_pct);
		json_double(w, "max_single_us", nd->max_single_us);
	} else {
		num_or_null(w, "thread_max_us", nd->has_worst, nd->thread_max_us);
		num_or_null(w, "thread_avg_us", nd->has_worst, nd->thread_avg_us);
		num_or_null(w, "thread_p99_us", nd->has_p99, nd->thread_p99_us);
	}
	json_top(w, &nd->top);
	json_end_object(w);
}

static void json_worst(struct json_writer *w, const struct merge *m)
{
	const struct merge_node *nd = &m->nodes[m->worst_node];
	bool osnoise = !(m->tool->shape == SHAPE_LATENCY);

	if (!m->has_worst) {
		json_null(w, "worst");
		return;
	}
	json_begin_object(w, "worst");
	json_string(w, "node", nd->label);
	json_u64(w, "index", m->worst_node);
	json_i64(w, "cpu", nd->worst_cpu);
	json_string(w, "metric", osnoise ? "noise_pct" : "thread_max_us");
	json_double(w, "value", osnoise ? nd->worst_noise_pct : nd->thread_max_us);
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

static void json_rows(struct json_writer *w, const struct merge *m)
{
	const struct merge_projection *p = &m->proj;
	size_t i, cols = (m->tool->shape == SHAPE_LATENCY) ? 1 : p->nr_phases;

	json_begin_array(w, "rows");
	for (i = 0; i < p->nr_rows; i++) {
		const struct merge_row *row = &p->rows[i];

		json_begin_object(w, NULL);
		json_u64(w, "processes", row->procs);
		json_bool(w, "all_cpus", row->all);
		json_numbers(w, "expected_max_us", row->max_us, cols);
		if (!(m->tool->shape == SHAPE_LATENCY))
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
	size_t steps = !p->made ? 0 : (m->tool->shape == SHAPE_LATENCY) ? 1 : p->nr_phases;

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
		json_node(w, m, &m->nodes[i]);
	json_end_array(w);
	json_worst(w, m);
	json_projection(w, m);
	json_end_object(w);
	ret = json_writer_finish(w);
	json_writer_free(w);
	return ret;
}
