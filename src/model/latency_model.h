/* SPDX-License-Identifier: GPL-2.0 */
/*
 * latency_model - per-CPU timerlat statistics and histograms (IRQ, thread,
 * user-return contexts), fed with timerlat samples
 */
#ifndef RTLENS_LATENCY_MODEL_H
#define RTLENS_LATENCY_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "model/histogram.h"
#include "base/records.h"

#define NR_TIMERLAT_CONTEXTS	3

struct latency_stats {
	uint64_t	count;
	uint64_t	cur;		/* last value, in output units */
	uint64_t	min;		/* valid when count > 0 */
	uint64_t	sum;
	uint64_t	max;
};

struct cpu_latency {
	struct latency_stats	stats[NR_TIMERLAT_CONTEXTS];
	struct histogram	hist[NR_TIMERLAT_CONTEXTS];
};

struct latency_model {
	int			nr_cpus;
	unsigned int		divisor;	/* ns per output unit: 1000 (us) or 1 (ns) */
	struct cpu_latency	*cpu;
	uint64_t		records;
};

int latency_model_init(struct latency_model *m, int nr_cpus, unsigned int divisor,
		       unsigned int bucket_size, unsigned int entries);
void latency_model_free(struct latency_model *m);
void latency_model_reset(struct latency_model *m);
/*
 * Takes RECORD_TIMERLAT records, ignores the rest and the latencies that
 * include a stop of rtlens (self_ns: self_stop.h counts them).
 */
void latency_model_add(struct latency_model *m, const struct rtl_record *rec);
bool latency_cpu_has_data(const struct latency_model *m, int cpu);
/* Fold @src into @sum (the ALL row). */
void latency_stats_merge(struct latency_stats *sum, const struct latency_stats *src);

#endif
