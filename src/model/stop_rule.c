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
