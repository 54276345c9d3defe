// SPDX-License-Identifier: GPL-2.0
/*
 * compare_json - a comparison of two reports as JSON, the layout of
 * Documentation/rtlens-compare-v1.schema.json (see render/compare_render.h)
 */
#include <stdlib.h>
#include <string.h>

#include "render/compare_render.h"
#include "render/json_writer.h"

#define TEXT_MAX	1024

static const char *const side_key[] = {
	[SIDE_SAME] = "same",
	[SIDE_A] = "a",
	[SIDE_B] = "b",
};

static void num_or_null(struct json_writer *w, const char *key, bool has, double v)
{
	if (has)
		json_double(w, key, v);
	else
		json_null(w, key);
}

/* a, b, change, ratio; with @m, which is better by the rule of the verdict */
static void json_cell(struct json_writer *w, const char *key, const struct cmp_cell *cell,
		      const struct cmp_metric *m)
{
	bool both = cell->has_a && cell->has_b;

	json_begin_object(w, key);
	num_or_null(w, "a", cell->has_a, cell->a);
	num_or_null(w, "b", cell->has_b, cell->b);
	num_or_null(w, "change", both, cell->b - cell->a);
	num_or_null(w, "ratio", both && cell->a != 0, both && cell->a ? cell->b / cell->a : 0);
	if (m)
		json_string(w, "better", side_key[compare_judge(m, cell)]);
	json_end_object(w);
}

static void json_metrics(struct json_writer *w, const struct comparison *c,
			 const struct cmp_row *row)
{
	int m;

	json_begin_object(w, "metrics");
	for (m = 0; m < c->nr_metrics; m++)
		if (c->on[m])
			json_cell(w, c->metrics[m].key, &row->v[m], &c->metrics[m]);
	json_end_object(w);
}

static void json_cpu_list(struct json_writer *w, const char *key, const struct cmp_cpus *l)
{
	char *list = compare_cpu_list(l);

	json_string(w, key, list ? list : "");	/* out of memory: none shown */
	free(list);
}

/* ---- the inputs ---- */

static void json_input(struct json_writer *w, const char *key, const struct report_data *r)
{
	json_begin_object(w, key);
	json_string(w, "path", r->path);
	json_string(w, "command", r->command);
	json_string(w, "schema_version", r->schema_version);
	json_string(w, "started_at", r->started_at);
	json_string(w, "hostname", r->hostname);
	json_string(w, "engine", r->engine);
	json_double(w, "duration_s", r->duration_s);
	json_bool(w, "histogram", r->has_hist);
	json_bool(w, "analysis", r->has_analysis);
	json_bool(w, "tuning", r->has_tuning);
	json_end_object(w);
}

static void json_cpus(struct json_writer *w, const struct comparison *c)
{
	json_begin_object(w, "cpus");
	json_cpu_list(w, "both", &c->both);
	json_cpu_list(w, "only_a", &c->only_a);
	json_cpu_list(w, "only_b", &c->only_b);
	json_end_object(w);
}

/* ---- the metrics ---- */

static void json_worst(struct json_writer *w, const char *key, const struct cmp_worst *worst)
{
	if (!worst->set) {
		json_null(w, key);
		return;
	}
	json_begin_object(w, key);
	json_i64(w, "cpu", worst->cpu);
	json_double(w, "value", worst->value);
	json_end_object(w);
}

static void json_overall(struct json_writer *w, const struct comparison *c)
{
	json_begin_object(w, "overall");
	json_string(w, "cpus", c->overall_all ? "each" : "both");
	json_begin_object(w, "worst_cpu");
	json_string(w, "metric", c->metrics[c->worst_metric].key);
	json_worst(w, "a", &c->worst_a);
	json_worst(w, "b", &c->worst_b);
	json_end_object(w);
	json_metrics(w, c, &c->overall);
	json_end_object(w);
}

static void json_per_cpu(struct json_writer *w, const struct comparison *c)
{
	size_t i;

	json_begin_array(w, "per_cpu");
	for (i = 0; i < c->both.n; i++) {
		json_begin_object(w, NULL);
		json_i64(w, "cpu", c->rows[i].cpu);
		json_metrics(w, c, &c->rows[i]);
		json_end_object(w);
	}
	json_end_array(w);
}

/* ---- the sources ---- */

static void json_pids(struct json_writer *w, const char *key, const int *pids)
{
	int i;

	json_begin_array(w, key);
	for (i = 0; i < CMP_MAX_PIDS && pids[i] >= 0; i++)
		json_i64(w, NULL, pids[i]);
	json_end_array(w);
}

static void json_source(struct json_writer *w, const struct cmp_source *s)
{
	json_begin_object(w, NULL);
	json_string(w, "kind", s->kind);
	json_string(w, "name", s->name);
	json_i64(w, "cpu_min", s->cpu_lo);
	json_i64(w, "cpu_max", s->cpu_hi);
	json_begin_object(w, "pids");
	json_pids(w, "a", s->pids[0]);
	json_pids(w, "b", s->pids[1]);
	json_end_object(w);
	json_cell(w, "time", &s->us, NULL);
	json_cell(w, "events", &s->count, NULL);
	json_end_object(w);
}

static void json_sources(struct json_writer *w, const struct comparison *c)
{
	size_t i;

	json_begin_object(w, "sources");
	json_bool(w, "compared", c->a->has_analysis && c->b->has_analysis);
	json_string(w, "unit", c->shape->sources_per_s ? "per_s" : "latency");
	json_begin_array(w, "changed");
	for (i = 0; i < c->nr_sources; i++)
		json_source(w, &c->sources[i]);
	json_end_array(w);
	json_end_object(w);
}

/* ---- what differs ---- */

static void json_value(struct json_writer *w, const char *key, const struct report_value *v)
{
	switch (v ? v->type : VALUE_NULL) {
	case VALUE_BOOL:
		json_bool(w, key, v->b);
		break;
	case VALUE_NUMBER:
		json_double(w, key, v->num);
		break;
	case VALUE_STRING:
		json_string(w, key, v->text);
		break;
	default:
		json_null(w, key);
	}
}

static void json_diffs(struct json_writer *w, const char *key, const struct cmp_diffs *d,
		       bool with_change)
{
	size_t i;

	json_begin_array(w, key);
	for (i = 0; i < d->n; i++) {
		json_begin_object(w, NULL);
		json_string(w, "key", d->v[i].key);
		if (with_change)
			json_string(w, "change", !d->v[i].a ? "added" :
				    !d->v[i].b ? "removed" : "changed");
		json_value(w, "a", d->v[i].a);
		json_value(w, "b", d->v[i].b);
		json_end_object(w);
	}
	json_end_array(w);
}

static void json_finding(struct json_writer *w, const struct cmp_finding *f)
{
	const struct report_finding *bad = finding_is_problem(f->b) ? f->b : f->a;

	json_begin_object(w, NULL);
	json_string(w, "id", bad->id);
	json_string(w, "cpus", bad->cpus);
	json_string(w, "what", bad->what);
	json_string(w, "a", f->a ? f->a->status : NULL);
	json_string(w, "b", f->b ? f->b->status : NULL);
	json_end_object(w);
}

static void json_tuning(struct json_writer *w, const struct comparison *c)
{
	size_t i;

	json_begin_object(w, "tuning");
	json_bool(w, "compared", c->a->has_tuning && c->b->has_tuning);
	json_diffs(w, "settings", &c->settings, true);
	json_begin_array(w, "findings");
	for (i = 0; i < c->nr_findings; i++)
		json_finding(w, &c->findings[i]);
	json_end_array(w);
	json_end_object(w);
}

/* ---- the verdict ---- */

static const char *const doubt_key[] = {
	[DOUBT_PERIODS] = "periods",
	[DOUBT_SAMPLES] = "samples",
	[DOUBT_SPREAD] = "spread",
};

static void json_doubt(struct json_writer *w, const struct comparison *c)
{
	const struct cmp_verdict *v = &c->verdict;
	bool few = v->doubt != DOUBT_SPREAD;

	if (v->doubt == DOUBT_NONE) {
		json_null(w, "doubt");
		return;
	}
	json_begin_object(w, "doubt");
	json_string(w, "reason", doubt_key[v->doubt]);
	json_string(w, "leaning", side_key[v->leaning]);
	num_or_null(w, "fewest", few, v->fewest);
	num_or_null(w, "needed", few, v->doubt == DOUBT_PERIODS ? CMP_MIN_PERIODS :
		    CMP_MIN_SAMPLES);
	num_or_null(w, "spread", !few, v->spread);
	json_end_object(w);
}

static void json_verdict(struct json_writer *w, const struct comparison *c)
{
	const struct cmp_verdict *v = &c->verdict;
	const struct cmp_cell *cell = &c->overall.v[v->metric];
	char text[TEXT_MAX], *top;
	int i;

	json_begin_object(w, "verdict");
	json_string(w, "better", side_key[v->better]);
	json_string(w, "metric", c->metrics[v->metric].key);
	num_or_null(w, "a", cell->has_a, cell->a);
	num_or_null(w, "b", cell->has_b, cell->b);
	num_or_null(w, "ratio", v->better != SIDE_SAME && v->has_ratio, v->ratio);
	json_string(w, "second_metric", v->second >= 0 ? c->metrics[v->second].key : NULL);
	json_begin_array(w, "rule");
	for (i = 0; i < v->nr_rule; i++)
		json_string(w, NULL, c->metrics[v->rule[i]].key);
	json_end_array(w);
	json_doubt(w, c);
	compare_summary(c, text, sizeof(text));
	json_string(w, "summary", text);
	top = compare_top_change(c);
	json_string(w, "top_change", top && *top ? top : NULL);	/* out of memory: none */
	free(top);
	json_end_object(w);
}

/* ---- the gate ---- */

static const char *const margin_key[] = {
	[MARGIN_RULE] = "verdict",
	[MARGIN_REL] = "relative",
	[MARGIN_ABS] = "absolute",
};

static void json_gate_fail(struct json_writer *w, const struct comparison *c,
			   const struct cmp_gate_result *g, const struct cmp_gate_fail *f)
{
	char text[TEXT_MAX];

	json_begin_object(w, NULL);
	if (f->cpu < 0)
		json_null(w, "cpu");
	else
		json_i64(w, "cpu", f->cpu);
	json_double(w, "a", f->a);
	json_double(w, "b", f->b);
	json_double(w, "worse_by", f->worse_by);
	json_double(w, "allowed", f->allowed);
	compare_gate_words(c, g, f, text, sizeof(text));
	json_string(w, "summary", text);
	json_end_object(w);
}

static void json_gate_rule(struct json_writer *w, const struct comparison *c,
			   const struct cmp_gate_result *g)
{
	const struct cmp_gate_rule *r = g->rule;
	size_t i;

	json_begin_object(w, NULL);
	json_string(w, "rule", r->text);
	json_string(w, "metric", compare_metric(c, g->metric)->key);
	json_string(w, "margin_kind", margin_key[r->kind]);
	num_or_null(w, "margin", r->kind != MARGIN_RULE,
		    r->kind == MARGIN_REL ? 100 * r->margin : r->margin);
	json_bool(w, "passed", !g->nr_fails);
	json_i64(w, "checked", (int64_t)g->checked);
	json_begin_array(w, "failed");
	for (i = 0; i < g->nr_fails; i++)
		json_gate_fail(w, c, g, &g->fails[i]);
	json_end_array(w);
	json_end_object(w);
}

static void json_gate(struct json_writer *w, const struct comparison *c)
{
	size_t i;

	if (!c->gate.n) {
		json_null(w, "gate");
		return;
	}
	json_begin_object(w, "gate");
	json_bool(w, "passed", !c->gate.failed);
	json_begin_array(w, "rules");
	for (i = 0; i < c->gate.n; i++)
		json_gate_rule(w, c, &c->gate.v[i]);
	json_end_array(w);
	json_end_object(w);
}

int render_compare_json(FILE *out, const struct comparison *c)
{
	struct json_writer *w = json_writer_new(out, true);
	int ret;

	if (!w)
		return -1;
	json_begin_object(w, NULL);
	json_rtlens_head(w, COMPARE_SCHEMA_VERSION, "compare");
	json_string(w, "tool_family", c->tool->tracer);
	json_begin_object(w, "inputs");
	json_input(w, "a", c->a);
	json_input(w, "b", c->b);
	json_end_object(w);
	json_cpus(w, c);
	json_overall(w, c);
	json_per_cpu(w, c);
	json_sources(w, c);
	json_diffs(w, "system", &c->system, false);
	json_diffs(w, "config", &c->config, false);
	json_tuning(w, c);
	json_verdict(w, c);
	json_gate(w, c);
	json_end_object(w);
	ret = json_writer_finish(w);
	json_writer_free(w);
	return ret;
}
