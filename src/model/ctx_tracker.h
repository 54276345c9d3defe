/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ctx_tracker - per-CPU execution contexts from the standard tracepoints
 * (RECORD_CTX edges: IRQ, system vector and softirq entry/exit, NMI handlers,
 * context switches), turned into the interference events the osnoise tracer
 * would give (RECORD_NOISE_EVENT), for kernels without that tracer
 *
 * Contexts nest: an NMI in anything; an IRQ (a device IRQ's handler or an
 * x86 system vector) in a softirq or a thread; a softirq in a thread (on
 * PREEMPT_RT softirqs run in thread context, and are preemptible). Each CPU
 * keeps a stack of the open IRQs and softirqs, CTX_MAX_DEPTH deep, and the
 * task it runs. As the kernel's osnoise does, every event has:
 *
 *   start_ns    = its entry (for a thread: its switch-in)
 *   duration_ns = its NET time: exit - entry - the time of the contexts
 *                 nested in it (never below 0)
 *   ts          = its exit (for a thread: its switch-out)
 *
 * IRQ:     vector = the IRQ number and name = the action (irq_handler_entry),
 *          or vector = the APIC vector and name = the source ("local_timer")
 *          for irq_vectors. One event per handler: a shared IRQ gives several.
 * softirq: vector = the softirq number, name = "TIMER", "NET_RX", ...
 * NMI:     nmi:nmi_handler is one record as each handler returns, with the
 *          handler's time. Every NMI runs the registered handlers in their
 *          order: a record extends the NMI under way if its handler did
 *          not run in it yet and it starts (ts - delta_ns) within
 *          CTX_NMI_GAP_NS of the previous one's end (the trace record
 *          between them takes ~100 us under emulation); else it starts the
 *          next NMI. One event an NMI: start = its first handler's start,
 *          ts = its last one's end, duration the span, name = the first
 *          handler that handled it ("nmi" when none did, or its function
 *          is unknown). Its time is taken from what it interrupted. The
 *          NMI is emitted when the next edge of its CPU comes, or by
 *          ctx_tracker_settle(). The NMI entry and exit code around the
 *          handlers is not seen.
 * thread:  every task but the idle task (pid 0) and the caller's own
 *          workload (is_own) is interference: pid, comm (next_comm at its
 *          switch-in), duration = running time - the IRQ, softirq and NMI
 *          time nested in it, emitted at its switch-out; a task still
 *          running at the end is emitted by ctx_tracker_flush().
 *
 * IRQs, softirqs and NMIs are emitted whatever they interrupted: idle, the
 * workload, another thread. Nothing is emitted for the workload's own time.
 *
 * A workload thread switched out stopped or traced (prev_stopped: SIGSTOP,
 * SIGTSTP, a debugger) gives a RECORD_OWN_STOP (ts = start_ns = the switch);
 * when it runs again, another one, resumed, with end_ns = its switch-in. If
 * that switch is not traced (out of idle, on some kernels) and the thread is
 * seen switched out, end_ns is its wakeup to that CPU if seen after the stop,
 * else the switch out. The events of the CPU meanwhile are emitted as usual.
 *
 * Not seen, hence not interference: the time the kernel spends on behalf of
 * the running task (page faults, syscalls, exceptions) is part of that task;
 * the entry and exit code around the traced handlers. Not explained by any
 * event: hardware and hypervisor noise (SMIs, a vCPU not running), which is
 * what the workload measures and no event covers.
 *
 * Recovery, when the tracking starts in the middle or events are lost:
 *  - an exit with no matching entry on the stack is ignored (unmatched);
 *  - an exit below the top of the stack drops the entries above it: their
 *    exits were lost, and their time stays in the one that exits;
 *  - a softirq entry drops whatever is open: a softirq starts in thread
 *    context only;
 *  - at a context switch an open softirq (PREEMPT_RT) is closed and
 *    emitted at the switch, an open IRQ (exit lost) is dropped; the rest
 *    of a preempted softirq then counts as its thread's time;
 *  - a task switched out of a CPU that ran the idle task: its switch-in
 *    (out of idle) was not traced, which some kernels do for some CPUs
 *    (seen on a 6.18 KVM guest with haltpoll); it is taken to have run
 *    since the end of the last interrupt on the idle CPU (the one that
 *    woke it, most often), or since the CPU went idle (idle_exits);
 *  - otherwise the task switched out must be the one switched in before:
 *    else (the first switch seen on a CPU, a switch lost) nothing is
 *    emitted for it;
 *  - an entry past CTX_MAX_DEPTH is not tracked (overflow).
 *
 * Memory: fixed at creation (nr_cpus); nothing is allocated per edge. The
 * edges of one CPU must come in time order (as the per-CPU ring buffer
 * gives them); the CPUs may interleave.
 */
#ifndef RTLENS_CTX_TRACKER_H
#define RTLENS_CTX_TRACKER_H

#include <stdbool.h>
#include <stdint.h>

#include "base/records.h"

#define CTX_MAX_DEPTH	8	/* open IRQs and softirqs per CPU */
/* between two handlers of one NMI: the first one's trace record is written */
#define CTX_NMI_GAP_NS	1000000ULL
#define CTX_NMI_HANDLERS	8	/* handlers told apart in one NMI; more: a new one */

struct ctx_tracker;

/* true if tid is one of the caller's workload threads: not interference */
typedef bool (*ctx_own_fn)(int tid, void *ctx);
/* receives each RECORD_NOISE_EVENT and RECORD_OWN_STOP; it lives for the call only */
typedef void (*ctx_emit_fn)(const struct rtl_record *noise, void *ectx);

/* What went past the rules, over all CPUs. */
struct ctx_tracker_stats {
	uint64_t	edges;		/* RECORD_CTX records fed */
	uint64_t	emitted;	/* noise events emitted */
	uint64_t	unmatched;	/* exits without an entry: ignored */
	uint64_t	dropped;	/* entries whose exit never came */
	uint64_t	overflows;	/* entries past CTX_MAX_DEPTH: not tracked */
	uint64_t	switch_closed;	/* softirqs open at a switch, closed there */
	uint64_t	lost_switches;	/* switched-out task not the one switched in */
	uint64_t	idle_exits;	/* switches out of idle inferred, not traced */
	uint64_t	bad_cpu;	/* edges of CPUs outside [0, nr_cpus) */
	uint64_t	own_stops;	/* workload threads switched out stopped */
};

/* is_own may be NULL (nothing is own). NULL on error (nr_cpus < 1, memory). */
struct ctx_tracker *ctx_tracker_new(int nr_cpus, ctx_own_fn is_own, void *ctx);
void ctx_tracker_free(struct ctx_tracker *t);

/* Takes every record kind; uses RECORD_CTX edges, calls emit for each event. */
void ctx_tracker_feed(struct ctx_tracker *t, const struct rtl_record *edge,
		      ctx_emit_fn emit, void *ectx);

/*
 * End of run: on each CPU, the open IRQs and softirqs, then the running
 * task if it is interference, are emitted as ending at end_ts (or at the
 * CPU's last edge, if later), and a stopped workload thread as resumed
 * then. Every CPU then starts afresh: nothing known.
 */
void ctx_tracker_flush(struct ctx_tracker *t, uint64_t end_ts, ctx_emit_fn emit, void *ectx);
/*
 * The NMIs whose last handler ended before @before: no more handler of
 * theirs can come (@before at least CTX_NMI_GAP_NS before the newest edge
 * read); emitted, as the next edge of their CPU would.
 */
void ctx_tracker_settle(struct ctx_tracker *t, uint64_t before, ctx_emit_fn emit, void *ectx);
/*
 * The NMI of @cpu, emitted now: a caller that passes the edges on too
 * (a KVM host's vCPU threads) calls it before a later edge of @cpu, which
 * would else go out before the NMI it follows.
 */
void ctx_tracker_close_nmi(struct ctx_tracker *t, int cpu, ctx_emit_fn emit, void *ectx);

void ctx_tracker_stats(const struct ctx_tracker *t, struct ctx_tracker_stats *out);

#endif
