// SPDX-License-Identifier: GPL-2.0
/*
 * sample_queue - osnoise samples held until their events are in (see the header)
 */
#include <stdlib.h>

#include "source/engine/sample_queue.h"

struct cpu_queue {
	struct noise_sample	*ring;
	unsigned int		head;		/* next out */
	unsigned int		tail;		/* next in */
	uint64_t		seen;		/* the events' stream reached this */
};

struct sample_queue {
	int			nr_cpus;
	unsigned int		depth;
	struct cpu_queue	*cpu;
};

struct sample_queue *sample_queue_new(int nr_cpus, unsigned int depth)
{
	struct sample_queue *q = calloc(1, sizeof(*q));

	if (!q || nr_cpus <= 0 || !depth || (depth & (depth - 1)))
		goto fail;
	q->nr_cpus = nr_cpus;
	q->depth = depth;
	q->cpu = calloc(nr_cpus, sizeof(*q->cpu));
	if (!q->cpu)
		goto fail;
	return q;
fail:
	sample_queue_free(q);
	return NULL;
}

void sample_queue_free(struct sample_queue *q)
{
	int i;

	if (!q)
		return;
	for (i = 0; q->cpu && i < q->nr_cpus; i++)
		free(q->cpu[i].ring);
	free(q->cpu);
	free(q);
}

void sample_queue_seen(struct sample_queue *q, int cpu, uint64_t ts)
{
	if (cpu >= 0 && cpu < q->nr_cpus && ts > q->cpu[cpu].seen)
		q->cpu[cpu].seen = ts;
}

static void hand_out(struct sample_queue *q, struct cpu_queue *c, record_fn fn, void *ctx)
{
	struct rtl_record rec = { .kind = RECORD_NOISE_SAMPLE };

	rec.sample = c->ring[c->head & (q->depth - 1)];
	c->head++;
	fn(&rec, ctx);
}

void sample_queue_add(struct sample_queue *q, const struct noise_sample *s, record_fn fn,
		      void *ctx)
{
	struct rtl_record rec = { .kind = RECORD_NOISE_SAMPLE, .sample = *s };
	struct cpu_queue *c;

	if (s->cpu < 0 || s->cpu >= q->nr_cpus)
		return;
	rec.sample.ts = s->start_ns + s->duration_ns;
	c = &q->cpu[s->cpu];
	/* only the measured CPUs send samples: their rings are made as they come */
	if (!c->ring && !(c->ring = calloc(q->depth, sizeof(*c->ring)))) {
		fn(&rec, ctx);		/* no room: as it comes */
		return;
	}
	if (c->tail - c->head == q->depth)
		hand_out(q, c, fn, ctx);
	c->ring[c->tail & (q->depth - 1)] = rec.sample;
	c->tail++;
}

static int flush_cpu(struct sample_queue *q, struct cpu_queue *c, bool all, record_fn fn,
		     void *ctx)
{
	int n = 0;

	while (c->head != c->tail && (all || c->ring[c->head & (q->depth - 1)].ts <= c->seen)) {
		hand_out(q, c, fn, ctx);
		n++;
	}
	return n;
}

int sample_queue_flush(struct sample_queue *q, bool all, record_fn fn, void *ctx)
{
	int cpu, n = 0;

	for (cpu = 0; cpu < q->nr_cpus; cpu++)
		n += flush_cpu(q, &q->cpu[cpu], all, fn, ctx);
	return n;
}

int sample_queue_flush_cpu(struct sample_queue *q, int cpu, record_fn fn, void *ctx)
{
	return cpu >= 0 && cpu < q->nr_cpus ? flush_cpu(q, &q->cpu[cpu], false, fn, ctx) : 0;
}

bool sample_queue_waiting(const struct sample_queue *q, int cpu)
{
	return cpu >= 0 && cpu < q->nr_cpus && q->cpu[cpu].head != q->cpu[cpu].tail;
}
