/* SPDX-License-Identifier: GPL-2.0 */
/*
 * noise_event - small helpers the analyses share over interference events
 */
#ifndef RTLENS_NOISE_EVENT_H
#define RTLENS_NOISE_EVENT_H

#include <stdint.h>

#include "base/records.h"

static inline uint64_t min_u64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

static inline uint64_t max_u64(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

/* The event's end: its record time, or start + duration when that is later. */
static inline uint64_t ev_end(const struct noise_event *e)
{
	return max_u64(e->ts, e->start_ns + e->duration_ns);
}

#endif
