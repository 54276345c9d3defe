/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bpf_layout - what the BPF programs (bpf/counts.bpf.c) and their loader
 * (bpf_counts.c) share: the value of the statistics map, the contexts, a
 * sample handed to the osnoise analysis. Plain fixed-size types: it is
 * compiled for the BPF target too.
 */
#ifndef RTLENS_BPF_LAYOUT_H
#define RTLENS_BPF_LAYOUT_H

#include <linux/types.h>

/* the timerlat contexts, as the tracepoint's context field numbers them */
#define BPF_LAT_IRQ		0
#define BPF_LAT_CONTEXTS	3	/* IRQ, thread, return to user */

struct bpf_lat_stats {
	__u64	count;
	__u64	cur;
	__u64	min;
	__u64	sum;
	__u64	max;
};

/* per CPU: the osnoise samples without interference counted, not sent */
struct bpf_hw_sum {
	__u64	count;
	__u64	total;		/* ns */
	__u64	max;		/* ns */
};

/* an osnoise:sample_threshold sample, in the ring buffer "samples" */
struct bpf_noise_sample {
	__u64	start;		/* ns, the tracer's clock (trace_clock_local) */
	__u64	duration;	/* ns */
	__u64	interference;
	__u32	cpu;
	__u32	pad;
};

#endif
