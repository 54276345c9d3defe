// SPDX-License-Identifier: GPL-2.0
/*
 * hwlat_render - what hwlat shows: its per-CPU table (top), its histogram
 * (hist), its JSON sections and its metrics. A sample is a window of the
 * tracer whose longest gap passed the threshold; its latency is that gap.
 */
#include "analysis/hwlat_models.h"
#include "base/tool_hwlat.h"
#include "model/stop_rule.h"
#include "render/hist_parts.h"
#include "render/hwlatdetect_text.h"
#include "render/live_pane.h"
#include "render/json_writer.h"
#include "render/live_table.h"
#include "render/metrics_parts.h"

/* ---- top ---- */

static void top_header(FILE *out, const struct run_view *v)
{
	render_paused(out, v);
	fprintf(out, "%s%31s%s%s\n", v->pretty ? COLOR_TITLE : "", "",
		"Hardware Latency (hwlat)", v->pretty ? COLOR_RESET : "");
	render_duration(out, v);
	fprintf(out, "%sCPU    Samples       Gaps   Max Inner   Max Outer     Avg Lat     Max Lat"
		"        NMIs%s\n", v->pretty ? COLOR_HEADER : "", v->pretty ? COLOR_RESET : "");
}

static void top_row(FILE *out, int cpu, const struct cpu_hwlat *c, bool alert)
{
	fprintf(out, "%s%3d %10llu %10llu %11llu %11llu %11.0f %11llu %11llu%s\n",
		alert ? COLOR_ALERT : "", cpu, (unsigned long long)c->samples,
		(unsigned long long)c->gaps, (unsigned long long)c->max_inner_us,
		(unsigned long long)c->max_outer_us, histogram_avg(&c->hist),
		(unsigned long long)c->hist.max, (unsigned long long)c->nmi_count,
		alert ? COLOR_RESET : "");
}

static const void *hwlat_of(const struct run_models *m)
{
	return hwlat_models_of(m);
}

static bool hwlat_shown(const void *model, int cpu)
{
	return cpu < ((const struct hwlat_model *)model)->nr_cpus;
}

static uint64_t hwlat_value(const void *model, enum live_sort sort, int cpu)
{
	const struct hwlat_model *m = model;

	return sort == LIVE_SORT_LATENCY ? m->cpu[cpu].hist.max : 0;
}

/* every measured CPU has a row: no row would say nothing of a quiet one */
static const struct live_rows hwlat_rows = {
	.model		= hwlat_of,
	.shown		= hwlat_shown,
	.value		= hwlat_value,
	.sorts		= { LIVE_SORT_CPU, LIVE_SORT_LATENCY },
	.nr_sorts	= 2,
};

static bool top_alert(const struct cpu_hwlat *c, const struct rtl_params *p,
		      const struct run_view *v)
{
	return v->pretty && stop_over(c->hist.max, p->stop_us);
}

/* the live screen's: fitted to the terminal, a CPU selected */
enum { HC_CPU, HC_SAMPLES, HC_GAPS, HC_INNER, HC_OUTER, HC_AVG, HC_MAX, HC_NMIS, NR_HC };

static const struct lt_col hwlat_cols[NR_HC] = {
	[HC_CPU]	= { .name = "CPU" },
	[HC_SAMPLES]	= { .name = "Samples" },
	[HC_GAPS]	= { .name = "Gaps", .drop = 2 },
	[HC_INNER]	= { .name = "Max Inner", .abbr = "Inner", .drop = 1 },
	[HC_OUTER]	= { .name = "Max Outer", .abbr = "Outer", .drop = 1 },
	[HC_AVG]	= { .name = "Avg Lat", .abbr = "Avg" },
	[HC_MAX]	= { .name = "Max Lat", .abbr = "Max" },
	[HC_NMIS]	= { .name = "NMIs", .drop = 3 },
};

static void hwlat_cells(struct lt_row *r, int cpu, const struct cpu_hwlat *c)
{
	lt_cell(r, HC_CPU, " %d", cpu);
	lt_u64(r, HC_SAMPLES, c->samples);
	lt_u64(r, HC_GAPS, c->gaps);
	lt_u64(r, HC_INNER, c->max_inner_us);
	lt_u64(r, HC_OUTER, c->max_outer_us);
	lt_cell(r, HC_AVG, "%.0f", histogram_avg(&c->hist));
	lt_u64(r, HC_MAX, c->hist.max);
	lt_u64(r, HC_NMIS, c->nmi_count);
}

static void hwlat_top_live(FILE *out, const struct hwlat_model *hm, const struct rtl_params *p,
			   const struct run_view *v)
{
	struct live_table t;
	int i, n, cpu;

	if (lt_init(&t, hwlat_cols, NR_HC, hm->nr_cpus))
		return;
	t.spaced = true;
	n = lt_order(&hwlat_rows, hm, p, v->live, t.order, hm->nr_cpus);
	for (i = 0; i < n; i++) {
		cpu = t.order[i];
		hwlat_cells(lt_add(&t, cpu, top_alert(&hm->cpu[cpu], p, v)), cpu, &hm->cpu[cpu]);
	}
	lt_fit(&t, v->live->cols);
	render_paused(out, v);
	lt_title(out, &t, "Hardware Latency (hwlat)", v);
	render_duration(out, v);
	lt_header(out, &t, v);
	lt_body(out, &t, v);
	lt_free(&t);
	if (v->live->help)
		render_live_help(out, p);
	render_live_status(out, p, v);
}

static void hwlat_top(FILE *out, const struct run_models *m, const struct rtl_params *p,
		      const struct run_view *v)
{
	const struct hwlat_model *hm = hwlat_models_of(m);
	int cpu;

	if (v->live) {
		hwlat_top_live(out, hm, p, v);
		return;
	}
	top_header(out, v);
	render_mark_body(out, v, SCREEN_BODY_START);
	for_each_cpu_in(cpu, &p->cpus)
		if (hwlat_shown(hm, cpu))
			top_row(out, cpu, &hm->cpu[cpu], top_alert(&hm->cpu[cpu], p, v));
	render_mark_body(out, v, SCREEN_BODY_END);
}

/* ---- hist: a column per CPU with samples, as osnoise hist ---- */

static bool cpu_shown(const void *model, int cpu)
{
	const struct hwlat_model *m = model;

	return cpu < m->nr_cpus && m->cpu[cpu].hist.count;
}

static void cpu_column(const void *model, int cpu, int ctx, struct hist_col *out)
{
	const struct histogram *h = &((const struct hwlat_model *)model)->cpu[cpu].hist;

	(void)ctx;
	out->hist = h;
	out->stats = (struct latency_stats) {
		.count = h->count, .min = h->min, .sum = h->sum, .max = h->max,
	};
}

static void hwlat_hist(FILE *out, const struct run_models *m, const struct rtl_params *p,
		       const struct run_view *v)
{
	const struct hist_desc d = {
		.tool		= "hwlat",
		.avg_fraction	= true,
		.empty_zeros	= true,
		.nr_ctx		= 1,
		.ctx		= { { "CPU", NULL, 0 } },
		.model		= hwlat_models_of(m),
		.shown		= cpu_shown,
		.column		= cpu_column,
	};

	/* hwlatdetect runs as hist: its text is printed at the end only */
	if (p->desc == &tool_hwlatdetect)
		hwlatdetect_screen(out, m, p, v);
	else
		hist_render(out, &d, p, v);
}

/* ---- JSON ---- */

static void json_config(struct json_writer *w, const struct rtl_params *p)
{
	json_u64(w, "width_us", p->runtime_us);		/* the window is period_us */
	json_string(w, "mode", p->hwlat_mode);
	json_u64_or_null(w, "threshold_us", p->threshold_us);
	json_u64_or_null(w, "stop_us", p->stop_us);
}

static void json_cpu(struct json_writer *w, int cpu, const struct cpu_hwlat *c)
{
	json_begin_object(w, NULL);
	json_u64(w, "cpu", cpu);
	json_u64(w, "samples", c->samples);
	json_u64(w, "gaps", c->gaps);
	json_u64(w, "max_inner_us", c->max_inner_us);
	json_u64(w, "max_outer_us", c->max_outer_us);
	json_u64(w, "max_us", c->hist.max);
	if (c->samples)
		json_double(w, "avg_us", histogram_avg(&c->hist));
	else
		json_null(w, "avg_us");
	json_u64(w, "nmi_count", c->nmi_count);
	json_u64(w, "nmi_us", c->nmi_us);
	json_end_object(w);
}

static void json_cpus(struct json_writer *w, const struct hwlat_model *hm,
		      const struct rtl_params *p)
{
	int cpu;

	json_begin_array(w, "cpus");
	for_each_cpu_in(cpu, &p->cpus)
		if (cpu < hm->nr_cpus)
			json_cpu(w, cpu, &hm->cpu[cpu]);
	json_end_array(w);
}

/* no analysis: the tracer's thread spins alone on its CPU, IRQs off */
static void json_top(struct json_writer *w, const struct run_models *m,
		     const struct rtl_params *p)
{
	json_cpus(w, hwlat_models_of(m), p);
	json_null(w, "analysis");
}

static const struct histogram *cpu_hist(const void *model, int cpu)
{
	return &((const struct hwlat_model *)model)->cpu[cpu].hist;
}

static void json_hist(struct json_writer *w, const struct run_models *m,
		      const struct rtl_params *p)
{
	const struct hwlat_model *hm = hwlat_models_of(m);

	json_cpus(w, hm, p);
	json_cpu_histograms(w, p, hm, hm->nr_cpus, cpu_hist);
	json_null(w, "analysis");
}

/* ---- metrics ---- */

static uint64_t gaps_of(const struct cpu_hwlat *c)
{
	return c->gaps;
}

static uint64_t nmis_of(const struct cpu_hwlat *c)
{
	return c->nmi_count;
}

/* a counter per measured CPU */
static void per_cpu_counter(struct metrics_writer *w, const struct hwlat_model *hm,
			    const struct rtl_params *p, const char *name, const char *help,
			    uint64_t (*value)(const struct cpu_hwlat *c))
{
	char lab[32];
	int cpu;

	metrics_family(w, name, MTYPE_COUNTER, NULL, help);
	for_each_cpu_in(cpu, &p->cpus) {
		if (cpu >= hm->nr_cpus)
			continue;
		snprintf(lab, sizeof(lab), "cpu=\"%d\"", cpu);
		metrics_count(w, name, "_total", lab, value(&hm->cpu[cpu]));
	}
}

static void metrics(struct metrics_writer *w, const struct run_models *m,
		    const struct rtl_params *p)
{
	static const char lat[] = "rtlens_hwlat_latency_seconds";
	const struct hwlat_model *hm = hwlat_models_of(m);
	char lab[32];
	int cpu;

	metrics_family(w, lat, MTYPE_HISTOGRAM, "seconds",
		       "the longest gap of each hwlat window over the threshold");
	for_each_cpu_in(cpu, &p->cpus) {
		if (cpu >= hm->nr_cpus)
			continue;
		snprintf(lab, sizeof(lab), "cpu=\"%d\"", cpu);
		metrics_histogram(w, lat, lab, &hm->cpu[cpu].hist, 1000, hm->cpu[cpu].hist.sum);
	}
	per_cpu_counter(w, hm, p, "rtlens_hwlat_gaps", "gaps over the threshold seen by hwlat",
			gaps_of);
	per_cpu_counter(w, hm, p, "rtlens_hwlat_nmis", "NMIs during hwlat's samples", nmis_of);
}

/* the progress line: the samples so far, and the longest gap */
static void so_far(const struct run_models *m, const struct rtl_params *p, struct so_far *f)
{
	const struct hwlat_model *hm = hwlat_models_of(m);

	for (int cpu = 0; cpu < hm->nr_cpus; cpu++) {
		const struct histogram *h = &hm->cpu[cpu].hist;

		if (!cpu_mask_test(&p->cpus, cpu))
			continue;
		f->n += h->count;
		if (h->count && h->max > f->max)
			f->max = h->max;
	}
}

const struct tool_render hwlat_render = {
	.screen		= { [MODE_TOP] = hwlat_top, [MODE_HIST] = hwlat_hist },
	.json_config	= json_config,
	.json_sections	= { [MODE_TOP] = json_top, [MODE_HIST] = json_hist },
	.metrics	= metrics,
	.begin		= hwlatdetect_begin,
	.record		= hwlatdetect_record,
	.samples	= hwlatdetect_samples,
	.notes_off	= hwlatdetect_quiet,
	.so_far		= so_far,
	.live_rows	= &hwlat_rows,
};
