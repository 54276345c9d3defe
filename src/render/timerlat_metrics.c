// SPDX-License-Identifier: GPL-2.0
/*
 * timerlat_metrics - timerlat's series of render_metrics(): per CPU and
 * context its highest and lowest latency and their histogram
 */
#include "analysis/timerlat_models.h"
#include "render/metrics_parts.h"

static const char *const context_names[NR_TIMERLAT_CONTEXTS] = { "irq", "thread", "user" };

static int nr_contexts(const struct rtl_params *p)
{
	return p->user_threads ? NR_TIMERLAT_CONTEXTS : TIMERLAT_USER;
}

static void context_label(char *buf, size_t len, int cpu, int ctx)
{
	snprintf(buf, len, "cpu=\"%d\",context=\"%s\"", cpu, context_names[ctx]);
}

/* max or min of each CPU and context with samples */
static void latency_bound(struct metrics_writer *w, const struct latency_model *m,
			  const struct rtl_params *p, bool max)
{
	const char *name = max ? "rtlens_timerlat_latency_max_seconds" :
				 "rtlens_timerlat_latency_min_seconds";
	double unit_s = m->divisor / 1e9;
	char lab[64];

	metrics_family(w, name, MTYPE_GAUGE, "seconds",
		       max ? "highest timer latency" : "lowest timer latency");
	for (int cpu = 0; cpu < m->nr_cpus; cpu++) {
		if (!cpu_mask_test(&p->cpus, cpu))
			continue;
		for (int ctx = 0; ctx < nr_contexts(p); ctx++) {
			const struct latency_stats *st = &m->cpu[cpu].stats[ctx];

			if (!st->count)
				continue;
			context_label(lab, sizeof(lab), cpu, ctx);
			metrics_value(w, name, "", lab, (max ? st->max : st->min) * unit_s);
		}
	}
}

void metrics_timerlat(struct metrics_writer *w, const struct run_models *models,
		      const struct rtl_params *p)
{
	static const char name[] = "rtlens_timerlat_latency_seconds";
	const struct latency_model *m = &timerlat_models_of(models)->lat;
	char lab[64];

	metrics_family(w, name, MTYPE_HISTOGRAM, "seconds",
		       "timer latencies: IRQ, thread and return to user space");
	for (int cpu = 0; cpu < m->nr_cpus; cpu++) {
		if (!cpu_mask_test(&p->cpus, cpu))
			continue;
		for (int ctx = 0; ctx < nr_contexts(p); ctx++) {
			context_label(lab, sizeof(lab), cpu, ctx);
			metrics_histogram(w, name, lab, &m->cpu[cpu].hist[ctx], m->divisor,
					  m->cpu[cpu].stats[ctx].sum);
		}
	}
	latency_bound(w, m, p, true);
	latency_bound(w, m, p, false);
}
