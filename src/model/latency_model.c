// SPDX-License-Identifier: GPL-2.0
/*
 * latency_model - timerlat samples into per-CPU statistics and histograms
 */
#include <stdlib.h>
#include <string.h>

#include "model/latency_model.h"

int latency_model_init(struct latency_model *m, int nr_cpus, unsigned int divisor,
		       unsigned int bucket_size, unsigned int entries)
{
	int cpu, ctx;

	memset(m, 0, sizeof(*m));
	m->cpu = calloc(nr_cpus, sizeof(*m->cpu));
	if (!m->cpu)
		return -1;
	m->nr_cpus = nr_cpus;
	m->divisor = divisor ? divisor : 1;
	for (cpu = 0; cpu < nr_cpus; cpu++)
		for (ctx = 0; ctx < NR_TIMERLAT_CONTEXTS; ctx++)
			if (histogram_init(&m->cpu[cpu].hist[ctx], bucket_size, entries)) {
				latency_model_free(m);
				return -1;
			}
	return 0;
}

void latency_model_free(struct latency_model *m)
{
	int cpu, ctx;

	for (cpu = 0; m->cpu && cpu < m->nr_cpus; cpu++)
		for (ctx = 0; ctx < NR_TIMERLAT_CONTEXTS; ctx++)
			histogram_free(&m->cpu[cpu].hist[ctx]);
	free(m->cpu);
	m->cpu = NULL;
	m->nr_cpus = 0;
}

void latency_model_reset(struct latency_model *m)
{
	int cpu, ctx;

	for (cpu = 0; cpu < m->nr_cpus; cpu++) {
		for (ctx = 0; ctx < NR_TIMERLAT_CONTEXTS; ctx++) {
			histogram_reset(&m->cpu[cpu].hist[ctx]);
			memset(&m->cpu[cpu].stats[ctx], 0, sizeof(m->cpu[cpu].stats[ctx]));
		}
	}
	m->records = 0;
}

static void stats_add(struct latency_stats *s, uint64_t v)
{
	if (!s->count || v < s->min)
		s->min = v;
	if (v > s->max)
		s->max = v;
	s->cur = v;
	s->sum += v;
	s->count++;
}

void latency_model_add(struct latency_model *m, const struct rtl_record *rec)
{
	const struct timerlat_sample *t = &rec->timerlat;
	struct cpu_latency *c;
	uint64_t v;

	if (rec->kind != RECORD_TIMERLAT || t->cpu < 0 || t->cpu >= m->nr_cpus ||
	    (unsigned int)t->context >= NR_TIMERLAT_CONTEXTS)
		return;
	if (t->self_ns)		/* rtlens was stopped: not a latency of the machine */
		return;
	c = &m->cpu[t->cpu];
	v = t->latency_ns / m->divisor;
	stats_add(&c->stats[t->context], v);
	histogram_add(&c->hist[t->context], v);
	m->records++;
}

bool latency_cpu_has_data(const struct latency_model *m, int cpu)
{
	const struct cpu_latency *c = &m->cpu[cpu];

	return c->stats[TIMERLAT_IRQ].count || c->stats[TIMERLAT_THREAD].count;
}

void latency_stats_merge(struct latency_stats *sum, const struct latency_stats *src)
{
	if (!src->count)
		return;
	if (!sum->count || src->min < sum->min)
		sum->min = src->min;
	if (src->max > sum->max)
		sum->max = src->max;
	sum->sum += src->sum;
	sum->count += src->count;
}
