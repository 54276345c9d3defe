/* SPDX-License-Identifier: GPL-2.0 */
/*
 * source_table - the sources of interference an analysis sums up: one row
 * per source (an IRQ by name and vector, a softirq, a thread by comm and
 * pid, the NMIs...), at most a bound of them, then one "other" row for the
 * sources past the bound. The osnoise analysis keeps one per CPU over the
 * run (struct source_row), the timerlat analysis one per part of a
 * latency (struct source_row).
 *
 * A thread is a source by its comm and pid, or, by_command, all the threads
 * of one command are one source: one row, which counts its pids (struct
 * source_pids) and names the pid of its longest event (its top pid). A
 * table remembers at most SOURCE_PIDS_MAX (row, pid) pairs: past them a
 * row's new pids are not counted (pids_over), its events and times are.
 */
#ifndef RTLENS_SOURCE_TABLE_H
#define RTLENS_SOURCE_TABLE_H

#include <stdbool.h>
#include <stdint.h>

#include "base/records.h"

/* Who a source is; kind is the analysis's (osnoise_cause_kind, noise_kind). */
struct source_id {
	int		kind;
	const char	*name;
	int		vector;		/* IRQ and softirq, else -1 */
	int		pid;		/* thread, else -1 */
	bool		by_command;	/* a thread: any pid of its comm */
};

struct source_row {
	int		kind;
	char		name[NOISE_NAME_LEN];
	int		vector;		/* IRQ and softirq, else -1 */
	int		pid;		/* thread, else -1; by_command: the top pid */
	bool		by_command;	/* the threads of one command */
	int		nr_pids;	/* the pids it holds: by_command, else 1 for a thread */
	bool		pids_over;	/* more pids than nr_pids: the table's set was full */
	int		vcpu;		/* a KVM vCPU thread: its id, else -1 */
	uint64_t	count;		/* events */
	uint64_t	total_ns;	/* summed */
	uint64_t	max_ns;		/* the largest one */
	uint64_t	samples;	/* the samples it took part in (source_row_in_sample) */
	uint64_t	sample_mark;	/* the last of them, the caller's id; 0: none */
};

bool source_id_equal(const struct source_id *a, const struct source_id *b);
/* Who @row is (its name stays @row's). */
void source_row_id(const struct source_row *row, struct source_id *id);
/* By kind, name, vector, pid: a stable order among equals. */
int source_id_cmp(const struct source_id *a, const struct source_id *b);

/* An empty row of (kind, name, vector, pid), not a vCPU, not by_command. */
void source_row_init(struct source_row *row, int kind, const char *name, int vector, int pid);
/* One more event of ns. */
void source_row_add(struct source_row *row, uint64_t ns);
/* @count more, of @total_ns in all, the longest @max_ns. */
void source_row_add_many(struct source_row *row, uint64_t count, uint64_t total_ns,
			 uint64_t max_ns);
/*
 * The row took part in the sample @sample (the caller's id of it, not 0,
 * a new one for each sample): counted once however many of its events the
 * sample holds (they come one sample after another).
 */
void source_row_in_sample(struct source_row *row, uint64_t sample);
/*
 * A by_command row: one more event of ns of thread @pid; @new_pid is
 * source_pids_add()'s answer (1: a pid the row had not, 0: one it had, -1:
 * not counted); its longest event names the top pid.
 */
void source_row_add_pid(struct source_row *row, int pid, int new_pid, uint64_t ns);

/*
 * The (row, pid) pairs a table has seen: a set, grown as needed up to
 * SOURCE_PIDS_MAX pairs (2 * SOURCE_PIDS_MAX slots of 8 bytes: 256 KiB),
 * however many pids come and go (PID churn on a CPU for weeks).
 */
#define SOURCE_PIDS_MAX		(1 << 14)

struct source_pids {
	uint64_t	*slots;		/* (row + 1) << 32 | pid; 0: empty */
	uint32_t	size;		/* a power of 2, or 0 */
	uint32_t	used;
};

/*
 * Adds (row, pid): 1 when it is new, 0 when it was there; -1 when it is new
 * but the set is full (SOURCE_PIDS_MAX) or out of memory: not counted.
 */
int source_pids_add(struct source_pids *set, int row, int pid);
void source_pids_free(struct source_pids *set);

/*
 * The row of @id among the *@n rows of @rows (room for @max + 1): found,
 * else a new row while fewer than @max are named, else the "other" row,
 * created of kind @other_kind at rows[max]. *@n counts the rows made. A
 * by_command row starts with no pid (pid -1, nr_pids 0).
 */
struct source_row *source_table_row(struct source_row *rows, int *n, int max,
				    const struct source_id *id, int other_kind);
/*
 * The @nr_add rows of @add summed into @rows (as source_table_row()):
 * counts and times added, the longest kept; a command's pids added up
 * (a pid in both counts twice: an upper bound).
 */
void source_table_merge(struct source_row *rows, int *n, int max, const struct source_row *add,
			int nr_add, int other_kind);
/* Largest total_ns first, then by source_id_cmp(). */
void source_table_sort(struct source_row *rows, int n);

#endif
