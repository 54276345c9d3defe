// SPDX-License-Identifier: GPL-2.0
/*
 * file_cursor - a trace.dat's records across its CPUs in time order: each
 * CPU's next record held, the earliest handed out (file_parts.h). Each CPU
 * starts at its first record (tracecmd_read_cpu_first()), so a cursor reads
 * from the start whatever read the file before: a first pass for the stop
 * thresholds, the per-CPU pages.
 */
#include <stdlib.h>

#include "base/log.h"
#include "source/engine/file_parts.h"
#include "source/recording/recording.h"

int file_cursor_init(struct file_cursor *c, struct tracecmd_input *h,
		     const struct cpu_mask *cpus)
{
	c->h = h;
	c->cpus = cpus;
	c->nr = tracecmd_cpus(h);
	c->head = c->nr > 0 ? calloc(c->nr, sizeof(*c->head)) : NULL;
	if (c->nr > 0 && !c->head) {
		err_msg("out of memory");
		return -1;
	}
	return 0;
}

static void drop_heads(struct file_cursor *c)
{
	int cpu;

	for (cpu = 0; cpu < c->nr; cpu++) {
		tracecmd_free_record(c->head[cpu]);
		c->head[cpu] = NULL;
	}
}

void file_cursor_rewind(struct file_cursor *c)
{
	int cpu;

	drop_heads(c);
	for (cpu = 0; cpu < c->nr; cpu++)
		if (!c->cpus || cpu_mask_test(c->cpus, cpu))
			c->head[cpu] = tracecmd_read_cpu_first(c->h, cpu);
}

struct tep_record *file_cursor_next(struct file_cursor *c, int *cpu)
{
	struct tep_record *r;
	int i, next = -1;

	for (i = 0; i < c->nr; i++)
		if (c->head[i] && (next < 0 || c->head[i]->ts < c->head[next]->ts))
			next = i;
	if (next < 0)
		return NULL;
	r = c->head[next];
	c->head[next] = tracecmd_read_data(c->h, next);
	*cpu = next;
	return r;
}

void file_cursor_free(struct file_cursor *c)
{
	if (c->head)
		drop_heads(c);
	free(c->head);
	c->head = NULL;
	c->nr = 0;
}
