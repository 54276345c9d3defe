// SPDX-License-Identifier: GPL-2.0
/*
 * svg_panel - one log-scale histogram panel, and the scale panels share
 */
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "render/svg_panel.h"
#include "render/svg_writer.h"

#define PAD_LEFT	46.0
#define PAD_RIGHT	46.0	/* the over slot */
#define PAD_TOP		36.0
#define PAD_BOTTOM	34.0
#define OVER_GAP	16.0
#define OVER_W		26.0
#define MIN_SPAN	10	/* buckets: a lone bar is not the panel's width */
#define Y_FLOOR		(-0.30103)	/* log10(0.5): a count of 1 has a height */

/* The plot area of a panel, and the scale it is drawn to. */
struct plot {
	const struct svg_scale	*s;
	const struct svg_panel	*p;
	double			x, y, w, h;
};

double svg_panel_plot_width(double w)
{
	return w - PAD_LEFT - PAD_RIGHT;
}

void svg_scale_mark(struct svg_scale *s, const char *color, double value, const char *fmt, ...)
{
	struct svg_mark *m;
	va_list ap;

	if (s->nr_marks >= SVG_MAX_MARKS)
		return;
	m = &s->marks[s->nr_marks++];
	m->color = color;
	m->value = value;
	va_start(ap, fmt);
	vsnprintf(m->label, sizeof(m->label), fmt, ap);
	va_end(ap);
}

/* ---- the scale ---- */

static void data_range(const struct svg_panel *panels, size_t n, uint64_t *first,
		       uint64_t *last)
{
	const struct svg_series *se;
	size_t i, b;
	int k;

	*first = UINT64_MAX;
	*last = 0;
	for (i = 0; i < n; i++)
		for (k = 0; k < panels[i].nr_series; k++)
			for (se = &panels[i].series[k], b = 0; b < se->nr_bins; b++) {
				if (se->bins[b].index < *first)
					*first = se->bins[b].index;
				if (se->bins[b].index > *last)
					*last = se->bins[b].index;
			}
}

/* the buckets of the marks are shown; a mark past them, every bucket */
static void range_marks(struct svg_scale *s)
{
	uint64_t idx;
	int i;

	for (i = 0; i < s->nr_marks; i++) {
		if (!(s->marks[i].value >= 0))
			continue;
		idx = (uint64_t)(s->marks[i].value / s->bucket);
		if (s->marks[i].value / s->bucket >= (double)s->entries)
			idx = s->entries - 1;
		if (idx < s->lo)
			s->lo = idx;
		if (idx + 1 > s->hi)
			s->hi = idx + 1;
	}
}

static void range_widen(struct svg_scale *s, bool all_buckets)
{
	if (s->lo * 2 <= s->hi)		/* near 0: from 0, the baseline */
		s->lo = 0;
	if (!all_buckets)		/* the last bar off the frame */
		s->hi += (s->hi - s->lo) / 32;
	if (s->hi > s->entries && s->entries > s->lo)
		s->hi = s->entries;
	if (s->hi - s->lo < MIN_SPAN)
		s->hi = s->entries < s->lo + MIN_SPAN ? s->entries : s->lo + MIN_SPAN;
	if (s->hi - s->lo < MIN_SPAN)
		s->lo = s->hi > MIN_SPAN ? s->hi - MIN_SPAN : 0;
	if (s->hi <= s->lo)
		s->hi = s->lo + 1;
}

/* @fn(@ctx, group index, count) for each non-empty group of buckets of @se */
static void for_each_group(const struct svg_series *se, uint64_t group,
			   void (*fn)(void *ctx, uint64_t g, uint64_t count), void *ctx)
{
	uint64_t g = 0, sum = 0;
	size_t b;

	for (b = 0; b < se->nr_bins; b++) {
		if (sum && se->bins[b].index / group != g) {
			fn(ctx, g, sum);
			sum = 0;
		}
		g = se->bins[b].index / group;
		sum += se->bins[b].count;
	}
	if (sum)
		fn(ctx, g, sum);
}

static void take_max(void *ctx, uint64_t g, uint64_t count)
{
	uint64_t *max = ctx;

	(void)g;
	if (count > *max)
		*max = count;
}

static uint64_t highest_bar(const struct svg_panel *panels, size_t n, uint64_t group)
{
	uint64_t max = 0;
	size_t i;
	int k;

	for (i = 0; i < n; i++)
		for (k = 0; k < panels[i].nr_series; k++) {
			for_each_group(&panels[i].series[k], group, take_max, &max);
			take_max(&max, 0, panels[i].series[k].over);
		}
	return max;
}

void svg_scale_fit(struct svg_scale *s, const struct svg_panel *panels, size_t n,
		   bool all_buckets, double plot_w)
{
	uint64_t first, last, top, max;

	data_range(panels, n, &first, &last);
	s->lo = 0;
	s->hi = s->entries < MIN_SPAN ? s->entries : MIN_SPAN;
	if (all_buckets) {
		s->hi = s->entries;
	} else if (first != UINT64_MAX) {
		s->lo = first;
		s->hi = last + 1;
	}
	range_marks(s);
	range_widen(s, all_buckets);
	s->group = (uint64_t)ceil((double)(s->hi - s->lo) / (plot_w > 1 ? plot_w : 1));
	if (s->group < 1)
		s->group = 1;
	s->lo -= s->lo % s->group;
	s->hi += (s->group - s->hi % s->group) % s->group;
	max = highest_bar(panels, n, s->group);
	for (s->decades = 1, top = 10; top < max && s->decades < 19; top *= 10)
		s->decades++;
}

/* ---- positions ---- */

static double x_of_bucket(const struct plot *pl, double bucket)
{
	const struct svg_scale *s = pl->s;

	return pl->x + (bucket - (double)s->lo) / (double)(s->hi - s->lo) * pl->w;
}

static double y_of_count(const struct plot *pl, uint64_t count)
{
	double v = count ? log10((double)count) : Y_FLOOR;

	return pl->y + pl->h - (v - Y_FLOOR) / (pl->s->decades - Y_FLOOR) * pl->h;
}

/* ---- the axes ---- */

static void y_axis(FILE *out, const struct plot *pl)
{
	uint64_t v = 1;
	char label[16], attrs[128];
	double x, y;
	int d;

	for (d = 0; d <= pl->s->decades; d++, v *= 10) {
		y = y_of_count(pl, v);
		svg_line(out, pl->x, y, pl->x + pl->w, y, "stroke=\"#e4e4e4\"");
		svg_count_label(v, label, sizeof(label));
		svg_text(out, pl->x - 4, y + 4, "text-anchor=\"end\" fill=\"#444\"", "%s", label);
	}
	x = pl->x - 38;
	y = pl->y + pl->h / 2;
	snprintf(attrs, sizeof(attrs), "text-anchor=\"middle\" fill=\"#666\" font-size=\"10\" "
		 "transform=\"rotate(-90 %.1f %.1f)\"", x, y);
	svg_text(out, x, y, attrs, "count (log scale)");
}

static void x_axis(FILE *out, const struct plot *pl)
{
	const struct svg_scale *s = pl->s;
	double lo = (double)s->lo * s->bucket, hi = (double)s->hi * s->bucket;
	double step = svg_nice_step(hi - lo, pl->w / 64 > 1 ? (int)(pl->w / 64) : 1);
	double v, x, base = pl->y + pl->h;
	char label[32];

	for (v = ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) {
		x = x_of_bucket(pl, v / s->bucket);
		svg_line(out, x, base, x, base + 4, "stroke=\"#444\"");
		svg_number(v, label, sizeof(label));
		svg_text(out, x, base + 15, "text-anchor=\"middle\" fill=\"#444\"", "%s", label);
	}
	svg_line(out, pl->x, base, pl->x + pl->w, base, "stroke=\"#444\"");
	svg_text(out, pl->x + pl->w / 2, base + 28, "text-anchor=\"middle\" fill=\"#666\" "
		 "font-size=\"10\"", "%s", s->unit);
}

/* ---- the bars ---- */

struct bar_ctx {
	FILE			*out;
	const struct plot	*pl;
	const struct svg_series	*se;
	char			attrs[128];
};

static void bar(void *ctx, uint64_t g, uint64_t count)
{
	struct bar_ctx *b = ctx;
	const struct svg_scale *s = b->pl->s;
	uint64_t first = g * s->group, end = first + s->group;
	double x, w, y, base = b->pl->y + b->pl->h;
	char tip[256], lo[32], hi[32];

	if (first < s->lo || first >= s->hi)
		return;
	x = x_of_bucket(b->pl, (double)first);
	w = x_of_bucket(b->pl, (double)end) - x;
	if (w >= 4)
		w -= 1;		/* a gap between wide bars */
	if (w < 1)
		w = 1;
	y = y_of_count(b->pl, count);
	svg_number((double)first * s->bucket, lo, sizeof(lo));
	svg_number((double)end * s->bucket, hi, sizeof(hi));
	snprintf(tip, sizeof(tip), "%s%s%s: %s to %s %s: %llu", b->pl->p->title,
		 b->se->name ? " " : "", b->se->name ? b->se->name : "", lo, hi, s->unit,
		 (unsigned long long)count);
	svg_rect(b->out, x, y, w, base - y, b->attrs, tip);
}

static void series_bars(FILE *out, const struct plot *pl, const struct svg_series *se)
{
	struct bar_ctx b = { .out = out, .pl = pl, .se = se };

	snprintf(b.attrs, sizeof(b.attrs), "class=\"bar\" fill=\"%s\" fill-opacity=\"%s\"",
		 se->color, pl->p->nr_series > 1 ? "0.6" : "0.9");
	for_each_group(se, pl->s->group, bar, &b);
}

/* the values past the last bucket: a bar per series beside the axis */
static void over_slot(FILE *out, const struct plot *pl)
{
	double x = pl->x + pl->w + OVER_GAP, base = pl->y + pl->h, y, top = base;
	double w = OVER_W / pl->p->nr_series;
	const struct svg_series *se;
	uint64_t total = 0;
	char attrs[128], tip[160];
	int k;

	svg_line(out, x - 2, base, x + OVER_W + 2, base, "stroke=\"#444\"");
	for (k = 0; k < pl->p->nr_series; k++) {
		se = &pl->p->series[k];
		total += se->over;
		if (!se->over)
			continue;
		y = y_of_count(pl, se->over);
		top = y < top ? y : top;
		snprintf(attrs, sizeof(attrs), "class=\"over\" fill=\"%s\" fill-opacity=\"0.9\"",
			 se->color);
		snprintf(tip, sizeof(tip), "%s%s%s: over the last bucket: %llu", pl->p->title,
			 se->name ? " " : "", se->name ? se->name : "",
			 (unsigned long long)se->over);
		svg_rect(out, x + k * w, y, w, base - y, attrs, tip);
	}
	svg_text(out, x + OVER_W / 2, base + 15, "text-anchor=\"middle\" fill=\"#444\"", "over");
	svg_text(out, x + OVER_W / 2, top - 3, "text-anchor=\"middle\" font-size=\"10\" "
		 "fill=\"#444\"", "%llu", (unsigned long long)total);
}

/* the thresholds; one past the last bucket stands at its end */
static void marks(FILE *out, const struct plot *pl)
{
	const struct svg_scale *s = pl->s;
	const struct svg_mark *m;
	char attrs[160];
	double x, pos;
	bool past;
	int i;

	for (i = 0; i < s->nr_marks; i++) {
		m = &s->marks[i];
		pos = m->value / s->bucket;
		past = pos > (double)s->hi;
		x = x_of_bucket(pl, past ? (double)s->hi : pos);
		snprintf(attrs, sizeof(attrs), "class=\"threshold\" stroke=\"%s\" "
			 "stroke-width=\"1.5\" stroke-dasharray=\"5,3\"", m->color);
		svg_line(out, x, pl->y, x, pl->y + pl->h, attrs);
		snprintf(attrs, sizeof(attrs), "font-size=\"10\" fill=\"%s\" text-anchor=\"%s\"",
			 m->color, x > pl->x + pl->w - 70 ? "end" : "start");
		svg_text(out, x > pl->x + pl->w - 70 ? x - 3 : x + 3, pl->y + 11 + 11 * i, attrs,
			 "%s%s", m->label, past ? " (past the last bucket)" : "");
	}
}

void svg_panel_draw(FILE *out, const struct svg_panel *p, const struct svg_scale *s)
{
	struct plot pl = {
		.s = s, .p = p,
		.x = p->x + PAD_LEFT, .y = p->y + PAD_TOP,
		.w = svg_panel_plot_width(p->w), .h = p->h - PAD_TOP - PAD_BOTTOM,
	};

	char sub[160];
	int k;

	svg_group_begin(out, "class=\"panel\"");
	svg_text(out, pl.x, p->y + 15, "font-size=\"12\" font-weight=\"bold\"", "%s", p->title);
	svg_clip(sub, sizeof(sub), p->subtitle, (size_t)((p->w - PAD_LEFT) / 6));
	svg_text(out, pl.x, p->y + 28, "font-size=\"10\" fill=\"#555\"", "%s", sub);
	svg_rect(out, pl.x, pl.y, pl.w, pl.h, "fill=\"#fafafa\" stroke=\"#d0d0d0\"", NULL);
	y_axis(out, &pl);
	x_axis(out, &pl);
	for (k = 0; k < p->nr_series; k++)
		series_bars(out, &pl, &p->series[k]);
	over_slot(out, &pl);
	marks(out, &pl);
	svg_group_end(out);
}

void svg_legend(FILE *out, double x, double y, const struct svg_series *series, int n)
{
	char attrs[96];
	int k;

	for (k = 0; k < n; k++) {
		snprintf(attrs, sizeof(attrs), "fill=\"%s\" fill-opacity=\"0.8\"", series[k].color);
		svg_rect(out, x, y - 9, 10, 10, attrs, NULL);
		svg_text(out, x + 14, y, "", "%s", series[k].name ? series[k].name : "");
		x += 24 + svg_text_width(series[k].name ? strlen(series[k].name) : 0, 11);
	}
}
