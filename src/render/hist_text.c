// SPDX-License-Identifier: GPL-2.0
/*
 * hist_text - per-CPU histograms in rtla's hist layouts, one renderer for
 * both: osnoise hist (a CPU-NNN column per CPU) and timerlat hist (IRQ-NNN,
 * Thr-NNN and, with -u, Usr-NNN columns per CPU, then the ALL block). What
 * differs is in struct hist_desc (hist_parts.h), which hwlat's renderer
 * fills too.
 */
#include "render/hist_parts.h"

#define for_each_shown_cpu(cpu, d, p) \
	for_each_cpu_in(cpu, &(p)->cpus) if ((d)->shown((d)->model, cpu))

/* Each column in order: context @i of @cpu, its numbers in *@col. */
#define for_each_column(cpu, i, col, d, p) \
	for_each_shown_cpu(cpu, d, p) \
		for ((i) = 0; (i) < (d)->nr_ctx && \
		     ((d)->column((d)->model, cpu, (d)->ctx[i].id, col), true); (i)++)

static void hist_header(FILE *out, const struct hist_desc *d, const struct rtl_params *p,
			const struct run_view *v)
{
	char duration[32];
	int cpu, i;

	if (p->no_header)
		return;
	format_duration(v->elapsed_s, duration, sizeof(duration));
	fprintf(out, "# rtlens %s histogram\n", d->tool);
	fprintf(out, "# Time unit is %s (%s)\n", d->nano ? "nanoseconds" : "microseconds",
		d->nano ? "ns" : "us");
	fprintf(out, "# Duration: %s\n", duration);
	if (!p->no_index)
		fprintf(out, "Index");
	for_each_shown_cpu(cpu, d, p)
		for (i = 0; i < d->nr_ctx; i++)
			fprintf(out, "   %s-%03d", d->ctx[i].name, cpu);
	fprintf(out, "\n");
}

static uint64_t bucket_total(const struct hist_desc *d, const struct rtl_params *p,
			     unsigned int bucket)
{
	struct hist_col col;
	uint64_t total = 0;
	int cpu, i;

	for_each_column(cpu, i, &col, d, p)
		total += col.hist->buckets[bucket];
	return total;
}

/* bucket == entries: the over row */
static void bucket_row(FILE *out, const struct hist_desc *d, const struct rtl_params *p,
		       unsigned int bucket)
{
	struct hist_col col;
	int cpu, i;

	if (!p->no_index) {
		if (bucket < p->entries)
			fprintf(out, "%-6u", bucket * p->bucket_size);
		else
			fprintf(out, "over: ");
	}
	for_each_column(cpu, i, &col, d, p)
		fprintf(out, "%9llu ", (unsigned long long)col.hist->buckets[bucket]);
	fprintf(out, "\n");
}

static void hist_buckets(FILE *out, const struct hist_desc *d, const struct rtl_params *p)
{
	unsigned int bucket;

	for (bucket = 0; bucket < p->entries; bucket++)
		if (p->with_zeros || bucket_total(d, p, bucket))
			bucket_row(out, d, p, bucket);
}

enum stat_row { ROW_COUNT, ROW_MIN, ROW_AVG, ROW_MAX };

static const char *const row_labels[] = { "count:", "min:  ", "avg:  ", "max:  " };

static void stat_value(FILE *out, const struct hist_desc *d, const struct latency_stats *s,
		       enum stat_row row)
{
	uint64_t v;

	if (row == ROW_COUNT) {
		fprintf(out, "%9llu ", (unsigned long long)s->count);
		return;
	}
	if (!s->count) {
		fprintf(out, "%9c ", '-');
		return;
	}
	if (row == ROW_AVG && d->avg_fraction) {
		fprintf(out, "%9.2f ", (double)s->sum / (double)s->count);
		return;
	}
	if (row == ROW_MIN)
		v = s->min;
	else if (row == ROW_AVG)
		v = s->sum / s->count;
	else
		v = s->max;
	fprintf(out, "%9llu ", (unsigned long long)v);
}

static void hist_summary(FILE *out, const struct hist_desc *d, const struct rtl_params *p)
{
	struct hist_col col;
	enum stat_row row;
	int cpu, i;

	for (row = ROW_COUNT; row <= ROW_MAX; row++) {
		if (!p->no_index)
			fprintf(out, "%s", row_labels[row]);
		for_each_column(cpu, i, &col, d, p)
			stat_value(out, d, &col.stats, row);
		fprintf(out, "\n");
	}
}

/* Each context over every CPU shown. */
static void hist_all(FILE *out, const struct hist_desc *d, const struct rtl_params *p)
{
	struct latency_stats sum[HIST_MAX_CTX] = { { 0 } };
	struct hist_col col;
	enum stat_row row;
	int cpu, i;

	for_each_column(cpu, i, &col, d, p)
		latency_stats_merge(&sum[i], &col.stats);
	if (!p->no_index)
		fprintf(out, "ALL:  ");
	for (i = 0; i < d->nr_ctx; i++)
		fprintf(out, "%s", d->ctx[i].all_head);
	fprintf(out, "\n");
	for (row = ROW_COUNT; row <= ROW_MAX; row++) {
		if (!p->no_index)
			fprintf(out, "%s", row_labels[row]);
		for (i = 0; i < d->nr_ctx; i++)
			stat_value(out, d, &sum[i], row);
		fprintf(out, "\n");
	}
}

static bool has_columns(const struct hist_desc *d, const struct rtl_params *p)
{
	int cpu;

	for_each_shown_cpu(cpu, d, p)
		return true;
	return false;
}

void hist_render(FILE *out, const struct hist_desc *d, const struct rtl_params *p,
			const struct run_view *v)
{
	hist_header(out, d, p, v);
	hist_buckets(out, d, p);
	if (d->empty_zeros && !has_columns(d, p)) {
		fprintf(out, "over: 0\ncount: 0\nmin: 0\navg: 0\nmax: 0\n");
		return;
	}
	bucket_row(out, d, p, p->entries);
	if (p->no_summary)
		return;
	hist_summary(out, d, p);
	if (d->all_block)
		hist_all(out, d, p);
}

/* ---- osnoise: a CPU with samples has a column ---- */

static bool noise_shown(const void *model, int cpu)
{
	const struct noise_model *m = model;

	return cpu < m->nr_cpus && m->cpu[cpu].hist.count;
}

static void noise_column(const void *model, int cpu, int ctx, struct hist_col *out)
{
	const struct noise_model *m = model;
	const struct histogram *h = &m->cpu[cpu].hist;

	(void)ctx;
	out->hist = h;
	out->stats = (struct latency_stats) {
		.count = h->count, .min = h->min, .sum = h->sum, .max = h->max,
	};
}

void render_hist(FILE *out, const struct noise_model *m, const struct rtl_params *p,
		 const struct run_view *v)
{
	const struct hist_desc d = {
		.tool		= "osnoise",
		.avg_fraction	= true,
		.empty_zeros	= true,
		.nr_ctx		= 1,
		.ctx		= { { "CPU", NULL, 0 } },
		.model		= m,
		.shown		= noise_shown,
		.column		= noise_column,
	};

	hist_render(out, &d, p, v);
}

/* ---- timerlat: a CPU with IRQ or thread samples has a column per context ---- */

static const struct hist_ctx timerlat_ctx[] = {
	[TIMERLAT_IRQ]		= { "IRQ", "      IRQ", TIMERLAT_IRQ },
	[TIMERLAT_THREAD]	= { "Thr", "       Thr", TIMERLAT_THREAD },
	[TIMERLAT_USER]		= { "Usr", "       Usr", TIMERLAT_USER },
};

static bool latency_shown(const void *model, int cpu)
{
	const struct latency_model *m = model;

	return cpu < m->nr_cpus && latency_cpu_has_data(m, cpu);
}

static void latency_column(const void *model, int cpu, int ctx, struct hist_col *out)
{
	const struct latency_model *m = model;

	out->hist = &m->cpu[cpu].hist[ctx];
	out->stats = m->cpu[cpu].stats[ctx];
}

void render_timerlat_hist(FILE *out, const struct latency_model *m, const struct rtl_params *p,
			  const struct run_view *v)
{
	struct hist_desc d = {
		.tool		= "timerlat",
		.nano		= p->nano,
		.all_block	= true,
		.model		= m,
		.shown		= latency_shown,
		.column		= latency_column,
	};

	if (!p->no_irq)
		d.ctx[d.nr_ctx++] = timerlat_ctx[TIMERLAT_IRQ];
	if (!p->no_thread)
		d.ctx[d.nr_ctx++] = timerlat_ctx[TIMERLAT_THREAD];
	if (p->user_threads)
		d.ctx[d.nr_ctx++] = timerlat_ctx[TIMERLAT_USER];
	hist_render(out, &d, p, v);
}
