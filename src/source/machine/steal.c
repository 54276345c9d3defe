// SPDX-License-Identifier: GPL-2.0
/*
 * steal - per-CPU steal time between two snapshots of /proc/stat, read
 * with libproc2
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libproc2/stat.h>

#include "base/log.h"
#include "source/machine/machine.h"

static const char *reap_error(int err)
{
	return err ? strerror(err) : "unexpected content";
}

/* Fill @ticks[cpu] with each CPU's steal ticks, STEAL_NO_CPU if absent. */
static int snapshot(uint64_t *ticks, int nr_cpus)
{
	enum stat_item items[] = { STAT_TIC_ID, STAT_TIC_STOLEN };
	struct stat_info *info = NULL;
	struct stat_reaped *reaped;
	struct stat_stack *stack;
	int i, cpu, rc;

	for (i = 0; i < nr_cpus; i++)
		ticks[i] = STEAL_NO_CPU;
	rc = procps_stat_new(&info);
	if (rc < 0) {
		err_msg("cannot read the steal time in /proc/stat (libproc2): %s; is /proc mounted?",
			reap_error(-rc));
		return -1;
	}
	reaped = procps_stat_reap(info, STAT_REAP_CPUS_ONLY, items, 2);
	if (!reaped) {
		err_msg("cannot read the per-CPU steal time in /proc/stat (libproc2): %s",
			reap_error(errno));
		procps_stat_unref(&info);
		return -1;
	}
	for (i = 0; i < reaped->cpus->total; i++) {
		stack = reaped->cpus->stacks[i];
		cpu = STAT_VAL(0, s_int, stack, info);
		if (cpu >= 0 && cpu < nr_cpus)
			ticks[cpu] = STAT_VAL(1, ull_int, stack, info);
	}
	procps_stat_unref(&info);
	return 0;
}

int steal_meter_start(struct steal_meter *m, int nr_cpus)
{
	int i;

	memset(m, 0, sizeof(*m));
	if (nr_cpus <= 0) {
		err_msg("steal time: invalid number of CPUs %d", nr_cpus);
		return -1;
	}
	m->clk_tck = sysconf(_SC_CLK_TCK);
	m->start = calloc(nr_cpus, sizeof(*m->start));
	m->stop = calloc(nr_cpus, sizeof(*m->stop));
	if (!m->start || !m->stop) {
		err_msg("steal time: out of memory for %d CPUs", nr_cpus);
		steal_meter_free(m);
		return -1;
	}
	m->nr_cpus = nr_cpus;
	for (i = 0; i < nr_cpus; i++)
		m->stop[i] = STEAL_NO_CPU;
	if (snapshot(m->start, nr_cpus)) {
		steal_meter_free(m);
		return -1;
	}
	return 0;
}

int steal_meter_stop(struct steal_meter *m)
{
	if (!m->stop) {
		err_msg("steal time: the meter was not started");
		return -1;
	}
	return snapshot(m->stop, m->nr_cpus);
}

/* Steal ticks of @cpu between the snapshots; 0 if absent from either. */
static uint64_t delta_ticks(const struct steal_meter *m, int cpu)
{
	uint64_t a, b;

	if (!m->start || !m->stop || cpu < 0 || cpu >= m->nr_cpus)
		return 0;
	a = m->start[cpu];
	b = m->stop[cpu];
	if (a == STEAL_NO_CPU || b == STEAL_NO_CPU || b < a)
		return 0;
	return b - a;
}

uint64_t steal_ns(const struct steal_meter *m, int cpu)
{
	return steal_ticks_to_ns(delta_ticks(m, cpu), m->clk_tck);
}

uint64_t steal_total_ns(const struct steal_meter *m)
{
	uint64_t ticks = 0;
	int cpu;

	for (cpu = 0; cpu < m->nr_cpus; cpu++)
		ticks += delta_ticks(m, cpu);
	return steal_ticks_to_ns(ticks, m->clk_tck);
}

void steal_meter_free(struct steal_meter *m)
{
	free(m->start);
	free(m->stop);
	m->start = NULL;
	m->stop = NULL;
	m->nr_cpus = 0;
}
