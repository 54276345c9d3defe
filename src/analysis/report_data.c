// SPDX-License-Identifier: GPL-2.0
/*
 * report_data - lookups in a report read back (see report_data.h)
 */
#include <stdlib.h>

#include "analysis/report_data.h"

static int cpu_cmp(const void *key, const void *entry)
{
	int cpu = *(const int *)key, other = ((const struct report_cpu *)entry)->cpu;

	return (cpu > other) - (cpu < other);
}

struct report_cpu *report_cpu_find(const struct report_data *r, int cpu)
{
	return bsearch(&cpu, r->cpus, r->nr_cpus, sizeof(*r->cpus), cpu_cmp);
}
