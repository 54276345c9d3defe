/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sample_queue - the osnoise samples that BPF sends to the analysis, held
 * until the analysis has the events inside them.
 *
 * The samples (a BPF ring buffer) and the interference events (the
 * analysis' tracefs instance) come by two roads. The analysis gives a
 * sample the events that started inside it, so a sample may go to it only
 * once every such event was read: the kernel records an event as it ends,
 * before the workload takes the time that ends the sample, so once the
 * events' stream of a CPU reached a record at or after a sample's end, the
 * sample is complete. The tracer's per-period summary, in the same
 * instance, moves that mark on at least once a period. A CPU's queue that
 * is full hands its oldest sample out early rather than losing it.
 */
#ifndef RTLENS_SAMPLE_QUEUE_H
#define RTLENS_SAMPLE_QUEUE_H

#include <stdbool.h>
#include <stdint.h>

#include "base/records.h"
#include "source/engine/source.h"

struct sample_queue;

/* @depth samples per CPU at most, a power of two; NULL when out of memory. */
struct sample_queue *sample_queue_new(int nr_cpus, unsigned int depth);
void sample_queue_free(struct sample_queue *q);

/* The events' stream of @cpu reached a record at @ts. */
void sample_queue_seen(struct sample_queue *q, int cpu, uint64_t ts);
/*
 * Queue @s (its cpu, start_ns, duration_ns set; ts is made its end); a
 * full queue hands its oldest to @fn first. Samples of CPUs out of range
 * are dropped.
 */
void sample_queue_add(struct sample_queue *q, const struct noise_sample *s, record_fn fn,
		      void *ctx);
/*
 * Hand to @fn, CPU by CPU in order, the samples the events' stream went
 * past (@all: every one queued); returns how many.
 */
int sample_queue_flush(struct sample_queue *q, bool all, record_fn fn, void *ctx);
/*
 * The same for @cpu alone, as its events' stream goes past them: the
 * analysis keeps a bounded number of events waiting for their sample
 * (osnoise_aa.h), so a sample goes out before the events that follow it.
 */
int sample_queue_flush_cpu(struct sample_queue *q, int cpu, record_fn fn, void *ctx);
/* Whether @cpu has a sample waiting. */
bool sample_queue_waiting(const struct sample_queue *q, int cpu);

#endif
