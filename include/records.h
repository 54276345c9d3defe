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

enum timerlat_context {
	TIMERLAT_IRQ = 0,	/* latency of the timer IRQ */
	TIMERLAT_THREAD = 1,	/* latency of the timerlat thread */
	TIMERLAT_USER = 2,	/* return to user space (user threads) */
};

/* One timerlat activation (ftrace:timerlat). */
struct timerlat_sample {
	int			cpu;
	uint64_t		ts;		/* ns, trace clock */
	uint64_t		seqnum;		/* the IRQ and thread of one period share it */
	enum timerlat_context	context;
	uint64_t		latency_ns;
};

enum noise_kind {
	NOISE_NMI,
	NOISE_IRQ,
	NOISE_SOFTIRQ,
	NOISE_THREAD,
};

#define NOISE_NAME_LEN	32

/*
 * One interference (osnoise:nmi_noise, irq_noise, softirq_noise,
 * thread_noise): what ran, when it started, and its net duration (time
 * of nested interference already subtracted by the kernel).
 */
struct noise_event {
	int		cpu;
	uint64_t	ts;			/* when the event was recorded (its end) */
	enum noise_kind	kind;
	uint64_t	start_ns;
	uint64_t	duration_ns;
	int		vector;			/* IRQ and softirq */
	int		pid;			/* thread */
	char		name[NOISE_NAME_LEN];	/* IRQ desc, softirq name, thread comm */
};

#define STACK_MAX_DEPTH	32

/* A kernel stack saved at the timerlat IRQ (ftrace:kernel_stack). */
struct stack_trace {
	int		cpu;
	uint64_t	ts;
	int		depth;
	uint64_t	ip[STACK_MAX_DEPTH];
	const char	*sym[STACK_MAX_DEPTH];	/* function names, NULL if unknown */
};

/*
 * Every record above starts with "int cpu; uint64_t ts;": the decoder fills
 * them through any member of the union below.
 */
enum record_kind {
	RECORD_NONE,		/* not an event rtlens decodes */
	RECORD_OSNOISE_PERIOD,
	RECORD_NOISE_SAMPLE,
	RECORD_TIMERLAT,
	RECORD_NOISE_EVENT,
	RECORD_STACK,
};

struct rtl_record {
	enum record_kind	kind;
	union {
		struct osnoise_period	period;
		struct noise_sample	sample;
		struct timerlat_sample	timerlat;
		struct noise_event	noise;
		struct stack_trace	stack;
	};
};

#endif
