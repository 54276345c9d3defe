// SPDX-License-Identifier: GPL-2.0
/*
 * timerlat_window - the worst latency of each second, per CPU
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/timerlat_window.h"
#include "analysis/source_window.h"

#define NR_SLOTS	(SOURCE_WINDOW_SECONDS + 1)

struct lw_slot {
	bool				used;
	unsigned long			second;
	struct timerlat_breakdown	b;
};

struct lw_cpu {
	struct lw_slot	slot[NR_SLOTS];
	struct lw_slot	ever;		/* since the start */
};

struct timerlat_window {
	int		nr_cpus;
	struct lw_cpu	**cpu;		/* allocated on first use */
};

struct timerlat_window *timerlat_window_new(int nr_cpus)
{
	struct timerlat_window *w = calloc(1, sizeof(*w));

	if (!w || nr_cpus <= 0 || !(w->cpu = calloc(nr_cpus, sizeof(*w->cpu)))) {
		free(w);
		return NULL;
	}
	w->nr_cpus = nr_cpus;
	return w;
}

void timerlat_window_reset(struct timerlat_window *w)
{
	for (int cpu = 0; w && cpu < w->nr_cpus; cpu++) {
		free(w->cpu[cpu]);
		w->cpu[cpu] = NULL;
	}
}

void timerlat_window_free(struct timerlat_window *w)
{
	if (!w)
		return;
	timerlat_window_reset(w);
	free(w->cpu);
	free(w);
}

static void slot_keep(struct lw_slot *s, unsigned long second, const struct timerlat_breakdown *b)
{
	if (!s->used || s->second != second || b->total_ns > s->b.total_ns)
		*s = (struct lw_slot){ .used = true, .second = second, .b = *b };
}

bool timerlat_window_add(struct timerlat_window *w, unsigned long second,
			const struct timerlat_breakdown *b)
{
	struct lw_cpu *c;

	if (!w || b->cpu < 0 || b->cpu >= w->nr_cpus)
		return false;
	if (!w->cpu[b->cpu] && !(w->cpu[b->cpu] = calloc(1, sizeof(*w->cpu[b->cpu]))))
		return false;
	c = w->cpu[b->cpu];
	slot_keep(&c->slot[second % NR_SLOTS], second, b);
	if (!c->ever.used || b->total_ns > c->ever.b.total_ns)
		c->ever = (struct lw_slot){ .used = true, .second = second, .b = *b };
	return true;
}

bool timerlat_window_worst(const struct timerlat_window *w, int cpu, unsigned long now,
			  int seconds, struct timerlat_breakdown *out)
{
	const struct lw_slot *best = NULL;
	const struct lw_cpu *c;

	if (!w || cpu < 0 || cpu >= w->nr_cpus || !(c = w->cpu[cpu]))
		return false;
	if (seconds <= 0)
		best = c->ever.used ? &c->ever : NULL;
	for (int i = 0; seconds > 0 && i < NR_SLOTS; i++) {
		const struct lw_slot *s = &c->slot[i];

		if (!s->used || s->second > now || s->second + (unsigned long)seconds <= now)
			continue;
		if (!best || s->b.total_ns > best->b.total_ns)
			best = s;
	}
	if (best)
		*out = best->b;
	return best != NULL;
}
