/* SPDX-License-Identifier: GPL-2.0 */
/*
 * noise_model - per-CPU noise summary and histograms, fed with typed records
 */
#ifndef RTLENS_NOISE_MODEL_H
#define RTLENS_NOISE_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "model/histogram.h"
#include "base/records.h"

struct cpu_noise {
	uint64_t	cycles;		/* periods completed */
	uint64_t	sum_runtime_us;
	uint64_t	sum_noise_us;
	uint64_t	max_noise_us;	/* worst noise in one period */
	uint64_t	max_single_us;	/* worst single noise sample */
	uint64_t	hw_count;
	uint64_t	nmi_count;
	uint64_t	irq_count;
	uint64_t	softirq_count;
	uint64_t	thread_count;
	struct histogram hist;		/* noise samples, in us */
};

struct noise_model {
	int		nr_cpus;
	struct cpu_noise *cpu;
	uint64_t	records;	/* records consumed */
};

int noise_model_init(struct noise_model *m, int nr_cpus, unsigned int bucket_size,
	       unsigned int entries);
void noise_model_free(struct noise_model *m);
void noise_model_reset(struct noise_model *m);
/*
 * Ignores records of CPUs outside 0..nr_cpus-1, and samples that include a
 * stop of rtlens (self_ns: self_stop.h counts them).
 */
void noise_model_add(struct noise_model *m, const struct rtl_record *rec);
/* @count samples of @value_us on @cpu, counted by the kernel. */
void noise_model_add_samples(struct noise_model *m, int cpu, uint64_t value_us, uint64_t count);
bool noise_model_cpu_has_data(const struct noise_model *m, int cpu);
/* Available CPU time in percent, 100.0 when nothing ran. */
double cpu_noise_available_pct(const struct cpu_noise *c);

#endif
