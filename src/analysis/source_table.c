// SPDX-License-Identifier: GPL-2.0
/*
 * source_table - the sources of interference an analysis sums up, bounded
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/source_table.h"

bool source_id_equal(const struct source_id *a, const struct source_id *b)
{
	return a->kind == b->kind && a->vector == b->vector &&
	       a->by_command == b->by_command && (a->by_command || a->pid == b->pid) &&
	       !strncmp(a->name, b->name, NOISE_NAME_LEN);
}

int source_id_cmp(const struct source_id *a, const struct source_id *b)
{
	int r;

	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	r = strcmp(a->name, b->name);
	if (r)
		return r;
	if (a->vector != b->vector)
		return a->vector < b->vector ? -1 : 1;
	return a->pid < b->pid ? -1 : a->pid > b->pid;
}

void source_row_init(struct source_row *row, int kind, const char *name, int vector, int pid)
{
	memset(row, 0, sizeof(*row));
	row->kind = kind;
	snprintf(row->name, sizeof(row->name), "%s", name);
	row->vector = vector;
	row->pid = pid;
	row->nr_pids = pid >= 0;
	row->vcpu = -1;
}

void source_row_add(struct source_row *row, uint64_t ns)
{
	source_row_add_many(row, 1, ns, ns);
}

void source_row_add_many(struct source_row *row, uint64_t count, uint64_t total_ns,
			 uint64_t max_ns)
{
	row->count += count;
	row->total_ns += total_ns;
	if (max_ns > row->max_ns)
		row->max_ns = max_ns;
}

void source_row_in_sample(struct source_row *row, uint64_t sample)
{
	if (row->sample_mark == sample)
		return;
	row->sample_mark = sample;
	row->samples++;
}

void source_row_add_pid(struct source_row *row, int pid, int new_pid, uint64_t ns)
{
	if (!row->count || ns > row->max_ns)
		row->pid = pid;
	row->nr_pids += new_pid > 0;
	row->pids_over |= new_pid < 0;
	source_row_add(row, ns);
}

static uint32_t pid_hash(uint64_t key, uint32_t size)
{
	return (uint32_t)((key * 0x9e3779b97f4a7c15ULL) >> 32) & (size - 1);
}

/* The slot of @key, or the empty one where it goes. */
static uint64_t *pid_slot(const struct source_pids *set, uint64_t key)
{
	uint32_t i = pid_hash(key, set->size);

	while (set->slots[i] && set->slots[i] != key)
		i = (i + 1) & (set->size - 1);
	return &set->slots[i];
}

/* Twice the room (64 slots at first); false out of memory. */
static bool pids_grow(struct source_pids *set)
{
	struct source_pids bigger = { .size = set->size ? set->size * 2 : 64 };
	uint32_t i;

	bigger.slots = calloc(bigger.size, sizeof(*bigger.slots));
	if (!bigger.slots)
		return false;
	for (i = 0; i < set->size; i++)
		if (set->slots[i])
			*pid_slot(&bigger, set->slots[i]) = set->slots[i];
	bigger.used = set->used;
	free(set->slots);
	*set = bigger;
	return true;
}

int source_pids_add(struct source_pids *set, int row, int pid)
{
	uint64_t key = (uint64_t)(row + 1) << 32 | (uint32_t)pid;
	uint64_t *slot;

	if (set->used >= SOURCE_PIDS_MAX)
		return *pid_slot(set, key) ? 0 : -1;
	/* at most half full: the probes stay short */
	if (2 * (set->used + 1) > set->size && !pids_grow(set))
		return set->size && *pid_slot(set, key) ? 0 : -1;
	slot = pid_slot(set, key);
	if (*slot)
		return 0;
	*slot = key;
	set->used++;
	return 1;
}

void source_pids_free(struct source_pids *set)
{
	free(set->slots);
	memset(set, 0, sizeof(*set));
}

void source_row_id(const struct source_row *row, struct source_id *id)
{
	id->kind = row->kind;
	id->name = row->name;
	id->vector = row->vector;
	id->pid = row->pid;
	id->by_command = row->by_command;
}

struct source_row *source_table_row(struct source_row *rows, int *n, int max,
				    const struct source_id *id, int other_kind)
{
	int named = *n < max ? *n : max;
	struct source_id known;
	int i;

	for (i = 0; i < named; i++) {
		source_row_id(&rows[i], &known);
		if (source_id_equal(id, &known))
			return &rows[i];
	}
	if (i == *n) {
		if (i < max && id->by_command) {
			source_row_init(&rows[i], id->kind, id->name, id->vector, -1);
			rows[i].by_command = true;
		} else if (i < max) {
			source_row_init(&rows[i], id->kind, id->name, id->vector, id->pid);
		} else
			source_row_init(&rows[i], other_kind, "other", -1, -1);
		(*n)++;
	}
	return &rows[i];
}

void source_table_merge(struct source_row *rows, int *n, int max, const struct source_row *add,
			int nr_add, int other_kind)
{
	for (int i = 0; i < nr_add; i++) {
		struct source_id id;
		struct source_row *row;

		source_row_id(&add[i], &id);
		row = source_table_row(rows, n, max, &id, other_kind);
		if (!row->count && !row->total_ns)	/* new: its pids are @add's */
			row->nr_pids = 0;
		if (row->by_command && (!row->count || add[i].max_ns > row->max_ns))
			row->pid = add[i].pid;
		row->nr_pids += add[i].nr_pids;
		row->pids_over |= add[i].pids_over;
		row->samples += add[i].samples;
		if (row->vcpu < 0)
			row->vcpu = add[i].vcpu;
		source_row_add_many(row, add[i].count, add[i].total_ns, add[i].max_ns);
	}
}

static int cmp_row(const void *a, const void *b)
{
	const struct source_row *x = a, *y = b;
	struct source_id ix, iy;

	if (x->total_ns != y->total_ns)
		return x->total_ns > y->total_ns ? -1 : 1;
	source_row_id(x, &ix);
	source_row_id(y, &iy);
	return source_id_cmp(&ix, &iy);
}

void source_table_sort(struct source_row *rows, int n)
{
	if (n > 1)
		qsort(rows, n, sizeof(rows[0]), cmp_row);
}
