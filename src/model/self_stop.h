/* SPDX-License-Identifier: GPL-2.0 */
/*
 * self_stop - the time rtlens caused itself: how long its own measuring
 * threads (user engine) were stopped (SIGSTOP, SIGTSTP, a debugger), per
 * CPU, and how many samples or latencies include such a stop and were left
 * out of the statistics (own_merge flags them with self_ns)
 */
#ifndef RTLENS_SELF_STOP_H
#define RTLENS_SELF_STOP_H

#include <stdint.h>

#include "base/cpulist.h"
#include "base/records.h"

struct self_stop_cpu {
	uint64_t	stops;		/* NOISE_SELF events */
	uint64_t	ns;		/* their time */
	uint64_t	samples;	/* records with self_ns: not in the statistics */
};

struct self_stop {
	int			nr_cpus;
	struct self_stop_cpu	*cpu;
};

int self_stop_init(struct self_stop *s, int nr_cpus);
void self_stop_free(struct self_stop *s);
/* Takes every record kind; ignores CPUs outside 0..nr_cpus-1. */
void self_stop_add(struct self_stop *s, const struct rtl_record *rec);
/* @cpu's counts, all 0 for a CPU out of range. */
struct self_stop_cpu self_stop_of(const struct self_stop *s, int cpu);
/* Over the CPUs of @cpus: the longest time one CPU's thread was stopped. */
uint64_t self_stop_longest_ns(const struct self_stop *s, const struct cpu_mask *cpus);
/* Over the CPUs of @cpus: the records left out of the statistics. */
uint64_t self_stop_samples(const struct self_stop *s, const struct cpu_mask *cpus);

#endif
