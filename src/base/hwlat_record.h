/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hwlat_record - the record of the hwlat tool (a kind of base/records.h)
 */
#ifndef RTLENS_HWLAT_RECORD_H
#define RTLENS_HWLAT_RECORD_H

#include <stdint.h>

/*
 * ftrace:hwlat: one window of the hwlat tracer in which a gap passed
 * tracing_thresh, on the CPU its thread ran on; the times are the tracer's,
 * in us (nmi_us too)
 */
struct hwlat_sample {
	int		cpu;
	uint64_t	ts;
	uint64_t	seqnum;		/* the window, counted from the tracer's start */
	uint64_t	inner_us;	/* the longest gap between two reads of the clock */
	uint64_t	outer_us;	/* the longest gap between two loops */
	uint64_t	gaps;		/* gaps over the threshold in the window (5.10+) */
	uint64_t	nmi_count;
	uint64_t	nmi_us;
	uint64_t	wall_ns;	/* the wall clock of the first such gap */
};

#endif
