// SPDX-License-Identifier: GPL-2.0
/*
 * svg_plot - --plot FILE.svg of osnoise hist and timerlat hist: a panel per
 * CPU shown (the CPUs with samples among -c's, as the text histogram),
 * wrapped into columns; timerlat's contexts as series of one panel.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "render/svg_panel.h"
#include "render/svg_plot.h"
#include "render/svg_writer.h"
#include "render/text_append.h"

#define PANEL_W		460.0
#define PANEL_H		230.0
#define MARGIN		16.0
#define HEADER_H	92.0
#define MIN_WIDTH	720.0
#define EMPTY_H		90.0

_Static_assert(PLOT_MAX_SERIES <= SVG_MAX_SERIES, "a panel draws every series");

struct hist_plot {
	const struct run_models	*m;
	const struct rtl_params	*p;
	const struct run_view	*v;
	char			*title;		/* the command line, whole */
	const struct plot_shape	*shape;		/* the tool's: tool_render.plot */
	int			nr_ctx;
	struct plot_series	ctx[PLOT_MAX_SERIES];
	size_t			nr_panels;
	struct svg_panel	*panels;
	struct svg_series	*series;	/* nr_ctx per panel */
	char			(*titles)[16];
	char			(*subtitles)[128];
	struct svg_scale	scale;
	int			cols;
	double			width, height;
	double			panel_w;	/* a column's width */
};

/* ---- the data ---- */

static bool cpu_shown(const struct hist_plot *hp, int cpu)
{
	return hp->shape && hp->shape->hist(hp->m, cpu, hp->ctx[0].id);
}

static const struct histogram *hist_of(const struct hist_plot *hp, int cpu, int ctx)
{
	return hp->shape->hist(hp->m, cpu, hp->ctx[ctx].id);
}

static void plot_contexts(struct hist_plot *hp)
{
	hp->shape = tool_render_of(hp->p)->plot;
	hp->scale.unit = hp->shape ? hp->shape->unit(hp->p) : "us";
	if (hp->shape)
		hp->nr_ctx = hp->shape->series(hp->p, hp->ctx);
}

/* the non-empty buckets of @h; -1 when out of memory */
static int series_fill(struct svg_series *se, const struct histogram *h)
{
	struct report_bucket *bins;
	unsigned int i;
	size_t n = 0;

	for (i = 0; i < h->entries; i++)
		n += !histogram_bucket_is_empty(h, i);
	bins = calloc(n ? n : 1, sizeof(*bins));
	if (!bins)
		return -1;
	for (i = 0, n = 0; i < h->entries; i++)
		if (!histogram_bucket_is_empty(h, i))
			bins[n++] = (struct report_bucket){ .index = i, .count = h->buckets[i] };
	se->bins = bins;
	se->nr_bins = n;
	se->over = histogram_over(h);
	return 0;
}

/* "max 78 us, 1003 samples"; timerlat: "max IRQ 78, Thr 99 us (1003, 1003 samples)" */
static void panel_subtitle(const struct hist_plot *hp, int cpu, char *buf, size_t len)
{
	const struct histogram *h;
	size_t at = 0;
	int k;

	text_append(buf, len, &at, "max");
	for (k = 0; k < hp->nr_ctx; k++) {
		h = hist_of(hp, cpu, k);
		text_append(buf, len, &at, "%s%s%s", k ? ", " : " ",
		       hp->ctx[k].name ? hp->ctx[k].name : "", hp->ctx[k].name ? " " : "");
		if (h->count)
			text_append(buf, len, &at, "%llu", (unsigned long long)h->max);
		else
			text_append(buf, len, &at, "-");
	}
	text_append(buf, len, &at, " %s%s", hp->scale.unit, hp->nr_ctx > 1 ? " (" : ", ");
	for (k = 0; k < hp->nr_ctx; k++)
		text_append(buf, len, &at, "%s%llu", k ? ", " : "",
		       (unsigned long long)hist_of(hp, cpu, k)->count);
	text_append(buf, len, &at, " samples%s", hp->nr_ctx > 1 ? ")" : "");
}

static int plot_panel(struct hist_plot *hp, size_t i, int cpu)
{
	struct svg_series *se = &hp->series[i * hp->nr_ctx];
	int k;

	for (k = 0; k < hp->nr_ctx; k++) {
		se[k].name = hp->ctx[k].name;
		se[k].color = hp->ctx[k].color;
		if (series_fill(&se[k], hist_of(hp, cpu, k)))
			return -1;
	}
	snprintf(hp->titles[i], sizeof(hp->titles[i]), "CPU %d", cpu);
	panel_subtitle(hp, cpu, hp->subtitles[i], sizeof(hp->subtitles[i]));
	hp->panels[i] = (struct svg_panel){
		.title = hp->titles[i], .subtitle = hp->subtitles[i],
		.nr_series = hp->nr_ctx, .series = se,
	};
	return 0;
}

static int plot_collect(struct hist_plot *hp)
{
	size_t n = 0, i = 0;
	int cpu;

	for_each_cpu_in(cpu, &hp->p->cpus)
		n += cpu_shown(hp, cpu);
	hp->nr_panels = n;
	hp->panels = calloc(n + 1, sizeof(*hp->panels));
	hp->series = calloc((n + 1) * hp->nr_ctx, sizeof(*hp->series));
	hp->titles = calloc(n + 1, sizeof(*hp->titles));
	hp->subtitles = calloc(n + 1, sizeof(*hp->subtitles));
	if (!hp->panels || !hp->series || !hp->titles || !hp->subtitles)
		return -1;
	for_each_cpu_in(cpu, &hp->p->cpus)
		if (cpu_shown(hp, cpu) && plot_panel(hp, i++, cpu))
			return -1;
	return 0;
}

static void plot_free(struct hist_plot *hp)
{
	size_t i;

	for (i = 0; hp->series && i < hp->nr_panels * hp->nr_ctx; i++)
		free((void *)hp->series[i].bins);
	free(hp->series);
	free(hp->panels);
	free(hp->titles);
	free(hp->subtitles);
	free(hp->title);
}

static void plot_scale(struct hist_plot *hp)
{
	struct svg_scale *s = &hp->scale;
	size_t rows;

	s->bucket = hp->p->bucket_size;
	s->entries = hp->p->entries;
	if (hp->shape)
		hp->shape->marks(s, hp->p);
	hp->cols = hp->nr_panels <= 1 ? 1 : hp->nr_panels <= 4 ? 2 : hp->nr_panels <= 9 ? 3 : 4;
	rows = (hp->nr_panels + hp->cols - 1) / hp->cols;
	hp->width = hp->cols * PANEL_W + 2 * MARGIN;
	if (hp->width < MIN_WIDTH)
		hp->width = MIN_WIDTH;
	hp->panel_w = (hp->width - 2 * MARGIN) / hp->cols;
	hp->height = HEADER_H + (rows ? rows * PANEL_H : EMPTY_H) + MARGIN;
}

/* ---- the picture ---- */

/* "rtlens osnoise hist -c 0 ...": the command line, without the binary's path */
/* "rtlens osnoise hist -c 1 ...", the words whole: to free(); NULL when out of memory */
static char *command_line(const struct rtl_params *p)
{
	char *text = NULL;
	size_t len;
	FILE *f = open_memstream(&text, &len);
	int i;

	if (!f)
		return NULL;
	fprintf(f, "rtlens %s", p->argv ? "" : p->command);
	for (i = 1; p->argv && i < p->argc; i++)
		fprintf(f, "%s%s", i > 1 ? " " : "", p->argv[i]);
	if (fclose(f)) {
		free(text);
		return NULL;
	}
	return text;
}

static void header_run(FILE *out, const struct hist_plot *hp, double y)
{
	const struct sys_facts *f = hp->m->facts;
	char started[40] = "", duration[32], *d = duration;
	struct tm tm;

	if (hp->v->started && gmtime_r(&hp->v->started, &tm))
		strftime(started, sizeof(started), ", started %Y-%m-%d %H:%M:%S UTC", &tm);
	format_duration(hp->v->elapsed_s, duration, sizeof(duration));
	while (*d == ' ')
		d++;
	svg_text(out, MARGIN, y, "fill=\"#333\"", "host %s, kernel %s, engine %s%s, duration %s",
		 f ? f->hostname : "unknown", f ? f->kernel_release : "unknown",
		 hp->v->data_path ? hp->v->data_path : "unknown", started, d);
}

static void header_hist(FILE *out, const struct hist_plot *hp, double y)
{
	const struct svg_scale *s = &hp->scale;
	char group[64] = "";

	if (s->group > 1)
		snprintf(group, sizeof(group), " (a bar: %llu buckets)",
			 (unsigned long long)s->group);
	svg_text(out, MARGIN, y, "fill=\"#333\"", "%s per CPU: buckets of %u %s, %u of them%s; "
		 "counts on a log scale; values past the last bucket under \"over\"",
		 hp->shape ? hp->shape->what : "samples", hp->p->bucket_size, s->unit,
		 hp->p->entries, group);
}

static void header_stop(FILE *out, const struct hist_plot *hp, double y)
{
	const struct run_view *v = hp->v;

	if (v->reason != STOP_THRESHOLD)
		return;
	if (v->threshold_cpu >= 0)
		svg_text(out, MARGIN, y, "fill=\"" PLOT_COLOR_STOP "\"",
			 "stopped: a threshold was hit on CPU %d", v->threshold_cpu);
	else
		svg_text(out, MARGIN, y, "fill=\"" PLOT_COLOR_STOP "\"", "stopped: a threshold was hit");
}

static void plot_header(FILE *out, const struct hist_plot *hp)
{
	struct svg_series legend[SVG_MAX_SERIES] = { { 0 } };
	char clipped[512];
	int k;

	/* the header's line: the command clipped to the width (the title has it whole) */
	svg_clip(clipped, sizeof(clipped), hp->title, (size_t)((hp->width - 2 * MARGIN) / 8.4));
	svg_text(out, MARGIN, 24, "font-size=\"14\" font-weight=\"bold\"", "%s", clipped);
	header_run(out, hp, 42);
	header_hist(out, hp, 58);
	header_stop(out, hp, 76);
	for (k = 0; k < hp->nr_ctx; k++) {
		legend[k].name = hp->ctx[k].name;
		legend[k].color = hp->ctx[k].color;
	}
	if (hp->nr_ctx > 1)
		svg_legend(out, hp->width - MARGIN - 150, 76, legend, hp->nr_ctx);
}

static void plot_panels(FILE *out, struct hist_plot *hp)
{
	struct svg_panel *pa;
	size_t i;

	if (!hp->nr_panels) {
		svg_text(out, hp->width / 2, HEADER_H + EMPTY_H / 2, "class=\"empty\" "
			 "text-anchor=\"middle\" font-size=\"16\" fill=\"#666\"",
			 "no samples: no CPU measured had a %s to count",
			 hp->shape ? hp->shape->sample : "sample");
		return;
	}
	for (i = 0; i < hp->nr_panels; i++) {
		pa = &hp->panels[i];
		pa->x = MARGIN + (double)(i % hp->cols) * hp->panel_w;
		pa->y = HEADER_H + (double)(i / hp->cols) * PANEL_H;
		pa->w = hp->panel_w - 8;
		pa->h = PANEL_H - 8;
		svg_panel_draw(out, pa, &hp->scale);
	}
}

int svg_plot_hist(FILE *out, const struct run_models *m, const struct rtl_params *p,
		  const struct run_view *v)
{
	struct hist_plot hp = { .m = m, .p = p, .v = v };
	int ret = -1;

	hp.title = command_line(p);
	if (!hp.title)
		goto out;
	plot_contexts(&hp);
	if (plot_collect(&hp))
		goto out;
	plot_scale(&hp);
	svg_scale_fit(&hp.scale, hp.panels, hp.nr_panels, p->with_zeros,
		      svg_panel_plot_width(hp.panel_w - 8));
	svg_begin(out, hp.width, hp.height, hp.title);
	plot_header(out, &hp);
	plot_panels(out, &hp);
	ret = svg_end(out);
out:
	plot_free(&hp);
	return ret;
}
