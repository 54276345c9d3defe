// SPDX-License-Identifier: GPL-2.0
/*
 * timerlat_hist_text - per-CPU IRQ/thread latency histograms, in rtla's
 * timerlat hist layout (IRQ-NNN and Thr-NNN columns, then the ALL block)
 */
#include "render.h"

/* the contexts shown, in column order */
static int tl_contexts(const struct rtl_params *p, int *ctx)
{
	int n = 0;

	if (!p->no_irq)
		ctx[n++] = TIMERLAT_IRQ;
	if (!p->no_thread)
		ctx[n++] = TIMERLAT_THREAD;
	if (p->user_threads)
		ctx[n++] = TIMERLAT_USER;
	return n;
}

static bool tl_column(const struct latency_model *m, int cpu)
{
	return cpu < m->nr_cpus && latency_cpu_has_data(m, cpu);
}

#define for_each_tl_column(cpu, m, p) \
	for_each_cpu_in(cpu, &(p)->cpus) if (tl_column(m, cpu))

static void tl_hist_header(FILE *out, const struct latency_model *m, const struct rtl_params *p,
			   const struct run_view *v)
{
	static const char *const names[] = { "IRQ", "Thr", "Usr" };
	char duration[32];
	int ctx[NR_TIMERLAT_CONTEXTS], n = tl_contexts(p, ctx), cpu, i;

	if (p->no_header)
		return;
	format_duration(v->elapsed_s, duration, sizeof(duration));
	fprintf(out, "# rtlens timerlat histogram\n");
	fprintf(out, "# Time unit is %s (%s)\n", p->nano ? "nanoseconds" : "microseconds",
		p->nano ? "ns" : "us");
	fprintf(out, "# Duration: %s\n", duration);
	if (!p->no_index)
		fprintf(out, "Index");
	for_each_tl_column(cpu, m, p)
		for (i = 0; i < n; i++)
			fprintf(out, "   %s-%03d", names[ctx[i]], cpu);
	fprintf(out, "\n");
}

static void tl_hist_buckets(FILE *out, const struct latency_model *m, const struct rtl_params *p)
{
	int ctx[NR_TIMERLAT_CONTEXTS], n = tl_contexts(p, ctx), cpu, i;
	unsigned int bucket;

	for (bucket = 0; bucket <= p->entries; bucket++) {
		uint64_t total = 0;

		for_each_tl_column(cpu, m, p)
			for (i = 0; i < n; i++)
				total += m->cpu[cpu].hist[ctx[i]].buckets[bucket];
		if (bucket < p->entries && !total && !p->with_zeros)
			continue;
		if (!p->no_index) {
			if (bucket < p->entries)
				fprintf(out, "%-6u", bucket * p->bucket_size);
			else
				fprintf(out, "over: ");
		}
		for_each_tl_column(cpu, m, p)
			for (i = 0; i < n; i++)
				fprintf(out, "%9llu ",
					(unsigned long long)m->cpu[cpu].hist[ctx[i]].buckets[bucket]);
		fprintf(out, "\n");
	}
}

enum tl_row { TL_COUNT, TL_MIN, TL_AVG, TL_MAX };

static void tl_value(FILE *out, const struct latency_stats *s, enum tl_row row)
{
	uint64_t v = 0;

	if (row == TL_COUNT) {
		fprintf(out, "%9llu ", (unsigned long long)s->count);
		return;
	}
	if (!s->count) {
		fprintf(out, "%9c ", '-');
		return;
	}
	if (row == TL_MIN)
		v = s->min;
	else if (row == TL_AVG)
		v = s->sum / s->count;
	else
		v = s->max;
	fprintf(out, "%9llu ", (unsigned long long)v);
}

static const char *const tl_labels[] = { "count:", "min:  ", "avg:  ", "max:  " };

static void tl_hist_summary(FILE *out, const struct latency_model *m, const struct rtl_params *p)
{
	int ctx[NR_TIMERLAT_CONTEXTS], n = tl_contexts(p, ctx), cpu, i;
	enum tl_row row;

	for (row = TL_COUNT; row <= TL_MAX; row++) {
		if (!p->no_index)
			fprintf(out, "%s", tl_labels[row]);
		for_each_tl_column(cpu, m, p)
			for (i = 0; i < n; i++)
				tl_value(out, &m->cpu[cpu].stats[ctx[i]], row);
		fprintf(out, "\n");
	}
}

static void tl_hist_all(FILE *out, const struct latency_model *m, const struct rtl_params *p)
{
	static const char *const names[] = { "      IRQ", "       Thr", "       Usr" };
	struct latency_stats sum[NR_TIMERLAT_CONTEXTS] = { { 0 } };
	int ctx[NR_TIMERLAT_CONTEXTS], n = tl_contexts(p, ctx), cpu, i;
	enum tl_row row;

	for_each_tl_column(cpu, m, p)
		for (i = 0; i < NR_TIMERLAT_CONTEXTS; i++)
			latency_stats_merge(&sum[i], &m->cpu[cpu].stats[i]);
	if (!p->no_index)
		fprintf(out, "ALL:  ");
	for (i = 0; i < n; i++)
		fprintf(out, "%s", names[ctx[i]]);
	fprintf(out, "\n");
	for (row = TL_COUNT; row <= TL_MAX; row++) {
		if (!p->no_index)
			fprintf(out, "%s", tl_labels[row]);
		for (i = 0; i < n; i++)
			tl_value(out, &sum[ctx[i]], row);
		fprintf(out, "\n");
	}
}

void render_timerlat_hist(FILE *out, const struct latency_model *m, const struct rtl_params *p,
			  const struct run_view *v)
{
	tl_hist_header(out, m, p, v);
	tl_hist_buckets(out, m, p);
	if (p->no_summary)
		return;
	tl_hist_summary(out, m, p);
	tl_hist_all(out, m, p);
}
