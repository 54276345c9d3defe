// SPDX-License-Identifier: GPL-2.0
/*
 * own_stops - open, close and keep the stops of a measuring thread
 * (own_stops.h)
 */
#include <stdio.h>
#include <string.h>

#include "base/noise_event.h"
#include "source/engine/own_stops.h"

void own_stops_begin(struct own_stops *o, const struct own_stop *s)
{
	o->open = true;
	o->pid = s->pid;
	o->start = s->start_ns;
}

static void keep(struct own_stops *o, uint64_t start, uint64_t end)
{
	struct own_stop_span *k;

	if (o->nr == OWN_STOPS_KEPT) {
		o->first = (o->first + 1) % OWN_STOPS_KEPT;
		o->nr--;
	}
	k = &o->kept[(o->first + o->nr) % OWN_STOPS_KEPT];
	k->start = start;
	k->end = end;
	o->nr++;
}

bool own_stops_end(struct own_stops *o, int cpu, uint64_t end, struct noise_event *out)
{
	if (!o->open)
		return false;
	o->open = false;
	end = max_u64(end, o->start);
	keep(o, o->start, end);
	memset(out, 0, sizeof(*out));
	out->cpu = cpu;
	out->ts = end;
	out->kind = NOISE_SELF;
	out->start_ns = o->start;
	out->duration_ns = end - o->start;
	out->vector = -1;
	out->pid = o->pid;
	snprintf(out->name, sizeof(out->name), "%s", NOISE_SELF_NAME);
	return true;
}

bool own_stops_hides(const struct own_stops *o, const struct noise_event *e)
{
	return o->open && e->kind != NOISE_SELF && e->start_ns >= o->start;
}

uint64_t own_stops_overlap(const struct own_stops *o, uint64_t from, uint64_t to)
{
	uint64_t ns = 0;
	unsigned int i;

	for (i = 0; i < o->nr; i++) {
		const struct own_stop_span *k = &o->kept[(o->first + i) % OWN_STOPS_KEPT];
		uint64_t lo = max_u64(k->start, from), hi = min_u64(k->end, to);

		if (hi > lo)
			ns += hi - lo;
	}
	return ns;
}

void own_stops_reset(struct own_stops *o)
{
	memset(o, 0, sizeof(*o));
}
