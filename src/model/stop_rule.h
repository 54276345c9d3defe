/* SPDX-License-Identifier: GPL-2.0 */
/*
 * stop_rule - the one rule of the stop thresholds: the value of a CPU that
 * each limit is compared with, as the kernel compares them
 *
 *   osnoise   -s (single): its longest noise sample
 *             -S (total):  its noisiest period
 *   timerlat  -i (single): its longest IRQ latency
 *             -T (total):  its longest thread latency, or return to user
 *                          space (-u), whichever is longer
 *   hwlat     -s (single): its longest gap, inner or outer
 *
 * A limit of 0 is unset. The session finds the CPU that stopped the run
 * with it, the renderers highlight the CPUs over a limit with it.
 */
#ifndef RTLENS_STOP_RULE_H
#define RTLENS_STOP_RULE_H

#include <stdbool.h>
#include <stdint.h>

#include "base/records.h"
#include "base/tool_units.h"
#include "model/latency_model.h"
#include "model/noise_model.h"

enum stop_limit {
	STOP_LIMIT_SINGLE,	/* osnoise -s, timerlat -i */
	STOP_LIMIT_TOTAL,	/* osnoise -S, timerlat -T */
};

/* The value compared with @limit, in us. */
uint64_t stop_value_noise(const struct cpu_noise *c, enum stop_limit limit);
uint64_t stop_value_latency(const struct cpu_latency *c, unsigned int divisor,
			    enum stop_limit limit);

/* Is a value over a limit (0: unset)? */
static inline bool stop_over(uint64_t value_us, uint64_t limit_us)
{
	return limit_us && value_us >= limit_us;
}

/*
 * One record against the limits, as the tracer compares it when it writes
 * it (the user engine's merge and a replay alike): an osnoise sample with
 * -s, an osnoise period with -S, a timerlat IRQ latency with -i, a thread
 * or return-to-user latency with -T. A record that includes a stop of
 * rtlens's own thread (self_ns) reaches none. The value compared, in us,
 * goes to *@value_us when it reaches one.
 */
bool stop_record_over(const struct rtl_record *rec, uint64_t stop_us, uint64_t stop_total_us,
		      uint64_t *value_us, enum stop_limit *limit);

/*
 * A record of a tool that is a unit (base/tool_units.h): its value and its
 * limit, as stop_record_over() takes them (model/NAME_model.c); false: none.
 */
#define STOP_UNIT_RECORD(name, NAME)						\
	bool name##_record_stop(const struct rtl_record *rec, uint64_t *value_us,	\
				enum stop_limit *limit);
RTL_TOOL_UNITS(STOP_UNIT_RECORD)

#endif
