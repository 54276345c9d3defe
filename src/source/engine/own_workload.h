/* SPDX-License-Identifier: GPL-2.0 */
/*
 * own_workload - the measuring threads run in user space ("user engine"),
 * for kernels without the osnoise/timerlat tracers: one pinned thread per
 * measured CPU yields the same records as the kernel tracers
 *
 * osnoise:  in each period, spin runtime_us reading CLOCK_MONOTONIC; a gap
 *           between two reads above threshold_ns is a RECORD_NOISE_SAMPLE
 *           (ts: end of the gap, start_ns: its start), and the end of the
 *           runtime a RECORD_OSNOISE_PERIOD: runtime_us as measured (at least
 *           the one asked, less for the last one cut by own_workload_stop()), noise_us =
 *           sum of its samples' ns / 1000, max_sample_us = longest / 1000,
 *           hw_count = its samples; the other counts are 0: the consumer fills
 *           them from trace events. Then sleep to the next period's start (none
 *           if runtime == period, or if it has passed).
 * timerlat: wake every period_us on an absolute CLOCK_MONOTONIC timer; the
 *           delay of the wake-up is a RECORD_TIMERLAT of TIMERLAT_THREAD,
 *           seqnum 1, 2, ... per wake-up (a late one skips the periods passed).
 *
 * Every time is CLOCK_MONOTONIC in ns. Each thread hands its records to one
 * consumer through its own lock-free single-producer ring, touched in full by
 * the thread before it measures (ring_records * 48 bytes per CPU); a record
 * that finds its ring full is dropped and counted (own_workload_lost()).
 *
 * Threads are named "rtlens-osn/N" or "rtlens-tl/N" (N: the CPU).
 */
#ifndef RTLENS_USER_WORKLOAD_H
#define RTLENS_USER_WORKLOAD_H

#include <stdbool.h>
#include <stdint.h>

#include "base/cpulist.h"
#include "base/parse.h"
#include "base/records.h"

#define OWN_WORKLOAD_RING_DEFAULT		16384		/* records per CPU, 48 bytes each: 768 KiB */
#define OWN_WORKLOAD_RING_MAX		(1U << 20)
#define OWN_WORKLOAD_PERIOD_MAX_US	10000000ULL	/* 10 s, like rtla */
#define OWN_WORKLOAD_TIMERLAT_FIFO_PRIO	95		/* own_workload_timerlat_prio() */

enum own_workload_kind {
	OWN_WORKLOAD_OSNOISE,
	OWN_WORKLOAD_TIMERLAT,
	OWN_WORKLOAD_TIMERLAT_FD,		/* the timerlat tracer's user threads (-u): read timerlat_fd */
};

struct own_workload_config {
	enum own_workload_kind		kind;
	const struct cpu_mask	*cpus;		/* measured CPUs; only read by own_workload_start() */
	uint64_t		period_us;	/* 1 .. OWN_WORKLOAD_PERIOD_MAX_US */
	uint64_t		runtime_us;	/* osnoise: 1 .. period_us */
	uint64_t		threshold_ns;	/* osnoise: a gap above it is a sample; 0: 5000 */
	struct sched_attr_req	prio;		/* SCHED_KIND_NONE: inherit rtlens's */
	unsigned int		ring_records;	/* per CPU, rounded up to a power of 2; 0: default */
	const char		*tracing_dir;	/* OWN_WORKLOAD_TIMERLAT_FD: tracefs (osnoise/per_cpu/...) */
};

struct own_workload;

/*
 * timerlat's measuring threads (OWN_WORKLOAD_TIMERLAT, OWN_WORKLOAD_TIMERLAT_FD) when -P asked
 * nothing: SCHED_FIFO 95, as the timerlat tracer's own threads and rtla's
 * -u threads. A hard timer even on PREEMPT_RT, where a SCHED_OTHER
 * sleeper's timer expires in the ktimers thread, which any real-time task
 * holds back: its "IRQ latency" would not be the IRQ's.
 */
void own_workload_timerlat_prio(struct sched_attr_req *prio);

/*
 * Start one thread per CPU of cfg->cpus, each pinned to its CPU and given
 * cfg->prio. NULL with a message if anything fails (bad config, a CPU offline
 * or outside rtlens's cpuset, a policy refused): then no thread is left.
 */
struct own_workload *own_workload_start(const struct own_workload_config *cfg);

/*
 * Hand every record with ts <= until_ns (UINT64_MAX: all) to @fn, CPU after
 * CPU, each CPU's in order; a CPU's records after its first one past until_ns
 * stay for the next call. Returns how many were handed. One consumer only.
 */
int own_workload_drain(struct own_workload *uw,
	     void (*fn)(const struct rtl_record *rec, void *ctx), void *ctx,
	     uint64_t until_ns);

/* Is @tid (a kernel thread id) one of the measuring threads? */
bool own_workload_is_own_tid(const struct own_workload *uw, int tid);
/* Kernel thread id of the thread measuring @cpu, -1 if @cpu is not measured. */
int own_workload_tid(const struct own_workload *uw, int cpu);
/* Records dropped because a ring was full, all CPUs. */
uint64_t own_workload_lost(const struct own_workload *uw);

/*
 * osnoise: cost of one turn of the spin loop (one clock read) on @cpu, mean
 * and min in ns over the turns not counted as noise of the periods done so
 * far; 0 and 0 before any period, for a CPU not measured, or for timerlat.
 */
void own_workload_loop_cost(const struct own_workload *uw, int cpu, double *mean_ns, uint64_t *min_ns);

/*
 * Stop the threads and join them; idempotent. An osnoise thread stops within
 * 1 ms while it spins, 100 ms while it sleeps; a timerlat thread within a
 * period. The records left can still be drained.
 */
void own_workload_stop(struct own_workload *uw);
/* Stop if needed and free; the records not drained are lost. NULL is fine. */
void own_workload_free(struct own_workload *uw);

#endif
