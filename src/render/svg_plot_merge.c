// SPDX-License-Identifier: GPL-2.0
/*
 * svg_plot_merge - the picture of `rtlens merge --plot`: the nodes side by
 * side, each a group of bars (its CPUs' noise in percent, or their worst
 * thread latency), the worst node in red; under them, when the reports
 * have histograms, each node's histogram summed over its CPUs.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/svg_panel.h"
#include "render/svg_plot.h"
#include "render/svg_writer.h"

#define MARGIN		16.0
#define HEADER_H	70.0
#define CHART_H		270.0
#define AXIS_W		56.0
#define GROUP_GAP	14.0
#define MIN_GROUP_W	150.0
#define MIN_WIDTH	720.0
#define HIST_W		340.0
#define HIST_H		220.0
#define HIST_COLS	4

#define COLOR_NODE	"#3a6fb0"
#define COLOR_WORST	"#d62728"

static const struct {
	const char	*name;
	const char	*color;
} lat_series[NR_LATS] = {
	[LAT_IRQ]	= { "IRQ", "#1f77b4" },
	[LAT_THREAD]	= { "Thr", "#ff7f0e" },
	[LAT_USER]	= { "Usr", "#2ca02c" },
};

/* A node's histogram over its CPUs, one series per latency (or one). */
struct node_hist {
	struct svg_series	series[SVG_MAX_SERIES];
	struct report_bucket	*bins[SVG_MAX_SERIES];
	double			bucket;
	double			to_us;
	uint64_t		entries;
	char			title[80];
	char			subtitle[96];
	bool			present;
	struct svg_scale	scale;
};

/* what the picture shows of one shape of reports */
struct merge_plot_shape {
	bool		(*value)(const struct report_cpu *c, double *v);	/* false: none */
	const char	*unit;		/* of a bar's value */
	const char	*axis;		/* the bars' axis */
	const char	*bars;		/* the bars, in the header */
	bool		per_context;	/* a histogram per context (IRQ, thread, user) */
};

struct merge_plot {
	const struct report_data	*r;
	size_t				n;
	const struct merge_plot_shape		*shape;		/* the reports' */
	size_t				worst;		/* the node of the worst bar */
	double				top;		/* the bar axis: 0 to top */
	double				bar_w;
	double				extra;		/* more room per group */
	double				width, height;
	bool				hists;		/* some node has histograms */
	struct node_hist		*nh;
};

/* ---- the values ---- */

/* A CPU's bar: noise in percent; false: none. */
static bool noise_value(const struct report_cpu *c, double *v)
{
	*v = 100.0 - c->avail_pct;
	if (*v < 0)
		*v = 0;
	return c->runtime_us > 0;
}

/* A CPU's bar: its worst thread latency in us; false: none. */
static bool latency_value(const struct report_cpu *c, double *v)
{
	const struct report_lat_stats *l = &c->lat[LAT_THREAD];

	*v = l->max_us;
	return l->present && l->count;
}

/* what the picture shows per shape of the reports */
static const struct merge_plot_shape plot_shapes[NR_SHAPES] = {
	[SHAPE_NOISE] = {
		.value = noise_value, .unit = "%", .axis = "noise (% of CPU time)",
		.bars = "noise: 100 - % CPU available",
	},
	[SHAPE_LATENCY] = {
		.value = latency_value, .unit = "us", .axis = "max thread latency (us)",
		.bars = "the worst thread latency (us)", .per_context = true,
	},
};

static double node_worst(const struct merge_plot *mp, const struct report_data *r)
{
	double v, worst = 0;
	size_t i;

	for (i = 0; i < r->nr_cpus; i++)
		if (mp->shape->value(&r->cpus[i], &v) && v > worst)
			worst = v;
	return worst;
}

static void merge_values(struct merge_plot *mp)
{
	double worst = -1, v;
	size_t i;

	for (i = 0; i < mp->n; i++) {
		v = node_worst(mp, &mp->r[i]);
		if (v > worst) {
			worst = v;
			mp->worst = i;
		}
	}
	mp->top = svg_nice_step(worst > 0 ? worst : 1, 5);
	while (mp->top < worst)
		mp->top += svg_nice_step(worst > 0 ? worst : 1, 5);
}

/* ---- the summed histograms ---- */

static int cmp_bin(const void *a, const void *b)
{
	const struct report_bucket *x = a, *y = b;

	return x->index < y->index ? -1 : x->index > y->index;
}

/* the report histograms @h[0..n) summed into one series */
static int sum_hists(struct svg_series *se, struct report_bucket **store,
		     const struct report_hist *const *h, size_t n)
{
	struct report_bucket *bins;
	size_t total = 0, i, j, k = 0;

	for (i = 0; i < n; i++)
		total += h[i]->nr_buckets;
	bins = calloc(total ? total : 1, sizeof(*bins));
	if (!bins)
		return -1;
	for (i = 0; i < n; i++) {
		memcpy(bins + k, h[i]->buckets, h[i]->nr_buckets * sizeof(*bins));
		k += h[i]->nr_buckets;
		se->over += h[i]->over;
	}
	qsort(bins, total, sizeof(*bins), cmp_bin);
	for (i = 0, k = 0; i < total; i = j) {
		bins[k] = bins[i];
		for (j = i + 1; j < total && bins[j].index == bins[i].index; j++)
			bins[k].count += bins[j].count;
		k++;
	}
	*store = bins;
	se->bins = bins;
	se->nr_bins = k;
	return 0;
}

/* The histogram of latency @lat (-1: osnoise's) of each CPU of @r that has one. */
static size_t node_hists(const struct report_data *r, int lat, const struct report_hist **h)
{
	const struct report_hist *one;
	size_t i, n = 0;

	for (i = 0; i < r->nr_cpus; i++) {
		one = lat < 0 ? &r->cpus[i].hist : &r->cpus[i].lat[lat].hist;
		if (one->present)
			h[n++] = one;
	}
	return n;
}

static int node_series(struct node_hist *nh, const struct report_data *r, int k, int lat)
{
	const struct report_hist **h = calloc(r->nr_cpus + 1, sizeof(*h));
	size_t n;
	int ret;

	if (!h)
		return -1;
	n = node_hists(r, lat, h);
	if (n && !nh->present) {
		nh->present = true;
		nh->bucket = h[0]->bucket;
		nh->to_us = h[0]->to_us;
		nh->entries = h[0]->entries;
	}
	nh->series[k].name = lat < 0 ? NULL : lat_series[lat].name;
	nh->series[k].color = lat < 0 ? COLOR_NODE : lat_series[lat].color;
	ret = sum_hists(&nh->series[k], &nh->bins[k], h, n);
	free(h);
	return ret;
}

static int node_hist_fill(struct node_hist *nh, const struct report_data *r, bool per_context,
			  int *nr)
{
	int lat;

	*nr = 0;
	if (!per_context)
		return node_series(nh, r, (*nr)++, -1);
	for (lat = 0; lat < NR_LATS; lat++)
		if ((lat != LAT_USER || r->has_user) && node_series(nh, r, (*nr)++, lat))
			return -1;
	return 0;
}

/* ---- the bars ---- */

static double group_width(const struct merge_plot *mp, size_t i)
{
	double w = (double)mp->r[i].nr_cpus * mp->bar_w;

	return (w > MIN_GROUP_W ? w : MIN_GROUP_W) + mp->extra;
}

static void merge_layout(struct merge_plot *mp)
{
	size_t i, cpus = 0, rows;
	double w = 0;

	for (i = 0; i < mp->n; i++)
		cpus += mp->r[i].nr_cpus;
	mp->bar_w = cpus ? 640.0 / (double)cpus : 14;
	mp->bar_w = mp->bar_w > 24 ? 24 : mp->bar_w < 3 ? 3 : mp->bar_w;
	for (i = 0; i < mp->n; i++)
		w += group_width(mp, i) + GROUP_GAP;
	mp->width = 2 * MARGIN + AXIS_W + w;
	rows = mp->hists ? (mp->n + HIST_COLS - 1) / HIST_COLS : 0;
	if (mp->width < MIN_WIDTH)
		mp->width = MIN_WIDTH;
	if (mp->hists && mp->width < 2 * MARGIN + HIST_W * (mp->n < HIST_COLS ? mp->n : HIST_COLS))
		mp->width = 2 * MARGIN + HIST_W * (mp->n < HIST_COLS ? mp->n : HIST_COLS);
	if (mp->n)		/* the groups fill the width */
		mp->extra = (mp->width - 2 * MARGIN - AXIS_W - w) / (double)mp->n;
	mp->height = HEADER_H + CHART_H + (double)rows * HIST_H + MARGIN;
}

static double y_of_value(const struct merge_plot *mp, double v)
{
	double base = HEADER_H + CHART_H - 50;

	return base - v / mp->top * (CHART_H - 70);
}

static void bars_axis(FILE *out, const struct merge_plot *mp)
{
	double step = svg_nice_step(mp->top, 5), v, y, x0 = MARGIN + AXIS_W;
	char label[32], attrs[128];

	for (v = 0; v <= mp->top + step * 1e-9; v += step) {
		y = y_of_value(mp, v);
		svg_line(out, x0, y, mp->width - MARGIN, y, "stroke=\"#e4e4e4\"");
		svg_number(v, label, sizeof(label));
		svg_text(out, x0 - 4, y + 4, "text-anchor=\"end\" fill=\"#444\"", "%s", label);
	}
	y = (y_of_value(mp, 0) + y_of_value(mp, mp->top)) / 2;
	snprintf(attrs, sizeof(attrs), "text-anchor=\"middle\" fill=\"#666\" font-size=\"10\" "
		 "transform=\"rotate(-90 %.1f %.1f)\"", MARGIN + 8, y);
	svg_text(out, MARGIN + 8, y, attrs, "%s", mp->shape->axis);
}

static void node_bars(FILE *out, const struct merge_plot *mp, size_t i, double x)
{
	const struct report_data *r = &mp->r[i];
	bool worst = i == mp->worst;
	double gw = group_width(mp, i), base = y_of_value(mp, 0), v, y, bx;
	char attrs[96], tip[256], host[48];
	size_t c;

	svg_rect(out, x - 4, y_of_value(mp, mp->top), gw + 8, base - y_of_value(mp, mp->top),
		 worst ? "fill=\"#fde4e1\" stroke=\"" COLOR_WORST "\"" : "fill=\"#f3f5f8\"", NULL);
	snprintf(attrs, sizeof(attrs), "class=\"node-bar\" fill=\"%s\"",
		 worst ? COLOR_WORST : COLOR_NODE);
	bx = x + (gw - (double)r->nr_cpus * mp->bar_w) / 2;
	for (c = 0; c < r->nr_cpus; c++, bx += mp->bar_w) {
		if (!mp->shape->value(&r->cpus[c], &v))
			continue;
		y = y_of_value(mp, v);
		snprintf(tip, sizeof(tip), "%s CPU %d: %.3f %s", r->hostname ? r->hostname : "?",
			 r->cpus[c].cpu, v, mp->shape->unit);
		svg_rect(out, bx, y, mp->bar_w > 4 ? mp->bar_w - 1 : mp->bar_w, base - y, attrs,
			 tip);
	}
	svg_clip(host, sizeof(host), r->hostname ? r->hostname : "?", (size_t)(gw / 6.6));
	svg_text(out, x + gw / 2, base + 16, worst ? "text-anchor=\"middle\" font-weight=\"bold\" "
		 "fill=\"" COLOR_WORST "\"" : "text-anchor=\"middle\"", "%s", host);
	svg_text(out, x + gw / 2, base + 30,
		 "text-anchor=\"middle\" font-size=\"10\" fill=\"#555\"",
		 "%zu CPU%s, worst %.2f %s", r->nr_cpus, r->nr_cpus == 1 ? "" : "s",
		 node_worst(mp, r), mp->shape->unit);
}

static void merge_bars(FILE *out, const struct merge_plot *mp)
{
	double x = MARGIN + AXIS_W + GROUP_GAP / 2;
	size_t i;

	bars_axis(out, mp);
	for (i = 0; i < mp->n; i++) {
		node_bars(out, mp, i, x);
		x += group_width(mp, i) + GROUP_GAP;
	}
	svg_line(out, MARGIN + AXIS_W, y_of_value(mp, 0), mp->width - MARGIN, y_of_value(mp, 0),
		 "stroke=\"#444\"");
}

/* ---- the histograms under the bars ---- */

static bool same_layout(const struct node_hist *a, const struct node_hist *b)
{
	return a->present && b->present && a->bucket == b->bucket && a->to_us == b->to_us &&
	       a->entries == b->entries;
}

static void hist_panel(const struct merge_plot *mp, size_t i, struct svg_panel *pa)
{
	const struct node_hist *nh = &mp->nh[i];

	*pa = (struct svg_panel){
		.x = MARGIN + (double)(i % HIST_COLS) * HIST_W,
		.y = HEADER_H + CHART_H + (double)(i / HIST_COLS) * HIST_H,
		.w = HIST_W - 8, .h = HIST_H - 8,
		.title = nh->title, .subtitle = nh->subtitle,
		.nr_series = mp->shape->per_context ? 2 + mp->r[i].has_user : 1,
		.series = nh->series,
	};
}

/* node @i's scale: fitted to every node of the same layout, to compare them */
static void hist_scale(const struct merge_plot *mp, size_t i, struct svg_scale *s)
{
	struct svg_panel *same = calloc(mp->n, sizeof(*same));
	size_t j, n = 0;

	*s = (struct svg_scale){
		.bucket = mp->nh[i].bucket > 0 ? mp->nh[i].bucket : 1,
		.unit = mp->nh[i].to_us == 1 ? "us" : "ns",
		.entries = mp->nh[i].entries ? mp->nh[i].entries : 1,
	};
	for (j = 0; same && j < mp->n; j++)
		if (same_layout(&mp->nh[i], &mp->nh[j]))
			hist_panel(mp, j, &same[n++]);
	if (!same)
		hist_panel(mp, i, &same[n++]);
	svg_scale_fit(s, same, n, false, svg_panel_plot_width(HIST_W - 8));
	free(same);
}

static void merge_hists(FILE *out, struct merge_plot *mp)
{
	struct svg_panel pa;
	struct svg_scale s;
	size_t i;

	for (i = 0; i < mp->n; i++) {
		if (!mp->nh[i].present)
			continue;
		hist_panel(mp, i, &pa);
		hist_scale(mp, i, &s);
		svg_panel_draw(out, &pa, &s);
	}
}

static int merge_collect(struct merge_plot *mp)
{
	struct node_hist *nh;
	size_t i;
	int nr;

	mp->nh = calloc(mp->n + 1, sizeof(*mp->nh));
	if (!mp->nh)
		return -1;
	for (i = 0; i < mp->n; i++) {
		nh = &mp->nh[i];
		if (mp->r[i].has_hist && node_hist_fill(nh, &mp->r[i], mp->shape->per_context, &nr))
			return -1;
		mp->hists |= nh->present;
		svg_clip(nh->title, sizeof(nh->title), mp->r[i].hostname ? mp->r[i].hostname : "?",
			 40);
		snprintf(nh->subtitle, sizeof(nh->subtitle), "%s, %zu CPUs summed",
			 mp->r[i].command ? mp->r[i].command : "?", mp->r[i].nr_cpus);
	}
	return 0;
}

static void merge_free(struct merge_plot *mp)
{
	size_t i;
	int k;

	for (i = 0; mp->nh && i < mp->n; i++)
		for (k = 0; k < SVG_MAX_SERIES; k++)
			free(mp->nh[i].bins[k]);
	free(mp->nh);
}

/* ---- the picture ---- */

static void merge_header(FILE *out, const struct merge_plot *mp)
{
	const struct report_data *w = &mp->r[mp->worst];
	struct svg_series legend[NR_LATS];
	int k;

	svg_text(out, MARGIN, 24, "font-size=\"14\" font-weight=\"bold\"",
		 "rtlens merge: %zu node%s side by side", mp->n, mp->n == 1 ? "" : "s");
	if (!mp->n)
		return;
	svg_text(out, MARGIN, 42, "fill=\"#333\"", "%s per CPU of each node%s", mp->shape->bars,
		 mp->hists ? "; below, each node's histogram summed over its CPUs (log scale)" :
		 "");
	svg_text(out, MARGIN, 58, "fill=\"" COLOR_WORST "\"", "worst node: %s (%.2f %s)",
		 w->hostname ? w->hostname : "?", node_worst(mp, w), mp->shape->unit);
	if (!mp->shape->per_context || !mp->hists)
		return;
	for (k = 0; k < NR_LATS; k++)
		legend[k] = (struct svg_series){ .name = lat_series[k].name,
						 .color = lat_series[k].color };
	svg_legend(out, mp->width - MARGIN - 150, 58, legend, 2 + mp->r->has_user);
}

int svg_plot_merge(FILE *out, const struct report_data *r, size_t n)
{
	struct merge_plot mp = { .r = r, .n = n, .shape = n ? &plot_shapes[r->tool->shape] : NULL };
	int ret = -1;

	if (merge_collect(&mp))
		goto out;
	merge_values(&mp);
	merge_layout(&mp);
	svg_begin(out, mp.width, mp.height, "rtlens merge");
	merge_header(out, &mp);
	if (!n)
		svg_text(out, mp.width / 2, HEADER_H + CHART_H / 2, "class=\"empty\" "
			 "text-anchor=\"middle\" font-size=\"16\" fill=\"#666\"", "no reports");
	else
		merge_bars(out, &mp);
	if (mp.hists)
		merge_hists(out, &mp);
	ret = svg_end(out);
out:
	merge_free(&mp);
	return ret;
}
