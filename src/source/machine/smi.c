// SPDX-License-Identifier: GPL-2.0
/*
 * smi - the System Management Interrupts each measured CPU took, from its
 * SMI counter (MSR 0x34, MSR_SMI_COUNT: Intel since Nehalem; QEMU's TCG
 * counts the SMIs it raises there too) read through /dev/cpu/N/msr (the
 * msr module, root) before and after the measurement, as cyclictest
 * --smi and turbostat read it. SMIs run firmware the OS cannot see: to
 * osnoise they are hardware noise, and the count says how much of that
 * noise the firmware may hold.
 *
 * Each read runs on the CPU read (an IPI when read from another): two a
 * CPU a run, and two more at each reset.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "source/machine/machine.h"

#define MSR_SMI_COUNT	0x34

/* the counter of @cpu into *@val; -1 with the reason in @why */
static int read_counter(const char *root, int cpu, int64_t *val, char *why, size_t size)
{
	char path[200];
	uint64_t v;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/dev/cpu/%d/msr", root, cpu);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(why, size, errno == ENOENT ?
			 "no %s: load the msr module (modprobe msr)" :
			 "cannot open %s: %s", path, strerror(errno));
		return -1;
	}
	n = pread(fd, &v, sizeof(v), MSR_SMI_COUNT);
	if (n != (ssize_t)sizeof(v))
		snprintf(why, size, "CPU %d has no SMI counter (MSR 0x34 unreadable: %s; AMD "
			 "CPUs have none)", cpu, n < 0 ? strerror(errno) : "short read");
	close(fd);
	*val = (int64_t)(v & INT64_MAX);
	return n == (ssize_t)sizeof(v) ? 0 : -1;
}

/* snapshot @into[cpu] for every CPU of @cpus; SMI_UNKNOWN where unreadable */
static void snapshot(struct smi_meter *m, int64_t *into)
{
	int cpu;

	for (cpu = 0; cpu < m->nr_cpus; cpu++) {
		into[cpu] = SMI_UNKNOWN;
		if (!cpu_mask_test(&m->cpus, cpu) || m->why[0])
			continue;
		if (read_counter(m->root, cpu, &into[cpu], m->why, sizeof(m->why)))
			into[cpu] = SMI_UNKNOWN;
	}
}

int smi_meter_start_at(struct smi_meter *m, const char *root, const struct cpu_mask *cpus,
		       int nr_cpus)
{
	int cpu;

	memset(m, 0, sizeof(*m));
	if (nr_cpus <= 0 || cpu_mask_init(&m->cpus, nr_cpus))
		return -1;
	m->root = root;
	m->nr_cpus = nr_cpus;
	for_each_cpu_in(cpu, cpus)
		if (cpu < nr_cpus)
			cpu_mask_set(&m->cpus, cpu);
	m->start = calloc(nr_cpus, sizeof(*m->start));
	m->stop = calloc(nr_cpus, sizeof(*m->stop));
	if (!m->start || !m->stop) {
		smi_meter_free(m);
		return -1;
	}
	snapshot(m, m->start);
	return 0;
}

int smi_meter_start(struct smi_meter *m, const struct cpu_mask *cpus, int nr_cpus)
{
	return smi_meter_start_at(m, "", cpus, nr_cpus);
}

void smi_meter_restart(struct smi_meter *m)
{
	if (m->start)
		snapshot(m, m->start);
}

void smi_meter_stop(struct smi_meter *m)
{
	if (m->stop)
		snapshot(m, m->stop);
}

int64_t smi_count(const struct smi_meter *m, int cpu)
{
	if (!m->stop || cpu < 0 || cpu >= m->nr_cpus ||
	    m->start[cpu] == SMI_UNKNOWN || m->stop[cpu] == SMI_UNKNOWN ||
	    m->stop[cpu] < m->start[cpu])
		return SMI_UNKNOWN;
	return m->stop[cpu] - m->start[cpu];
}

void smi_meter_free(struct smi_meter *m)
{
	free(m->start);
	free(m->stop);
	cpu_mask_free(&m->cpus);
	memset(m, 0, sizeof(*m));
}
