/* SPDX-License-Identifier: GPL-2.0 */
/*
 * records - the typed records every source yields and the model consumes
 */
#ifndef RTLENS_RECORDS_H
#define RTLENS_RECORDS_H

#include <stdint.h>

/* One osnoise period of one CPU (the tracer's ftrace:osnoise entry). */
struct osnoise_period {
	int		cpu;
	uint64_t	ts;		/* ns, trace clock */
	uint64_t	runtime_us;
	uint64_t	noise_us;
	uint64_t	max_sample_us;
	uint64_t	hw_count;
	uint64_t	nmi_count;
	uint64_t	irq_count;
	uint64_t	softirq_count;
	uint64_t	thread_count;
};

/* One noise sample over the threshold (osnoise:sample_threshold). */
struct noise_sample {
	int		cpu;
	uint64_t	ts;
	uint64_t	start_ns;
	uint64_t	duration_ns;
	uint64_t	interference;	/* interfering events seen in the sample */
};

enum record_kind {
	RECORD_NONE,		/* not an event rtlens decodes */
	RECORD_OSNOISE_PERIOD,
	RECORD_NOISE_SAMPLE,
};

struct rtl_record {
	enum record_kind	kind;
	union {
		struct osnoise_period	period;
		struct noise_sample	sample;
	};
};

#endif
