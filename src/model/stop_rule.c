// SPDX-License-Identifier: GPL-2.0
/*
 * stop_rule - what each stop threshold is compared with
 */
#include "model/stop_rule.h"

uint64_t stop_value_noise(const struct cpu_noise *c, enum stop_limit limit)
{
	return limit == STOP_LIMIT_SINGLE ? c->max_single_us : c->max_noise_us;
}

/* latencies are kept in output units (us, or ns with -n): compared in us */
uint64_t stop_value_latency(const struct cpu_latency *c, unsigned int divisor,
			    enum stop_limit limit)
{
	const struct latency_stats *st = c->stats;
	uint64_t max;

	if (limit == STOP_LIMIT_SINGLE)
		max = st[TIMERLAT_IRQ].max;
	else
		max = st[TIMERLAT_THREAD].max > st[TIMERLAT_USER].max ?
		      st[TIMERLAT_THREAD].max : st[TIMERLAT_USER].max;
	return max * divisor / 1000;
}

/* the value of @rec that a limit is compared with, and that limit; false: none */
static bool record_value(const struct rtl_record *rec, uint64_t *value_us,
			 enum stop_limit *limit)
{
	switch (rec->kind) {
	case RECORD_NOISE_SAMPLE:
		*value_us = rec->sample.duration_ns / 1000;
		*limit = STOP_LIMIT_SINGLE;
		return !rec->sample.self_ns;
	case RECORD_OSNOISE_PERIOD:
		*value_us = rec->period.noise_us;
		*limit = STOP_LIMIT_TOTAL;
		return true;
	case RECORD_TIMERLAT:
		*value_us = rec->timerlat.latency_ns / 1000;
		*limit = rec->timerlat.context == TIMERLAT_IRQ ? STOP_LIMIT_SINGLE : STOP_LIMIT_TOTAL;
		return !rec->timerlat.self_ns;
#define STOP_UNIT_CASE(name, NAME)						\
	case RECORD_##NAME:							\
		return name##_record_stop(rec, value_us, limit);
	RTL_TOOL_UNITS(STOP_UNIT_CASE)
	default:
		return false;
	}
}

bool stop_record_over(const struct rtl_record *rec, uint64_t stop_us, uint64_t stop_total_us,
		      uint64_t *value_us, enum stop_limit *limit)
{
	enum stop_limit which;
	uint64_t value;

	if (!record_value(rec, &value, &which) ||
	    !stop_over(value, which == STOP_LIMIT_SINGLE ? stop_us : stop_total_us))
		return false;
	if (value_us)
		*value_us = value;
	if (limit)
		*limit = which;
	return true;
}
