// SPDX-License-Identifier: GPL-2.0
/*
 * self_stop - count the stops of rtlens's own measuring threads and the
 * records that include one (self_stop.h)
 */
#include <stdlib.h>
#include <string.h>

#include "model/self_stop.h"

int self_stop_init(struct self_stop *s, int nr_cpus)
{
	s->cpu = calloc(nr_cpus, sizeof(*s->cpu));
	s->nr_cpus = s->cpu ? nr_cpus : 0;
	return s->cpu ? 0 : -1;
}

void self_stop_free(struct self_stop *s)
{
	free(s->cpu);
	memset(s, 0, sizeof(*s));
}

static struct self_stop_cpu *cpu_of(struct self_stop *s, int cpu)
{
	return cpu >= 0 && cpu < s->nr_cpus ? &s->cpu[cpu] : NULL;
}

void self_stop_add(struct self_stop *s, const struct rtl_record *rec)
{
	struct self_stop_cpu *c = cpu_of(s, rec->period.cpu);	/* every kind starts with cpu */

	if (!c)
		return;
	switch (rec->kind) {
	case RECORD_NOISE_EVENT:
		if (rec->noise.kind != NOISE_SELF)
			break;
		c->stops++;
		c->ns += rec->noise.duration_ns;
		break;
	case RECORD_NOISE_SAMPLE:
		c->samples += rec->sample.self_ns != 0;
		break;
	case RECORD_TIMERLAT:
		c->samples += rec->timerlat.self_ns != 0;
		break;
	default:
		break;
	}
}

struct self_stop_cpu self_stop_of(const struct self_stop *s, int cpu)
{
	struct self_stop_cpu none = { 0 };

	return cpu >= 0 && cpu < s->nr_cpus ? s->cpu[cpu] : none;
}

uint64_t self_stop_longest_ns(const struct self_stop *s, const struct cpu_mask *cpus)
{
	uint64_t longest = 0;
	int cpu;

	for_each_cpu_in(cpu, cpus)
		if (self_stop_of(s, cpu).ns > longest)
			longest = self_stop_of(s, cpu).ns;
	return longest;
}

uint64_t self_stop_samples(const struct self_stop *s, const struct cpu_mask *cpus)
{
	uint64_t n = 0;
	int cpu;

	for_each_cpu_in(cpu, cpus)
		n += self_stop_of(s, cpu).samples;
	return n;
}
