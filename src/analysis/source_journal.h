/* SPDX-License-Identifier: GPL-2.0 */
/*
 * source_journal - the changes made to a table of sources (source_table.h)
 * by the samples that the tool's table does not count yet, so that a copy
 * of the sources can be taken back to what that table covers.
 *
 * osnoise's table is the tracer's per-period summaries: a period counts
 * once its summary comes, and the period a stop (a threshold, Ctrl-C, the
 * duration) cuts short never does. The analysis explains samples as they
 * come. Each change to a row by a sample that started at or after the end
 * of the table's last period is noted with the row as it was before; when
 * the table counts further (source_journal_settle()), the changes before
 * that time are final. source_journal_undo() puts every row of a copy back
 * as it was before the first change not final: the copy then holds the
 * samples of the periods the table counts, and only them.
 *
 * Bounded: at most SOURCE_JOURNAL_MAX changes are kept; past them the
 * oldest is made final before its time, and its time is counted as
 * unsure until the table counts past it (then it was final anyway): at
 * the end, what is still unsure may lie past the table's last period.
 */
#ifndef RTLENS_SOURCE_JOURNAL_H
#define RTLENS_SOURCE_JOURNAL_H

#include <stdint.h>

#include "analysis/source_table.h"

#define SOURCE_JOURNAL_MAX	4096	/* changes kept, 100 bytes each */

struct source_journal_entry {
	uint64_t		start_ns;	/* the sample's */
	uint64_t		ns;		/* the time the change added */
	uint64_t		samples;	/* the samples it was the first change of */
	int			id;		/* the row's, the caller's numbering */
	struct source_row	before;
};

struct source_journal {
	struct source_journal_entry	*e;	/* a ring, oldest first */
	int				first, nr, alloc;
	uint64_t			settled_ns;	/* the table counts the samples before it */
	uint64_t			unsure_ns;	/* made final before their time */
	uint64_t			unsure_until;	/* the latest start among them */
};

/*
 * Row @id (as it is, before the change) is about to get @ns more from a
 * sample that started at @start_ns, the first change of @samples samples
 * (0: of none, the sample changed rows before): noted unless the table
 * already counts that time. Out of memory: not noted, counted as unsure.
 */
void source_journal_note(struct source_journal *j, uint64_t start_ns, int id,
			 const struct source_row *before, uint64_t ns, uint64_t samples);
/* The table counts the samples before @ns: the changes they made are final. */
void source_journal_settle(struct source_journal *j, uint64_t ns);
/*
 * Every row @rows[id] (@nr_ids of them; NULL: none) as it was before the
 * changes not final, newest undone first. Returns the samples those
 * changes opened: not counted by the table yet.
 */
uint64_t source_journal_undo(const struct source_journal *j, struct source_row **rows,
			     int nr_ids);
/* The changes all forgotten, and the unsure time (the tables start over); the settled time kept. */
void source_journal_clear(struct source_journal *j);
void source_journal_free(struct source_journal *j);

#endif
