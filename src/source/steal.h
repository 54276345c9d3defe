/* SPDX-License-Identifier: GPL-2.0 */
/*
 * steal - time the hypervisor took from each CPU between two snapshots of
 * the per-CPU steal counters of /proc/stat (read with libproc2)
 */
#ifndef RTLENS_STEAL_H
#define RTLENS_STEAL_H

#include <stdint.h>

/* A CPU absent from a snapshot (offline, or not in /proc/stat). */
#define STEAL_NO_CPU	UINT64_MAX

struct steal_meter {
	int		nr_cpus;	/* CPUs 0 .. nr_cpus-1 */
	long		clk_tck;	/* sysconf(_SC_CLK_TCK): ticks per second */
	uint64_t	*start;		/* steal ticks by CPU number, or STEAL_NO_CPU */
	uint64_t	*stop;
};

/* @ticks of USER_HZ (@clk_tck per second) in ns; 0 when @clk_tck <= 0. */
static inline uint64_t steal_ticks_to_ns(uint64_t ticks, long clk_tck)
{
	uint64_t hz = (uint64_t)clk_tck;

	if (clk_tck <= 0)
		return 0;
	return ticks / hz * 1000000000ULL + ticks % hz * 1000000000ULL / hz;
}

/*
 * Allocate the meter for CPUs 0 .. @nr_cpus-1 and take the first snapshot.
 * -1 with a message on error. Free with steal_meter_free() before
 * starting the meter again.
 */
int steal_meter_start(struct steal_meter *m, int nr_cpus);
/* Take the second snapshot; -1 with a message on error. */
int steal_meter_stop(struct steal_meter *m);
/*
 * Steal time of @cpu between the snapshots, in ns; 0 for a CPU missing
 * from either snapshot, out of range, or before steal_meter_stop().
 */
uint64_t steal_ns(const struct steal_meter *m, int cpu);
/* The sum of steal_ns() over every CPU. */
uint64_t steal_total_ns(const struct steal_meter *m);
void steal_meter_free(struct steal_meter *m);

#endif
