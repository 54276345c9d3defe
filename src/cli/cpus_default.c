// SPDX-License-Identifier: GPL-2.0
/*
 * cpus_default - without -c, rtla measures every CPU; rtlens too, unless
 * it may run on only some of them (a container's cpuset, the CPUs the
 * Kubernetes static CPU manager gave a pod, a taskset, systemd's
 * CPUAffinity): then those are the ones it measures and judges, and it
 * says so. A replay takes the recording's CPUs.
 */
#include <stdlib.h>

#include "base/log.h"
#include "cli/cpus_default.h"

/*
 * "measuring CPUs 2-5: rtlens may run only on those (its cpuset, FILE);
 * name others with -c"
 */
static void say(const struct allowed_cpus *a, const char *doing)
{
	char *list = cpu_mask_list(&a->cpus);
	bool one = cpu_mask_count(&a->cpus) == 1;

	info_msg("%s CPU%s %s: rtlens may run only on %s (%s%s); name others with -c", doing,
		 one ? "" : "s", list ? list : "?", one ? "it" : "those",
		 a->cpuset_file ? "its cpuset, " :
		 "its CPU affinity: taskset, systemd's CPUAffinity= or its parent's",
		 a->cpuset_file ? a->cpuset_file : "");
	free(list);
}

int cpus_default_read(struct allowed_cpus *a, int nr_cpus, const char *doing)
{
	if (allowed_cpus_read(a, nr_cpus)) {
		err_msg("out of memory");
		return -1;
	}
	if (a->from)
		say(a, doing);
	return 0;
}

int cpus_default_params(struct rtl_params *p)
{
	struct allowed_cpus a;
	int cpu;

	if (p->cpus_set || p->input_path)
		return 0;
	if (cpus_default_read(&a, p->nr_cpus, "measuring"))
		return -1;
	if (a.from) {
		cpu_mask_zero(&p->cpus);
		for_each_cpu_in(cpu, &a.cpus)
			cpu_mask_set(&p->cpus, cpu);
		p->cpus_from = a.from;
		p->cpus_file = a.cpuset_file;
		a.cpuset_file = NULL;
	}
	allowed_cpus_free(&a);
	return 0;
}
