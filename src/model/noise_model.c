// SPDX-License-Identifier: GPL-2.0
/*
 * noise_model - per-CPU osnoise summary (top) and histograms (hist)
 */
#include <stdlib.h>
#include <string.h>

#include "model/noise_model.h"

int noise_model_init(struct noise_model *m, int nr_cpus, unsigned int bucket_size,
	       unsigned int entries)
{
	int cpu;

	memset(m, 0, sizeof(*m));
	m->cpu = calloc(nr_cpus, sizeof(*m->cpu));
	if (!m->cpu)
		return -1;
	m->nr_cpus = nr_cpus;
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		if (histogram_init(&m->cpu[cpu].hist, bucket_size, entries)) {
			noise_model_free(m);
			return -1;
		}
	}
	return 0;
}

void noise_model_free(struct noise_model *m)
{
	int cpu;

	for (cpu = 0; m->cpu && cpu < m->nr_cpus; cpu++)
		histogram_free(&m->cpu[cpu].hist);
	free(m->cpu);
	m->cpu = NULL;
	m->nr_cpus = 0;
}

void noise_model_reset(struct noise_model *m)
{
	int cpu;

	for (cpu = 0; cpu < m->nr_cpus; cpu++) {
		struct histogram hist = m->cpu[cpu].hist;

		histogram_reset(&hist);
		memset(&m->cpu[cpu], 0, sizeof(m->cpu[cpu]));
		m->cpu[cpu].hist = hist;
	}
	m->records = 0;
}

static void update_max(uint64_t *dst, uint64_t val)
{
	if (val > *dst)
		*dst = val;
}

static void add_period(struct cpu_noise *c, const struct osnoise_period *p)
{
	c->cycles++;
	c->sum_runtime_us += p->runtime_us;
	c->sum_noise_us += p->noise_us;
	update_max(&c->max_noise_us, p->noise_us);
	update_max(&c->max_single_us, p->max_sample_us);
	c->hw_count += p->hw_count;
	c->nmi_count += p->nmi_count;
	c->irq_count += p->irq_count;
	c->softirq_count += p->softirq_count;
	c->thread_count += p->thread_count;
}

static void add_sample(struct cpu_noise *c, const struct noise_sample *s)
{
	uint64_t us = s->duration_ns / 1000;

	if (s->self_ns)		/* rtlens was stopped: not noise of the machine */
		return;
	histogram_add(&c->hist, us);
	update_max(&c->max_single_us, us);
}

static int record_cpu(const struct rtl_record *rec)
{
	switch (rec->kind) {
	case RECORD_OSNOISE_PERIOD:
		return rec->period.cpu;
	case RECORD_NOISE_SAMPLE:
		return rec->sample.cpu;
	default:
		return -1;
	}
}

void noise_model_add(struct noise_model *m, const struct rtl_record *rec)
{
	int cpu = record_cpu(rec);

	if (cpu < 0 || cpu >= m->nr_cpus)
		return;
	m->records++;
	if (rec->kind == RECORD_OSNOISE_PERIOD)
		add_period(&m->cpu[cpu], &rec->period);
	else
		add_sample(&m->cpu[cpu], &rec->sample);
}

void noise_model_add_samples(struct noise_model *m, int cpu, uint64_t value_us, uint64_t count)
{
	if (cpu < 0 || cpu >= m->nr_cpus || !count)
		return;
	histogram_add_n(&m->cpu[cpu].hist, value_us, count);
	update_max(&m->cpu[cpu].max_single_us, value_us);
	m->records += count;
}

bool noise_model_cpu_has_data(const struct noise_model *m, int cpu)
{
	const struct cpu_noise *c = &m->cpu[cpu];

	return c->cycles || c->hist.count;
}

double cpu_noise_available_pct(const struct cpu_noise *c)
{
	if (!c->sum_runtime_us || c->sum_noise_us >= c->sum_runtime_us)
		return c->sum_runtime_us ? 0.0 : 100.0;
	return 100.0 * (double)(c->sum_runtime_us - c->sum_noise_us) /
	       (double)c->sum_runtime_us;
}
