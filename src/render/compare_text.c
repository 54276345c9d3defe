// SPDX-License-Identifier: GPL-2.0
/*
 * compare_text - a comparison of two reports for the terminal (see
 * render/compare_render.h): the two runs, the overall and per-CPU metrics side by
 * side, the sources that changed most, what differs in the system, the
 * run's settings and the tuning, and the verdict
 */
#include <stdlib.h>
#include <string.h>

#include "base/safe_text.h"
#include "render/compare_render.h"

/*
 * A value of a report in a row of the text (a setting, a finding, the
 * host) is cut to SHOW_MAX bytes: a row stays a row. The JSON comparison
 * has it whole; the reports' paths, the sources' names and the rules are
 * shown whole.
 */
#define SHOW_MAX	512
#define SHOW_BUF	(SAFE_TEXT_SIZE(SHOW_MAX) + 4)
#define TEXT_LINE	(2 * SHOW_BUF)

/* @s safe to print, cut to SHOW_MAX bytes ("..." marks the cut), in @buf */
static const char *show(const char *s, char *buf)
{
	char cut[SHOW_MAX + 1];
	size_t n;

	snprintf(cut, sizeof(cut), "%s", s ? s : "");
	n = safe_text(buf, SAFE_TEXT_SIZE(SHOW_MAX), cut);
	if (s && strlen(s) > SHOW_MAX)
		strcpy(buf + n, "...");
	return buf;
}

static void print_cpus(FILE *out, const char *before, const struct cmp_cpus *l,
		       const char *after)
{
	char *list = compare_cpu_list(l);

	fprintf(out, "%s%s%s\n", before, list ? list : "?", after);
	free(list);
}

/* ---- the runs ---- */

static void print_run(FILE *out, const char *side, const struct report_data *r)
{
	char b[4][SHOW_BUF], *path __shown = safe_text_dup(r->path);

	fprintf(out, "  %s: %s\n", side, path);
	fprintf(out, "     %s, started %s, %.1f s, %s engine, host %s, schema %s\n",
		show(r->command, b[0]), show(r->started_at, b[1]), r->duration_s,
		show(r->engine, b[2]), show(r->hostname, b[3]), r->schema_version);
}

static void print_notes(FILE *out, const struct comparison *c)
{
	double da = c->a->duration_s, db = c->b->duration_s;

	if (da <= 1.5 * db && db <= 1.5 * da)
		return;
	fprintf(out, "  note: the runs lasted %.1f s and %.1f s: %s, and a longer run has more "
		"chances to see a rare %s\n", da, db, c->shape->grows_with_run,
		c->shape->rare_event);
}

/* what only one run has is not compared */
static void print_one_sided(FILE *out, const struct comparison *c)
{
	if (c->a->has_hist != c->b->has_hist)
		fprintf(out, "  note: only %s has a histogram: the percentiles need one in both "
			"(the hist mode)\n", c->a->has_hist ? "A" : "B");
	if (c->a->has_user != c->b->has_user)
		fprintf(out, "  note: only %s measured with user-space threads: its return-to-user "
			"latencies are not compared\n", c->a->has_user ? "A" : "B");
}

static void print_header(FILE *out, const struct comparison *c)
{
	const char *left_out = c->overall_all ? "" : " (left out of the overall)";

	fprintf(out, "rtlens compare: two %s runs\n",
		c->tool->tracer);
	print_run(out, "A", c->a);
	print_run(out, "B", c->b);
	if (c->both.n)
		print_cpus(out, "  CPUs compared: ", &c->both, "");
	else
		fprintf(out, "  no CPU was measured in both runs: overall compares each run's "
			"own CPUs\n");
	if (c->only_a.n)
		print_cpus(out, "  only in A: CPUs ", &c->only_a, left_out);
	if (c->only_b.n)
		print_cpus(out, "  only in B: CPUs ", &c->only_b, left_out);
	print_notes(out, c);
	print_one_sided(out, c);
}

/* ---- the metrics ---- */

static void cell_text(bool has, double v, int decimals, char *buf, size_t len)
{
	if (has)
		compare_number(v, decimals, buf, len);
	else
		snprintf(buf, len, "-");
}

static void change_text(const struct cmp_metric *m, const struct cmp_cell *cell, char *d,
			char *r, size_t len)
{
	snprintf(d, len, "-");
	*r = '\0';
	if (!cell->has_a || !cell->has_b)
		return;
	compare_signed(cell->b - cell->a, m->decimals, d, len);
	if (cell->a > 0 && strcmp(m->unit, "%"))
		snprintf(r, len, "%.2fx", cell->b / cell->a);
}

static void print_metric(FILE *out, const struct cmp_metric *m, const struct cmp_cell *cell)
{
	static const char *const better[] = { "", "A", "B" };
	char label[96], a[48], b[48], d[48], r[48];

	if (!cell->has_a && !cell->has_b)
		return;
	snprintf(label, sizeof(label), "%s%s%s%s", m->label, *m->unit ? " (" : "", m->unit,
		 *m->unit ? ")" : "");
	cell_text(cell->has_a, cell->a, m->decimals, a, sizeof(a));
	cell_text(cell->has_b, cell->b, m->decimals, b, sizeof(b));
	change_text(m, cell, d, r, sizeof(d));
	fprintf(out, "  %-32s %13s %13s %13s %8s  %s\n", label, a, b, d, r,
		better[compare_judge(m, cell)]);
}

static void print_row(FILE *out, const struct comparison *c, const char *title,
		      const struct cmp_row *row)
{
	int m;

	fprintf(out, "\n%-34s %13s %13s %13s %8s  %s\n", title, "A", "B", "change", "B/A",
		"better");
	for (m = 0; m < c->nr_metrics; m++)
		if (c->on[m])
			print_metric(out, &c->metrics[m], &row->v[m]);
}

static void worst_text(const struct comparison *c, const struct cmp_worst *w, char *buf,
		       size_t len)
{
	char n[48];

	if (!w->set) {
		snprintf(buf, len, "-");
		return;
	}
	compare_number(w->value, c->metrics[c->worst_metric].decimals, n, sizeof(n));
	snprintf(buf, len, "%d: %s", w->cpu, n);
}

static void print_overall(FILE *out, const struct comparison *c)
{
	char title[64], label[96], a[64], b[64], *list = compare_cpu_list(&c->both);

	if (c->overall_all)
		snprintf(title, sizeof(title), "overall (each run's CPUs)");
	else
		snprintf(title, sizeof(title), "overall (CPU%s %.40s)", c->both.n > 1 ? "s" : "",
			 list ? list : "?");
	free(list);
	print_row(out, c, title, &c->overall);
	snprintf(label, sizeof(label), "worst CPU: %s", c->metrics[c->worst_metric].label);
	worst_text(c, &c->worst_a, a, sizeof(a));
	worst_text(c, &c->worst_b, b, sizeof(b));
	fprintf(out, "  %-32s %13s %13s\n", label, a, b);
}

static void print_cpu_rows(FILE *out, const struct comparison *c)
{
	char title[32];
	size_t i;

	if (c->both.n < 2)
		return;		/* the overall row is that CPU's */
	for (i = 0; i < c->both.n; i++) {
		snprintf(title, sizeof(title), "CPU %d", c->rows[i].cpu);
		print_row(out, c, title, &c->rows[i]);
	}
}

/* ---- the sources ---- */

static void pids_text(const int *pids, char *buf, size_t len)
{
	size_t n = 0;
	int i;

	snprintf(buf, len, "-");
	for (i = 0; i < CMP_MAX_PIDS && pids[i] >= 0 && n < len; i++)
		n += snprintf(buf + n, len - n, "%s%d", i ? "," : "", pids[i]);
}

/* "~" before the numbers of an estimate (the hypervisor's, from steal) */
static void source_number(const struct cmp_source *s, double v, bool sign, char *buf, size_t len)
{
	char n[COMPARE_NUM_BUF];

	if (sign)
		compare_signed(v, 1, n, sizeof(n));
	else
		compare_number(v, 1, n, sizeof(n));
	snprintf(buf, len, "%s%s", s->estimated ? "~" : "", n);
}

static void print_source(FILE *out, const struct cmp_source *s)
{
	char a[COMPARE_NUM_BUF + 2], b[COMPARE_NUM_BUF + 2], d[COMPARE_NUM_BUF + 2];
	char pa[64], pb[64], *name = compare_source_name(s);

	source_number(s, s->us.a, false, a, sizeof(a));
	source_number(s, s->us.b, false, b, sizeof(b));
	source_number(s, s->us.b - s->us.a, true, d, sizeof(d));
	pids_text(s->pids[0], pa, sizeof(pa));
	pids_text(s->pids[1], pb, sizeof(pb));
	fprintf(out, "  %-32s %13s %13s %13s %5d", name ? name : "?", a, b, d, s->cpu_lo);
	free(name);
	if (s->cpu_hi != s->cpu_lo)
		fprintf(out, "-%d", s->cpu_hi);
	if (!strcmp(s->kind, "thread") || !strcmp(s->kind, "blocking"))
		fprintf(out, "  pid A %s, B %s", pa, pb);
	fputc('\n', out);
}

static void print_analysed(FILE *out, const struct comparison *c)
{
	if (c->shape->sources_per_s)
		fprintf(out, "\nnoise sources that changed most (time inside the noise samples, "
			"us per second of run)\n");
	else
		fprintf(out, "\nparts of the analyzed latency that changed most (us; A: CPU %d, "
			"%.3g us; B: CPU %d, %.3g us)\n", c->a->analysis_cpu, c->a->analysis_us,
			c->b->analysis_cpu, c->b->analysis_us);
}

static void print_sources(FILE *out, const struct comparison *c)
{
	const char *missing = !c->a->has_analysis ? "A" : !c->b->has_analysis ? "B" : NULL;
	size_t i;

	if (missing) {
		fprintf(out, "\nsources: no analysis in %s (%s)\n",
			c->a->has_analysis || c->b->has_analysis ? missing : "A nor in B",
			c->shape->no_analysis_hint);
		return;
	}
	print_analysed(out, c);
	if (!c->nr_sources) {
		fprintf(out, "  none changed\n");
		return;
	}
	fprintf(out, "  %-32s %13s %13s %13s %5s\n", "source", "A", "B", "change", "CPUs");
	for (i = 0; i < c->nr_sources; i++)
		print_source(out, &c->sources[i]);
}

/* ---- what differs ---- */

static const char *value_text(const struct report_value *v, char *buf)
{
	switch (v ? v->type : VALUE_NULL) {
	case VALUE_BOOL:
		return v->b ? "true" : "false";
	case VALUE_NUMBER:
		return show(v->text, buf);
	case VALUE_STRING:
		return *v->text ? show(v->text, buf) : "\"\"";
	default:
		return v ? "null" : "(not set)";
	}
}

static void print_diff(FILE *out, const struct cmp_diff *d)
{
	char k[SHOW_BUF], a[SHOW_BUF], b[SHOW_BUF];

	if (!d->a)
		fprintf(out, "  + %-30s %s (only in B)\n", show(d->key, k), value_text(d->b, b));
	else if (!d->b)
		fprintf(out, "  - %-30s %s (only in A)\n", show(d->key, k), value_text(d->a, a));
	else
		fprintf(out, "  ~ %-30s %s -> %s\n", show(d->key, k), value_text(d->a, a),
			value_text(d->b, b));
}

static void print_diffs(FILE *out, const char *title, const struct cmp_diffs *d)
{
	size_t i;

	fprintf(out, "%s (A -> B):\n", title);
	for (i = 0; i < d->n; i++)
		print_diff(out, &d->v[i]);
}

static const struct report_value *system_field(const struct report_data *r, const char *key)
{
	size_t i;

	for (i = 0; i < r->system.n; i++)
		if (!strcmp(r->system.v[i].key, key))
			return &r->system.v[i].value;
	return NULL;
}

static void print_system(FILE *out, const struct comparison *c)
{
	char host[SHOW_BUF], kernel[SHOW_BUF];

	fputc('\n', out);
	if (c->system.n)
		print_diffs(out, "the systems differ", &c->system);
	else
		fprintf(out, "same system (host %s, kernel %s)\n", show(c->a->hostname, host),
			value_text(system_field(c->a, "kernel_release"), kernel));
	if (c->config.n)
		print_diffs(out, "the runs were set up differently", &c->config);
}

static void print_finding(FILE *out, const struct cmp_finding *f)
{
	const struct report_finding *bad = finding_is_problem(f->b) ? f->b : f->a;
	char id[SHOW_BUF], cpus[SHOW_BUF], what[SHOW_BUF], sa[SHOW_BUF], sb[SHOW_BUF];

	fprintf(out, "  %-6s -> %-6s %s", f->a ? show(f->a->status, sa) : "-",
		f->b ? show(f->b->status, sb) : "-", show(bad->id, id));
	if (*bad->cpus)
		fprintf(out, " [CPUs %s]", show(bad->cpus, cpus));
	fprintf(out, ": %s\n", show(bad->what, what));
}

static void print_tuning(FILE *out, const struct comparison *c)
{
	size_t i;

	if (!c->a->has_tuning && !c->b->has_tuning) {
		fprintf(out, "tuning: not recorded in A (schema %s) nor in B (schema %s)\n",
			c->a->schema_version, c->b->schema_version);
		return;
	}
	if (!c->a->has_tuning || !c->b->has_tuning) {
		fprintf(out, "tuning: not recorded in %s (schema %s)\n", c->a->has_tuning ? "B" : "A",
			c->a->has_tuning ? c->b->schema_version : c->a->schema_version);
		return;
	}
	if (c->settings.n)
		print_diffs(out, "tuning settings that differ", &c->settings);
	else
		fprintf(out, "tuning settings: the same (%zu)\n", c->a->settings.n);
	if (c->nr_findings)
		fprintf(out, "tuning findings that differ (A -> B):\n");
	for (i = 0; i < c->nr_findings; i++)
		print_finding(out, &c->findings[i]);
}

/* ---- the verdict ---- */

static void print_verdict(FILE *out, const struct comparison *c)
{
	char line[TEXT_LINE], *top = compare_top_change(c);

	compare_summary(c, line, sizeof(line));
	fprintf(out, "\nverdict: %s\n", line);
	if (top && *top)
		fprintf(out, "what changed most: %s\n", top);
	else if (c->a->has_analysis && c->b->has_analysis)
		fprintf(out, "what changed most: no source of the analysis changed\n");
	else
		fprintf(out, "what changed most: not known without the analysis of both runs "
			"(%s)\n", c->shape->no_analysis_hint);
	free(top);
}

/* ---- the gate ---- */

static void print_gate_rule(FILE *out, const struct comparison *c,
			    const struct cmp_gate_result *g)
{
	char *rule __shown = safe_text_dup(g->rule->text), line[TEXT_LINE];
	size_t i;

	if (!g->nr_fails) {
		fprintf(out, "  %s: passed (%s, overall%s)\n", rule,
			compare_metric(c, g->metric)->label, g->checked > 1 ? " and each CPU" : "");
		return;
	}
	for (i = 0; i < g->nr_fails; i++) {
		compare_gate_words(c, g, &g->fails[i], line, sizeof(line));
		fprintf(out, "  %s: FAILED %s\n", rule, line);
	}
}

static void print_gate(FILE *out, const struct comparison *c)
{
	size_t i;

	if (!c->gate.n)
		return;
	fprintf(out, "gate: %s\n", c->gate.failed ? "failed (exit status 2): B is worse than A "
		"by more than the margin" : "passed");
	for (i = 0; i < c->gate.n; i++)
		print_gate_rule(out, c, &c->gate.v[i]);
}

void render_compare_text(FILE *out, const struct comparison *c)
{
	print_header(out, c);
	print_overall(out, c);
	print_cpu_rows(out, c);
	print_sources(out, c);
	print_system(out, c);
	print_tuning(out, c);
	print_verdict(out, c);
	print_gate(out, c);
}
