// SPDX-License-Identifier: GPL-2.0
/*
 * source_journal - the sources' changes the tool's table does not count yet
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/source_journal.h"

static struct source_journal_entry *entry_at(const struct source_journal *j, int i)
{
	return &j->e[(j->first + i) % j->alloc];
}

/* The oldest change is final from now on. */
static void drop_oldest(struct source_journal *j)
{
	j->first = (j->first + 1) % j->alloc;
	j->nr--;
}

/* A change of @ns of a sample at @start_ns made final before the table counts it */
static void made_final_early(struct source_journal *j, uint64_t start_ns, uint64_t ns)
{
	j->unsure_ns += ns;
	if (start_ns > j->unsure_until)
		j->unsure_until = start_ns;
}

/* Room for one more: twice the ring, or, at the bound, the oldest made final. */
static bool make_room(struct source_journal *j)
{
	struct source_journal_entry *grown;
	int alloc, i;

	if (j->nr < j->alloc)
		return true;
	if (j->alloc >= SOURCE_JOURNAL_MAX) {
		made_final_early(j, entry_at(j, 0)->start_ns, entry_at(j, 0)->ns);
		drop_oldest(j);
		return true;
	}
	alloc = j->alloc ? j->alloc * 2 : 64;
	grown = malloc((size_t)alloc * sizeof(*grown));
	if (!grown)
		return false;
	for (i = 0; i < j->nr; i++)
		grown[i] = *entry_at(j, i);
	free(j->e);
	j->e = grown;
	j->alloc = alloc;
	j->first = 0;
	return true;
}

void source_journal_note(struct source_journal *j, uint64_t start_ns, int id,
			 const struct source_row *before, uint64_t ns, uint64_t samples)
{
	struct source_journal_entry *e;

	if (start_ns < j->settled_ns)
		return;
	if (!make_room(j)) {
		made_final_early(j, start_ns, ns);
		return;
	}
	e = entry_at(j, j->nr++);
	e->start_ns = start_ns;
	e->ns = ns;
	e->samples = samples;
	e->id = id;
	e->before = *before;
}

void source_journal_settle(struct source_journal *j, uint64_t ns)
{
	if (ns <= j->settled_ns)
		return;
	j->settled_ns = ns;
	while (j->nr && entry_at(j, 0)->start_ns < ns)
		drop_oldest(j);
	/* the table counts past every change made final early: none is unsure */
	if (j->unsure_until < ns)
		j->unsure_ns = 0;
}

uint64_t source_journal_undo(const struct source_journal *j, struct source_row **rows,
			     int nr_ids)
{
	uint64_t samples = 0;

	for (int i = j->nr - 1; i >= 0; i--) {
		const struct source_journal_entry *e = entry_at(j, i);

		if (e->id >= 0 && e->id < nr_ids && rows[e->id])
			*rows[e->id] = e->before;
		samples += e->samples;
	}
	return samples;
}

void source_journal_clear(struct source_journal *j)
{
	j->first = 0;
	j->nr = 0;
	j->unsure_ns = 0;
	j->unsure_until = 0;
}

void source_journal_free(struct source_journal *j)
{
	free(j->e);
	memset(j, 0, sizeof(*j));
}
