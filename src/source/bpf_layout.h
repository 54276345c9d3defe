/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bpf_layout - what the BPF program (bpf/timerlat.bpf.c) and its loader
 * (bpf_counts.c) share: the value of the statistics map and the contexts.
 * Plain fixed-size types: it is compiled for the BPF target too.
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

#endif
