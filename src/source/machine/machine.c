// SPDX-License-Identifier: GPL-2.0
/*
 * machine - the facts about the machine, read once per session
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "source/machine/machine.h"

int machine_gather(struct sys_facts *f, int nr_cpus)
{
	struct utsname u;
	bool ok = !uname(&u);

	memset(f, 0, sizeof(*f));
	virt_detect(&f->virt);
	snprintf(f->kernel_release, sizeof(f->kernel_release), "%s", ok ? u.release : "unknown");
	snprintf(f->hostname, sizeof(f->hostname), "%s", ok ? u.nodename : "unknown");
	f->nr_cpus = nr_cpus;
	f->self_pid = getpid();
	f->steal_ns = calloc(nr_cpus > 0 ? nr_cpus : 1, sizeof(*f->steal_ns));
	return f->steal_ns ? 0 : -1;
}

void machine_take_steal(struct sys_facts *f, const struct steal_meter *m)
{
	int cpu;

	f->steal_ok = m && f->steal_ns;
	f->steal_tick_ns = m ? steal_ticks_to_ns(1, m->clk_tck) : 0;
	for (cpu = 0; f->steal_ok && cpu < f->nr_cpus; cpu++)
		f->steal_ns[cpu] = steal_ns(m, cpu);
}

void machine_task_comm(int pid, char *buf, size_t size)
{
	char path[40];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/comm", pid);
	buf[0] = '\0';
	f = fopen(path, "re");
	if (f && fgets(buf, (int)size, f))
		buf[strcspn(buf, "\n")] = '\0';
	if (f)
		fclose(f);
}

void machine_take_smi(struct sys_facts *f, const struct smi_meter *m)
{
	int cpu;

	free(f->smi_count);
	f->smi_count = m ? calloc(f->nr_cpus > 0 ? f->nr_cpus : 1, sizeof(*f->smi_count)) : NULL;
	if (!f->smi_count)
		return;
	for (cpu = 0; cpu < f->nr_cpus; cpu++)
		f->smi_count[cpu] = smi_count(m, cpu);
	snprintf(f->smi_why, sizeof(f->smi_why), "%s", m->why);
}

int machine_gather_tuning(struct sys_facts *f, const struct cpu_mask *cpus, unsigned int flags)
{
	f->tuning = calloc(1, sizeof(*f->tuning));
	if (!f->tuning || tuning_gather(f->tuning, cpus, f->nr_cpus, flags))
		return -1;
	return 0;
}

void machine_free(struct sys_facts *f)
{
	if (f->tuning) {
		tuning_free(f->tuning);
		free(f->tuning);
		f->tuning = NULL;
	}
	free(f->steal_ns);
	f->steal_ns = NULL;
	free(f->smi_count);
	f->smi_count = NULL;
	free(f->tuning_json);
	f->tuning_json = NULL;
	f->steal_ok = false;
}
