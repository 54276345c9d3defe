// SPDX-License-Identifier: GPL-2.0
/*
 * report_data - lookups in a report read back (see report_data.h)
 */
#include <stdlib.h>

#include "analysis/report_data.h"
#include "base/log.h"

static int cpu_cmp(const void *key, const void *entry)
{
	int cpu = *(const int *)key, other = ((const struct report_cpu *)entry)->cpu;

	return (cpu > other) - (cpu < other);
}

struct report_cpu *report_cpu_find(const struct report_data *r, int cpu)
{
	return bsearch(&cpu, r->cpus, r->nr_cpus, sizeof(*r->cpus), cpu_cmp);
}

int report_tools_differ(const char *verb, const struct report_data *a,
			const struct report_data *b, const char *advice)
{
	char *pa __shown = log_arg(a->path), *pb __shown = log_arg(b->path);

	err_msg("cannot %s %s, %s report (%s), with %s, %s report (%s): the tools measure "
		"different things (%s)", verb, pa, a->tool->report_name, a->command, pb,
		b->tool->report_name, b->command, advice);
	return -1;
}
