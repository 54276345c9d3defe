/* SPDX-License-Identifier: GPL-2.0 */
/*
 * own_merge - the user engine's records put in the order and form the
 * kernel tracer gives them
 *
 * Two streams come in for each CPU, each in time order: the measuring
 * thread's records (osnoise periods and samples, timerlat thread
 * latencies) and what the trace gives (the interference events built from
 * the standard tracepoints, KVM exits on a KVM host, and timerlat IRQ
 * latencies; where a KVM host's vCPU threads are followed, the KVM edges
 * and the tracepoints' context edges themselves, which go out as they are). They are
 * merged by time (an event at the same time as a sample goes first, as the
 * kernel reports a sample after the events inside it), and completed:
 *
 *  - a noise sample's interference: the events that started inside it;
 *  - an osnoise period's NMI, IRQ, softirq and thread counts: the events
 *    that started in its runtime (from the end of the previous period's
 *    runtime plus the sleep between runtimes), and its HW count: its
 *    samples with no interference;
 *  - a timerlat IRQ record's seqnum: the one of the thread record that
 *    follows it (the thread woken by that timer); it is held back until
 *    that record comes;
 *  - the stops of the measuring thread (RECORD_OWN_STOP, see own_stops.h):
 *    each one goes out as a NOISE_SELF event when it ends, the events that
 *    started during it are dropped, and a sample or latency that includes
 *    one gets its self_ns: such a record reaches no stop threshold, and an
 *    osnoise period leaves it out of its runtime, noise and longest sample.
 *
 * The stop thresholds act as the kernel's: the record that reaches one is
 * the last one handed out until own_merge_resume(); later ones are dropped.
 * The trace can come later than the threads' records (the reader has a
 * budget, and the merge goes on without it when it lags): after a stop,
 * the trace of its CPU up to its record's time still goes out as it
 * comes, and the record waits for own_merge_release(), so that the
 * analysis has what explains it first.
 */
#ifndef RTLENS_USER_MERGE_H
#define RTLENS_USER_MERGE_H

#include <stdbool.h>
#include <stdint.h>

#include "base/params.h"
#include "base/records.h"
#include "source/engine/source.h"

#define OWN_MERGE_RECENT	1024	/* recent events per CPU, for the samples */

struct own_merge;

/* @p: nr_cpus, period, runtime (0: none) and the stop thresholds (in force). */
struct own_merge *own_merge_new(const struct rtl_params *p);
void own_merge_free(struct own_merge *m);

enum own_merge_stream {
	OWN_MERGE_TRACE,		/* from the trace: noise events, KVM exits, timerlat IRQ,
				   stops of the measuring threads */
	OWN_MERGE_WORK,		/* from the measuring threads */
};

/* Queue a record of @stream; -1 when out of memory. */
int own_merge_add(struct own_merge *m, enum own_merge_stream stream, const struct rtl_record *rec);

/* Hand out, CPU by CPU in time order, every queued record with ts <= until. */
int own_merge_flush(struct own_merge *m, uint64_t until, record_fn fn, void *ctx);

/*
 * A stop threshold was reached: nothing more is handed out but the trace
 * of its CPU up to it, and the record that reached it.
 */
bool own_merge_stopped(const struct own_merge *m);
/* The trace up to the stop is in: hand its record out (once); how many records out. */
int own_merge_release(struct own_merge *m, record_fn fn, void *ctx);
/* After a stop: drop what is queued, and hand records out again. */
void own_merge_resume(struct own_merge *m);

#endif
