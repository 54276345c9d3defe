// SPDX-License-Identifier: GPL-2.0
/*
 * hist_text - per-CPU histograms, in rtla's osnoise hist layout
 */
#include "render.h"

/* A CPU gets a column when it was measured and had samples. */
static bool hist_column(const struct noise_model *m, const struct rtl_params *p, int cpu)
{
	return cpu < m->nr_cpus && cpu_mask_test(&p->cpus, cpu) && m->cpu[cpu].hist.count;
}

#define for_each_column(cpu, m, p) \
	for_each_cpu_in(cpu, &(p)->cpus) if (hist_column(m, p, cpu))

static void hist_header(FILE *out, const struct noise_model *m, const struct rtl_params *p,
			const struct run_view *v)
{
	char duration[32];
	int cpu;

	if (p->no_header)
		return;
	format_duration(v->elapsed_s, duration, sizeof(duration));
	fprintf(out, "# rtlens osnoise histogram\n");
	fprintf(out, "# Time unit is microseconds (us)\n");
	fprintf(out, "# Duration: %s\n", duration);
	if (!p->no_index)
		fprintf(out, "Index");
	for_each_column(cpu, m, p)
		fprintf(out, "   CPU-%03d", cpu);
	fprintf(out, "\n");
}

static uint64_t bucket_total(const struct noise_model *m, const struct rtl_params *p,
			     unsigned int bucket)
{
	uint64_t total = 0;
	int cpu;

	for_each_column(cpu, m, p)
		total += m->cpu[cpu].hist.buckets[bucket];
	return total;
}

static void hist_buckets(FILE *out, const struct noise_model *m, const struct rtl_params *p)
{
	unsigned int bucket;
	int cpu;

	for (bucket = 0; bucket < p->entries; bucket++) {
		if (!p->with_zeros && !bucket_total(m, p, bucket))
			continue;
		if (!p->no_index)
			fprintf(out, "%-6u", bucket * p->bucket_size);
		for_each_column(cpu, m, p)
			fprintf(out, "%9llu ", (unsigned long long)m->cpu[cpu].hist.buckets[bucket]);
		fprintf(out, "\n");
	}
}

enum stat_row { ROW_OVER, ROW_COUNT, ROW_MIN, ROW_AVG, ROW_MAX };

static void hist_stat_row(FILE *out, const struct noise_model *m, const struct rtl_params *p,
			  enum stat_row row)
{
	static const char *const labels[] = { "over: ", "count:", "min:  ", "avg:  ", "max:  " };
	int cpu;

	if (!p->no_index)
		fprintf(out, "%s", labels[row]);
	for_each_column(cpu, m, p) {
		const struct histogram *h = &m->cpu[cpu].hist;

		switch (row) {
		case ROW_OVER:
			fprintf(out, "%9llu ", (unsigned long long)histogram_over(h));
			break;
		case ROW_COUNT:
			fprintf(out, "%9llu ", (unsigned long long)h->count);
			break;
		case ROW_MIN:
			fprintf(out, "%9llu ", (unsigned long long)h->min);
			break;
		case ROW_AVG:
			fprintf(out, "%9.2f ", histogram_avg(h));
			break;
		case ROW_MAX:
			fprintf(out, "%9llu ", (unsigned long long)h->max);
			break;
		}
	}
	fprintf(out, "\n");
}

static bool has_samples(const struct noise_model *m, const struct rtl_params *p)
{
	int cpu;

	for_each_column(cpu, m, p)
		return true;
	return false;
}

void render_hist(FILE *out, const struct noise_model *m, const struct rtl_params *p,
		 const struct run_view *v)
{
	enum stat_row row;

	hist_header(out, m, p, v);
	hist_buckets(out, m, p);
	if (!has_samples(m, p)) {
		fprintf(out, "over: 0\ncount: 0\nmin: 0\navg: 0\nmax: 0\n");
		return;
	}
	hist_stat_row(out, m, p, ROW_OVER);
	if (p->no_summary)
		return;
	for (row = ROW_COUNT; row <= ROW_MAX; row++)
		hist_stat_row(out, m, p, row);
}
