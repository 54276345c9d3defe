/* SPDX-License-Identifier: GPL-2.0 */
/*
 * timerlat_sources - the sources of timer latency over a whole run (timerlat
 * --aa): each latency timerlat_aa explains, of at least a floor, is cut into
 * its parts (timerlat_aa.h) and each part is summed into its CPU's table of
 * sources (source_table.h). Per CPU, exactly:
 *
 *   total = sum(sources) + not explained,	not explained >= 0
 *
 * total: the latencies counted (the thread latency; with -u the return to
 * user space), summed. The sources: the IRQs, softirqs, NMIs and threads
 * that ran after the expiry (an IRQ before the timerlat IRQ and one after
 * it are one source), the thread that blocked the timerlat thread
 * (blocking), and the latency's own steps: the IRQ handler delay (exit from
 * idle when the CPU was idle) and the timerlat IRQ. Not explained: the
 * rest (the wakeup and the context switch, events lost).
 *
 * When a latency's parts add up to more than it (events that overlap or run
 * past the thread's wakeup), the excess is taken from the outer parts first
 * (threads, blocking, softirqs, IRQs, NMIs, the sources a part had past its
 * own bound, then the handler delay and the timerlat IRQ), the largest
 * first among those of a kind: each moment counts once, in the innermost.
 * A negative handler delay counts as 0.
 *
 * A row's count is the latencies it was part of; its max the most it took
 * of one. The threads of one command are one row (source_table.h).
 */
#ifndef RTLENS_TIMERLAT_SOURCES_H
#define RTLENS_TIMERLAT_SOURCES_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "analysis/source_table.h"
#include "analysis/timerlat_aa.h"

#define TIMERLAT_SOURCES_MAX	64	/* named sources per CPU, then "other" */
#define TIMERLAT_SOURCES_LEN	(TIMERLAT_SOURCES_MAX + 1)

/* The kind of a row (struct source_row.kind) */
enum timerlat_source_kind {
	TL_SOURCE_NMI,
	TL_SOURCE_IRQ,
	TL_SOURCE_SOFTIRQ,
	TL_SOURCE_THREAD,
	TL_SOURCE_BLOCKING,	/* the thread running when the timer fired */
	TL_SOURCE_IRQ_DELAY,	/* the timerlat IRQ's handler started late */
	TL_SOURCE_IDLE_EXIT,	/* the same, the CPU idle */
	TL_SOURCE_TIMERLAT_IRQ,	/* the timerlat IRQ itself */
	TL_SOURCE_OTHER,	/* the sources past the bound */
	TL_SOURCE_NOT_EXPLAINED, /* the live pane's row of what no event explains */
};

struct timerlat_sources;
struct json_writer;

/* What a CPU's table covers, and what it leaves */
struct timerlat_sources_sum {
	uint64_t	latencies;		/* explained (since a reset) */
	uint64_t	counted;		/* of those, at least the floor */
	uint64_t	total_ns;		/* the counted ones, summed */
	uint64_t	sources_ns;		/* the table's rows, summed */
	uint64_t	not_explained_ns;	/* total_ns - sources_ns, never below 0 */
	uint64_t	events_dropped;		/* lost to timerlat_aa's bound, in them */
};

/*
 * One latency cut into its parts as the table counts them (the excess
 * taken out, outer first): the live screen's worst latency of a window.
 * total = sum(parts) + not explained.
 */
#define TL_BREAKDOWN_PARTS	6	/* the largest parts, then "other" */

struct timerlat_breakdown {
	int			cpu;
	uint64_t		expiry_ns;	/* trace clock */
	uint64_t		total_ns;	/* the thread latency (-u: the return to user) */
	uint64_t		irq_latency_ns;
	uint64_t		thread_latency_ns;
	bool			user_return;
	int			nr_parts;	/* largest first */
	struct source_row	parts[TL_BREAKDOWN_PARTS + 1];
	uint64_t		not_explained_ns;
};

/* floor_ns: the shortest latency counted. NULL when out of memory. */
struct timerlat_sources *timerlat_sources_new(int nr_cpus, uint64_t floor_ns);
void timerlat_sources_free(struct timerlat_sources *s);
uint64_t timerlat_sources_floor_ns(const struct timerlat_sources *s);
/* One more explained latency (thread_ran: else ignored) of r->cpu. */
void timerlat_sources_add(struct timerlat_sources *s, const struct timerlat_aa_result *r);
/*
 * The largest latency of @cpu since the last call (of any length, the
 * floor aside), cut into its parts: false when none came.
 */
bool timerlat_sources_take_worst(struct timerlat_sources *s, int cpu,
				 struct timerlat_breakdown *out);
/* Starts every table over (the live screen's r). */
void timerlat_sources_reset(struct timerlat_sources *s);
/* cpu's rows by total_ns, largest first; how many (at most max). */
int timerlat_sources_table(const struct timerlat_sources *s, int cpu, struct source_row *out,
			   int max);
/* cpu's sums; all 0 for a CPU that had none. */
void timerlat_sources_sum(const struct timerlat_sources *s, int cpu,
			  struct timerlat_sources_sum *out);
/*
 * CPU @cpu's "not explained" as a row (TL_SOURCE_NOT_EXPLAINED), so that
 * the rows of the live pane add up to the latencies as the table's do.
 */
void timerlat_sources_unexplained_row(const struct timerlat_sources *s, int cpu,
				      struct source_row *row);
/*
 * "nmi", "irq", "softirq", "thread", "blocking", "irq_handler_delay",
 * "exit_from_idle", "timerlat_irq", "other", "not_explained".
 */
const char *timerlat_source_kind_name(int kind);

/*
 * CPU @cpu's table (src/render/timerlat_sources_text.c): its rows, "not
 * explained", a rule and the total, which the rows above it add up to;
 * user_return: the latencies are the returns to user space (-u).
 */
void timerlat_sources_print(FILE *out, int cpu, const struct source_row *table, int n,
			    const struct timerlat_sources_sum *sum, uint64_t floor_ns,
			    bool user_return);
/* See src/render/timerlat_sources_json.c for the shapes. */
void timerlat_sources_json_sources(struct json_writer *w, const char *key,
				   const struct source_row *table, int n);
void timerlat_sources_json_sum(struct json_writer *w, const struct timerlat_sources_sum *sum);

#endif
