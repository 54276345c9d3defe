/* SPDX-License-Identifier: GPL-2.0 */
/*
 * timerlat_aa - timerlat auto-analysis: names the causes of a CPU's last
 * timer latency from the timerlat samples, the osnoise:*_noise events and the
 * kernel stack of that CPU
 *
 * The latency of one period is cut into parts, measured from the timer's
 * expected expiry E (= IRQ sample ts - IRQ latency), that add up exactly:
 *
 *   previous_irq + irq_handler_delay	E .. start of the timerlat IRQ (S)
 *   timerlat_irq			the timerlat IRQ's own net duration
 *   blocking				the thread running when the timer fired,
 *					net time after S
 *   nmi + irq + softirq + thread	interference after S, before the thread ran
 *   remainder				total - all of the above, as is (may be
 *					negative when events overlap)
 *
 * The total is the thread latency, or the IRQ latency when the thread did
 * not run (then only the IRQ-side parts are filled).
 */
#ifndef RTLENS_TIMERLAT_AA_H
#define RTLENS_TIMERLAT_AA_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "base/params.h"
#include "base/records.h"
#include "decode/softirq.h"
#include "analysis/source_table.h"

#define TIMERLAT_AA_MAX_EVENTS	256	/* noise events kept per CPU and period */
#define TIMERLAT_AA_MAX_SOURCES	16	/* named sources per part, then "other" */
#define TIMERLAT_AA_SYM_LEN		128

struct timerlat_aa;
struct timerlat_sources;
struct json_writer;

/*
 * The sources of a part are rows (struct source_row, source_table.h) of a
 * noise_kind: an IRQ (name:vector), a softirq, a thread, the NMIs; "other"
 * (of the kind of its first event) for the sources past the bound. total_ns is its summed
 * contribution, max_ns the largest single one.
 */

/* One part made of events: its total and where it came from. */
struct timerlat_aa_group {
	uint64_t		total_ns;
	int			nr_sources;
	struct source_row	sources[TIMERLAT_AA_MAX_SOURCES + 1];
};

struct timerlat_aa_blocking {
	bool		found;
	char		name[NOISE_NAME_LEN];
	int		pid;
	uint64_t	ns;		/* net run time after the timerlat IRQ began */
};

/* Kernel stack saved at the timerlat IRQ (-s): what the blocking thread ran. */
struct timerlat_aa_stack {
	int		depth;
	char		sym[STACK_MAX_DEPTH][TIMERLAT_AA_SYM_LEN];	/* or "0x<address>" */
	bool		known[STACK_MAX_DEPTH];		/* kallsyms named the frame */
};

struct timerlat_aa_result {
	int			cpu;
	uint64_t		seqnum;
	bool			thread_ran;	/* false: analysis of an IRQ latency */
	bool			irq_seen;	/* the IRQ sample of seqnum was seen */
	uint64_t		expiry_ns;	/* expected expiry, trace clock */
	uint64_t		irq_latency_ns;
	uint64_t		thread_latency_ns;	/* 0 when !thread_ran */
	bool			user_return;	/* -u: total is the return to user space */
	uint64_t		user_latency_ns;	/* when user_return */
	uint64_t		total_ns;	/* thread latency, or IRQ latency */

	/* before the timerlat IRQ */
	struct timerlat_aa_group	previous_irq;	/* IRQs/NMIs after E, ended before S */
	int64_t			irq_handler_delay_ns;	/* S - E - previous_irq */
	bool			exit_from_idle;
	/*
	 * the task the timerlat IRQ interrupted (its record's pid): the one
	 * that held interrupts off when the handler came late; pid -1 unknown,
	 * name from its thread events in the window, else "" until
	 * timerlat_aa_name_irq_task()
	 */
	struct {
		int		pid;
		char		name[NOISE_NAME_LEN];
	} irq_task;

	/* the timerlat IRQ and after */
	bool			timerlat_irq_found;	/* its irq_noise event seen */
	uint64_t		timerlat_irq_ns;
	struct timerlat_aa_blocking	blocking;
	struct timerlat_aa_stack	stack;
	struct timerlat_aa_group	nmi;
	struct timerlat_aa_group	irq;
	struct timerlat_aa_group	softirq;
	struct timerlat_aa_group	thread;

	int64_t			remainder_ns;	/* total - every part above */
	uint64_t		events_dropped;	/* lost to the per-CPU bound */
};

/* NULL when out of memory. */
struct timerlat_aa *timerlat_aa_new(int nr_cpus);
/* @r's irq_task named by @comm (the session reads it: no I/O here); "" keeps the pid alone */
void timerlat_aa_name_irq_task(struct timerlat_aa_result *r, const char *comm);
void timerlat_aa_free(struct timerlat_aa *aa);
/*
 * timerlat -u: a period ends at its return to user space (TIMERLAT_USER),
 * and the analysis explains that latency (user_return), whose parts are
 * the same, measured up to the return instead of the thread's wakeup.
 */
void timerlat_aa_set_user_return(struct timerlat_aa *aa);
/*
 * --aa: every latency explained from now on (a period that ends: its
 * thread sample, with -u its return to user space) is also summed into
 * @sources (timerlat_sources.h), but those that include a stop of rtlens
 * (self_ns), as the table leaves them out.
 */
void timerlat_aa_sum_into(struct timerlat_aa *aa, struct timerlat_sources *sources);
/* Takes every record kind; keeps what it needs, ignores CPUs >= nr_cpus. */
void timerlat_aa_feed(struct timerlat_aa *aa, const struct rtl_record *rec);
/*
 * Explains the CPU's last latency: the last thread sample, or the last IRQ
 * sample when its thread did not run. 0, or -1 when nothing is known.
 */
int timerlat_aa_explain(const struct timerlat_aa *aa, int cpu, struct timerlat_aa_result *out);
/* Sum of every part (total - remainder). */
int64_t timerlat_aa_parts_sum(const struct timerlat_aa_result *r);
/* "HI", "TIMER", ... "RCU"; NULL for an unknown vector (softirq.h). */
static inline const char *timerlat_aa_softirq_name(int vector)
{
	return softirq_name(vector);
}

/* rtla's auto-analysis block; @fmt: the frames kallsyms does not name. */
void timerlat_aa_print(FILE *out, const struct timerlat_aa_result *r, enum stack_format fmt);
/* "nmi", "irq", "softirq", "thread" (src/render/timerlat_aa_json.c) */
const char *noise_kind_name(enum noise_kind kind);
/* One object with every field (see src/render/timerlat_aa_json.c). */
void timerlat_aa_json(struct json_writer *w, const char *key, const struct timerlat_aa_result *r);

#endif
