// SPDX-License-Identifier: GPL-2.0
/*
 * timerlat_render - timerlat on the screen: its tables, and after them the
 * analysis of the latency that stopped it and the run's sources; its JSON
 * and metrics (timerlat_json.c, metrics_tools.c)
 */
#include "analysis/timerlat_models.h"
#include "base/safe_text.h"
#include "render/live_pane.h"
#include "render/live_table.h"
#include "render/metrics_parts.h"
#include "render/render.h"
#include "render/svg_panel.h"
#include "render/svg_plot.h"
#include "render/wrap_text.h"

/* --aa-only: no table, the analysis alone */
static void timerlat_top(FILE *out, const struct run_models *m, const struct rtl_params *p,
			 const struct run_view *v)
{
	if (!p->aa_only)
		render_timerlat_top(out, &timerlat_models_of(m)->lat, p, v);
	render_live_foot(out, m, p, v, &timerlat_render);
}

static void timerlat_hist(FILE *out, const struct run_models *m, const struct rtl_params *p,
			  const struct run_view *v)
{
	if (!p->aa_only)
		render_timerlat_hist(out, &timerlat_models_of(m)->lat, p, v);
}

/* --plot: a CPU is shown with an IRQ or thread latency; a series per context */
static const struct histogram *latency_plot_hist(const struct run_models *m, int cpu, int id)
{
	const struct latency_model *lm = &timerlat_models_of(m)->lat;

	if (cpu >= lm->nr_cpus || !latency_cpu_has_data(lm, cpu))
		return NULL;
	return &lm->cpu[cpu].hist[id];
}

static int latency_plot_series(const struct rtl_params *p, struct plot_series *out)
{
	int n = 0;

	if (!p->no_irq)
		out[n++] = (struct plot_series){ "IRQ", "#1f77b4", TIMERLAT_IRQ };
	if (!p->no_thread)
		out[n++] = (struct plot_series){ "Thr", "#ff7f0e", TIMERLAT_THREAD };
	if (p->user_threads)
		out[n++] = (struct plot_series){ "Usr", "#2ca02c", TIMERLAT_USER };
	return n;
}

/* the table's unit: the plot's and --tail's */
static const char *latency_unit(const struct rtl_params *p)
{
	return p->nano ? "ns" : "us";
}

/* the limits are in us, the values in the unit */
static void latency_plot_marks(struct svg_scale *s, const struct rtl_params *p)
{
	double f = p->nano ? 1000 : 1;

	if (p->stop_us)
		svg_scale_mark(s, PLOT_COLOR_STOP2, p->stop_us * f, "IRQ stop -i %llu us",
			       (unsigned long long)p->stop_us);
	if (p->stop_total_us)
		svg_scale_mark(s, PLOT_COLOR_STOP, p->stop_total_us * f, "thread stop -T %llu us",
			       (unsigned long long)p->stop_total_us);
	if (p->stack_us)
		svg_scale_mark(s, PLOT_COLOR_MIN, p->stack_us * f, "stack -s %llu us",
			       (unsigned long long)p->stack_us);
}

static const struct plot_shape latency_plot = {
	.what		= "timer latency",
	.sample		= "latency",
	.hist		= latency_plot_hist,
	.series		= latency_plot_series,
	.unit		= latency_unit,
	.marks		= latency_plot_marks,
};

/* the progress line: the thread latencies so far, and the highest */
static void latency_so_far(const struct run_models *m, const struct rtl_params *p,
			   struct so_far *f)
{
	const struct latency_model *lm = &timerlat_models_of(m)->lat;

	f->unit = latency_unit(p);
	for (int cpu = 0; cpu < lm->nr_cpus; cpu++) {
		const struct latency_stats *st = &lm->cpu[cpu].stats[TIMERLAT_THREAD];

		if (!cpu_mask_test(&p->cpus, cpu))
			continue;
		f->n += st->count;
		if (st->count && st->max > f->max)
			f->max = st->max;
	}
}

/* --dump-tasks: from osnoise:thread_noise, the last thread each CPU ran */
static void dump_tasks(FILE *out, const struct timerlat_run *t, const struct rtl_params *p)
{
	char name[SAFE_TEXT_SIZE(NOISE_NAME_LEN)];
	int cpu;

	fprintf(out, "Printing CPU tasks:\n");
	for_each_cpu_in(cpu, &p->cpus) {
		const struct noise_event *e = &t->last_thread[cpu];

		if (cpu >= p->nr_cpus)
			continue;
		safe_text(name, sizeof(name), e->name);
		if (e->name[0])
			fprintf(out, "    [%03d] %s:%d\n", cpu, name, e->pid);
		else
			fprintf(out, "    [%03d] (no thread seen)\n", cpu);
	}
}

/* timerlat --aa: each measured CPU's sources of latency over the run */
static void latency_sources(FILE *out, const struct timerlat_run *t, const struct rtl_params *p)
{
	struct source_row table[TIMERLAT_SOURCES_LEN];
	struct timerlat_sources_sum sum;
	int n, cpu;

	for_each_cpu_in(cpu, &p->cpus) {
		if (cpu >= p->nr_cpus)
			continue;
		n = timerlat_sources_table(t->sources, cpu, table, TIMERLAT_SOURCES_LEN);
		timerlat_sources_sum(t->sources, cpu, &sum);
		timerlat_sources_print(out, cpu, table, n, &sum, timerlat_sources_floor_ns(t->sources),
				       p->user_threads);
	}
}

/* the stop's latency analysed (not with --aa-only before a stop), then --aa's sources */
static void latency_analysis(FILE *out, const struct run_models *m, const struct rtl_params *p,
			     const struct run_view *v)
{
	const struct timerlat_run *t = timerlat_models_of(m);
	bool stopped = v->reason == STOP_THRESHOLD;

	if (stopped && t->aa_done)
		timerlat_aa_print(out, &t->aa_result, p->stack_format);
	if (stopped && t->last_thread)
		dump_tasks(out, t, p);
	else if (stopped && t->aa && !t->aa_done)
		render_wrapf(out, v->wrap_cols,
			     "  auto-analysis: no timerlat sample of cpu %d was seen\n",
			     v->threshold_cpu);
	if (t->sources)
		latency_sources(out, t, p);
}

const struct tool_render timerlat_render = {
	.screen		= { [MODE_TOP] = timerlat_top, [MODE_HIST] = timerlat_hist },
	.json_config	= json_timerlat_config,
	.json_sections	= { [MODE_TOP] = json_timerlat_top, [MODE_HIST] = json_timerlat_hist },
	.metrics	= metrics_timerlat,
	.live_rows	= &latency_rows,
	.plot		= &latency_plot,
	.so_far		= latency_so_far,
	.analysis	= latency_analysis,
	.unit		= latency_unit,
	.pane_label	= latency_row_label,
	.pane_other_kind = TL_SOURCE_OTHER,
	.pane_more	= timerlat_pane_worst,
};
