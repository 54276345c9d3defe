// SPDX-License-Identifier: GPL-2.0
/*
 * hwlat_model - the hwlat tracer's samples, per CPU
 */
#include <stdlib.h>
#include <string.h>

#include "model/hwlat_model.h"
#include "model/stop_rule.h"

struct hwlat_model *hwlat_model_new(int nr_cpus, unsigned int bucket_size,
				    unsigned int entries)
{
	struct hwlat_model *m = calloc(1, sizeof(*m));
	int i;

	if (!m || !(m->cpu = calloc(nr_cpus, sizeof(*m->cpu)))) {
		free(m);
		return NULL;
	}
	m->nr_cpus = nr_cpus;
	for (i = 0; i < nr_cpus; i++) {
		if (histogram_init(&m->cpu[i].hist, bucket_size, entries)) {
			m->nr_cpus = i;
			hwlat_model_free(m);
			return NULL;
		}
	}
	return m;
}

void hwlat_model_free(struct hwlat_model *m)
{
	int i;

	if (!m)
		return;
	for (i = 0; i < m->nr_cpus; i++)
		histogram_free(&m->cpu[i].hist);
	free(m->cpu);
	free(m->log);
	free(m);
}

void hwlat_model_keep(struct hwlat_model *m)
{
	m->keep = true;
}

static int log_add(struct hwlat_model *m, const struct hwlat_sample *s)
{
	struct hwlat_sample *log;
	size_t cap;

	if (m->nr_log == m->log_cap) {
		cap = m->log_cap ? 2 * m->log_cap : 64;
		log = realloc(m->log, cap * sizeof(*log));
		if (!log)
			return -1;
		m->log = log;
		m->log_cap = cap;
	}
	m->log[m->nr_log++] = *s;
	return 0;
}

void hwlat_model_reset(struct hwlat_model *m)
{
	struct histogram h;
	int i;

	m->records = 0;
	m->nr_log = 0;
	m->log_lost = 0;
	for (i = 0; i < m->nr_cpus; i++) {
		h = m->cpu[i].hist;
		histogram_reset(&h);
		memset(&m->cpu[i], 0, sizeof(m->cpu[i]));
		m->cpu[i].hist = h;
	}
}

static uint64_t max_u64(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

/* @c takes one sample, or the sums of a CPU */
static void cpu_add(struct cpu_hwlat *c, uint64_t samples, uint64_t gaps, uint64_t inner,
		    uint64_t outer, uint64_t nmi_count, uint64_t nmi_us)
{
	c->samples += samples;
	c->gaps += gaps;
	c->max_inner_us = max_u64(c->max_inner_us, inner);
	c->max_outer_us = max_u64(c->max_outer_us, outer);
	c->nmi_count += nmi_count;
	c->nmi_us += nmi_us;
}

void hwlat_model_add(struct hwlat_model *m, const struct rtl_record *rec)
{
	const struct hwlat_sample *s = &rec->hwlat;
	struct cpu_hwlat *c;

	if (rec->kind != RECORD_HWLAT || s->cpu < 0 || s->cpu >= m->nr_cpus)
		return;
	m->records++;
	c = &m->cpu[s->cpu];
	cpu_add(c, 1, hwlat_sample_gaps(s), s->inner_us, s->outer_us, s->nmi_count, s->nmi_us);
	histogram_add(&c->hist, hwlat_sample_us(s));
	if (m->keep && log_add(m, s))
		m->log_lost++;
}

void hwlat_model_total(const struct hwlat_model *m, const struct cpu_mask *cpus,
		       struct cpu_hwlat *sum)
{
	const struct cpu_hwlat *c;
	int cpu;

	for_each_cpu_in(cpu, cpus) {
		if (cpu >= m->nr_cpus)
			continue;
		c = &m->cpu[cpu];
		cpu_add(sum, c->samples, c->gaps, c->max_inner_us, c->max_outer_us,
			c->nmi_count, c->nmi_us);
		histogram_merge(&sum->hist, &c->hist);
	}
}

/* -s: a sample's longest gap, against the single limit */
bool hwlat_record_stop(const struct rtl_record *rec, uint64_t *value_us, enum stop_limit *limit)
{
	*value_us = hwlat_sample_us(&rec->hwlat);
	*limit = STOP_LIMIT_SINGLE;
	return true;
}
