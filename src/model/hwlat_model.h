/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hwlat_model - per-CPU summary and histogram of the hwlat tracer's
 * samples: each is a window whose longest gap (inner or outer) passed
 * tracing_thresh; its latency is that gap
 */
#ifndef RTLENS_HWLAT_MODEL_H
#define RTLENS_HWLAT_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/cpulist.h"
#include "base/records.h"
#include "model/histogram.h"

struct cpu_hwlat {
	uint64_t	samples;	/* windows over the threshold */
	uint64_t	gaps;		/* gaps over the threshold in them (hwlat_sample_gaps()) */
	uint64_t	max_inner_us;
	uint64_t	max_outer_us;
	uint64_t	nmi_count;
	uint64_t	nmi_us;
	struct histogram hist;		/* each sample's latency, in us */
};

struct hwlat_model {
	int		nr_cpus;
	struct cpu_hwlat *cpu;
	uint64_t	records;
	/* every sample, in order, when kept (hwlat_model_keep()); else NULL */
	struct hwlat_sample *log;
	size_t		nr_log;
	size_t		log_cap;
	uint64_t	log_lost;	/* samples the log found no memory for */
	bool		keep;
};

/* A sample's latency: its longest gap, inner or outer, in us. */
static inline uint64_t hwlat_sample_us(const struct hwlat_sample *s)
{
	return s->inner_us > s->outer_us ? s->inner_us : s->outer_us;
}

/* Its gaps over the threshold: the tracer's count (5.10+), else the one that made it a sample. */
static inline uint64_t hwlat_sample_gaps(const struct hwlat_sample *s)
{
	return s->gaps ? s->gaps : 1;
}

struct hwlat_model *hwlat_model_new(int nr_cpus, unsigned int bucket_size,
				    unsigned int entries);
void hwlat_model_free(struct hwlat_model *m);
/* Keep each sample from now on, not only the sums (a list of them is asked for). */
void hwlat_model_keep(struct hwlat_model *m);
void hwlat_model_reset(struct hwlat_model *m);
/* Takes RECORD_HWLAT; ignores other records and CPUs outside the model. */
void hwlat_model_add(struct hwlat_model *m, const struct rtl_record *rec);
/* Every CPU's in one: @sum has the model's histogram shape. */
void hwlat_model_total(const struct hwlat_model *m, const struct cpu_mask *cpus,
		       struct cpu_hwlat *sum);

#endif
