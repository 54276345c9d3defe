// SPDX-License-Identifier: GPL-2.0
/*
 * run_facts - what the machine's facts say of a session's CPUs: the time
 * the hypervisor stole, the SMIs counted (run_models.h declares them)
 */
#include "analysis/run_models.h"

bool run_models_steal_known(const struct run_models *m)
{
	return m->facts && m->facts->steal_ok;
}

uint64_t run_models_steal_ns(const struct run_models *m, int cpu)
{
	if (!run_models_steal_known(m) || cpu < 0 || cpu >= m->facts->nr_cpus)
		return 0;
	return m->facts->steal_ns[cpu];
}

int64_t run_models_smi_count(const struct run_models *m, int cpu)
{
	if (!m->facts || !m->facts->smi_count || cpu < 0 || cpu >= m->facts->nr_cpus)
		return -1;
	return m->facts->smi_count[cpu];
}

const char *run_models_smi_why(const struct run_models *m)
{
	return m->facts && m->facts->smi_count ? m->facts->smi_why : "";
}
