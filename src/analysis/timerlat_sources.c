// SPDX-License-Identifier: GPL-2.0
/*
 * timerlat_sources - the sources of timer latency over a whole run
 *
 * A latency comes cut into parts (struct timerlat_aa_result); here each
 * part becomes a source (struct source_id), the parts that add up to more
 * than the latency are cut back, outer first, and what is left goes to the
 * rows of the CPU's table, one addition per row and latency.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/noise_event.h"
#include "analysis/timerlat_sources.h"

/* the groups of events of a result, then blocking, the delay, the IRQ */
#define NR_GROUPS	5
#define MAX_PARTS	(NR_GROUPS * (TIMERLAT_AA_MAX_SOURCES + 1) + 3)

struct tl_sources_cpu {
	int			nr_rows;
	struct source_row	rows[TIMERLAT_SOURCES_LEN];
	struct source_pids	pids;		/* of the rows by command */
	struct timerlat_sources_sum	sum;	/* but not_explained_ns */
	bool			has_worst;	/* worst: the largest since it was taken */
	struct timerlat_breakdown	worst;
};

struct timerlat_sources {
	int			nr_cpus;
	uint64_t		floor_ns;
	struct tl_sources_cpu	**cpu;		/* allocated on first use */
};

/* One part of a latency: whose, how much of it is left */
struct tl_part {
	struct source_id	id;
	uint64_t		ns;
};

/* A row's share of one latency */
struct tl_slot {
	struct source_row	*row;
	uint64_t		ns;
	int			pid;		/* by command: the thread of the most */
	uint64_t		pid_ns;
};

const char *timerlat_source_kind_name(int kind)
{
	static const char *const names[] = {
		[TL_SOURCE_NMI] = "nmi", [TL_SOURCE_IRQ] = "irq",
		[TL_SOURCE_SOFTIRQ] = "softirq", [TL_SOURCE_THREAD] = "thread",
		[TL_SOURCE_BLOCKING] = "blocking", [TL_SOURCE_IRQ_DELAY] = "irq_handler_delay",
		[TL_SOURCE_IDLE_EXIT] = "exit_from_idle",
		[TL_SOURCE_TIMERLAT_IRQ] = "timerlat_irq", [TL_SOURCE_OTHER] = "other",
		[TL_SOURCE_NOT_EXPLAINED] = "not_explained",
	};

	if (kind < 0 || kind >= (int)(sizeof(names) / sizeof(names[0])))
		return "unknown";
	return names[kind];
}

struct timerlat_sources *timerlat_sources_new(int nr_cpus, uint64_t floor_ns)
{
	struct timerlat_sources *s;

	if (nr_cpus <= 0)
		return NULL;
	s = calloc(1, sizeof(*s));
	if (!s)
		return NULL;
	s->cpu = calloc(nr_cpus, sizeof(*s->cpu));
	if (!s->cpu) {
		free(s);
		return NULL;
	}
	s->nr_cpus = nr_cpus;
	s->floor_ns = floor_ns;
	return s;
}

void timerlat_sources_free(struct timerlat_sources *s)
{
	if (!s)
		return;
	for (int cpu = 0; cpu < s->nr_cpus; cpu++) {
		if (s->cpu[cpu])
			source_pids_free(&s->cpu[cpu]->pids);
		free(s->cpu[cpu]);
	}
	free(s->cpu);
	free(s);
}

uint64_t timerlat_sources_floor_ns(const struct timerlat_sources *s)
{
	return s ? s->floor_ns : 0;
}

void timerlat_sources_reset(struct timerlat_sources *s)
{
	for (int cpu = 0; s && cpu < s->nr_cpus; cpu++) {
		struct tl_sources_cpu *c = s->cpu[cpu];

		if (!c)
			continue;
		source_pids_free(&c->pids);
		memset(c, 0, sizeof(*c));
	}
}

/* ---- a latency's parts ---- */

static int kind_of_event(int noise_kind)
{
	switch (noise_kind) {
	case NOISE_NMI:
		return TL_SOURCE_NMI;
	case NOISE_IRQ:
		return TL_SOURCE_IRQ;
	case NOISE_SOFTIRQ:
		return TL_SOURCE_SOFTIRQ;
	default:
		return TL_SOURCE_THREAD;
	}
}

static void add_part(struct tl_part *parts, int *n, int kind, const char *name, int vector,
		     int pid, uint64_t ns)
{
	struct tl_part *p = &parts[(*n)++];

	p->id = (struct source_id) {
		.kind = kind, .name = name, .vector = vector, .pid = pid,
		.by_command = kind == TL_SOURCE_THREAD || kind == TL_SOURCE_BLOCKING,
	};
	p->ns = ns;
}

/* the sources of a group, each a part; those past the group's bound are "other" */
static void group_parts(const struct timerlat_aa_group *g, struct tl_part *parts, int *n)
{
	for (int i = 0; i < g->nr_sources; i++) {
		const struct source_row *src = &g->sources[i];

		if (i == TIMERLAT_AA_MAX_SOURCES)
			add_part(parts, n, TL_SOURCE_OTHER, "other", -1, -1, src->total_ns);
		else
			add_part(parts, n, kind_of_event(src->kind), src->name, src->vector,
				 src->pid, src->total_ns);
	}
}

/* every part of @r; how many */
static int latency_parts(const struct timerlat_aa_result *r, struct tl_part *parts)
{
	const struct timerlat_aa_group *groups[NR_GROUPS] = {
		&r->previous_irq, &r->nmi, &r->irq, &r->softirq, &r->thread,
	};
	int n = 0;

	for (int i = 0; i < NR_GROUPS; i++)
		group_parts(groups[i], parts, &n);
	if (r->blocking.found)
		add_part(parts, &n, TL_SOURCE_BLOCKING, r->blocking.name, -1, r->blocking.pid,
			 r->blocking.ns);
	if (r->irq_handler_delay_ns > 0 && r->exit_from_idle)
		add_part(parts, &n, TL_SOURCE_IDLE_EXIT, "exit from idle", -1, -1,
			 (uint64_t)r->irq_handler_delay_ns);
	else if (r->irq_handler_delay_ns > 0)
		add_part(parts, &n, TL_SOURCE_IRQ_DELAY, "IRQ handler delay", -1, -1,
			 (uint64_t)r->irq_handler_delay_ns);
	add_part(parts, &n, TL_SOURCE_TIMERLAT_IRQ, "timerlat IRQ", -1, -1, r->timerlat_irq_ns);
	return n;
}

/* Outer first: a thread's time may hold a softirq, which may hold an IRQ, then an NMI */
static const int outer_first[] = {
	TL_SOURCE_THREAD, TL_SOURCE_BLOCKING, TL_SOURCE_SOFTIRQ, TL_SOURCE_IRQ, TL_SOURCE_NMI,
	TL_SOURCE_OTHER, TL_SOURCE_IRQ_DELAY, TL_SOURCE_IDLE_EXIT, TL_SOURCE_TIMERLAT_IRQ,
};

/* the part of @kind with the most time left, or -1 */
static int largest_of(const struct tl_part *parts, int n, int kind)
{
	int best = -1;

	for (int i = 0; i < n; i++)
		if (parts[i].id.kind == kind && parts[i].ns &&
		    (best < 0 || parts[i].ns > parts[best].ns))
			best = i;
	return best;
}

/* the parts add up to @excess more than the latency: cut back, outer first */
static void count_once(struct tl_part *parts, int n, uint64_t excess)
{
	for (size_t k = 0; excess && k < sizeof(outer_first) / sizeof(outer_first[0]); k++) {
		int i;

		while (excess && (i = largest_of(parts, n, outer_first[k])) >= 0) {
			uint64_t take = min_u64(excess, parts[i].ns);

			parts[i].ns -= take;
			excess -= take;
		}
	}
}

static uint64_t parts_sum(const struct tl_part *parts, int n)
{
	uint64_t sum = 0;

	for (int i = 0; i < n; i++)
		sum += parts[i].ns;
	return sum;
}

/* ---- the table ---- */

static struct tl_sources_cpu *cpu_state(struct timerlat_sources *s, int cpu)
{
	if (!s || cpu < 0 || cpu >= s->nr_cpus)
		return NULL;
	if (!s->cpu[cpu])
		s->cpu[cpu] = calloc(1, sizeof(*s->cpu[cpu]));
	return s->cpu[cpu];
}

/* the slot of @row among the *@n of this latency, made when new */
static struct tl_slot *slot_of(struct tl_slot *slots, int *n, struct source_row *row)
{
	int i;

	for (i = 0; i < *n && slots[i].row != row; i++)
		;
	if (i == *n)
		slots[(*n)++] = (struct tl_slot){ .row = row, .pid = -1 };
	return &slots[i];
}

/* @part to its row's slot; a command's row counts the part's pid */
static void part_to_slot(struct tl_sources_cpu *c, const struct tl_part *part,
			 struct tl_slot *slots, int *n)
{
	struct source_row *row = source_table_row(c->rows, &c->nr_rows, TIMERLAT_SOURCES_MAX,
						  &part->id, TL_SOURCE_OTHER);
	struct tl_slot *slot = slot_of(slots, n, row);
	int new_pid;

	slot->ns += part->ns;
	if (!row->by_command)
		return;
	new_pid = source_pids_add(&c->pids, (int)(row - c->rows), part->id.pid);
	row->nr_pids += new_pid > 0;
	row->pids_over |= new_pid < 0;
	if (part->ns > slot->pid_ns) {
		slot->pid = part->id.pid;
		slot->pid_ns = part->ns;
	}
}

static void parts_to_table(struct tl_sources_cpu *c, const struct tl_part *parts, int n)
{
	struct tl_slot slots[MAX_PARTS];
	int nr_slots = 0;

	for (int i = 0; i < n; i++)
		if (parts[i].ns)
			part_to_slot(c, &parts[i], slots, &nr_slots);
	for (int i = 0; i < nr_slots; i++) {
		if (slots[i].row->by_command)	/* its pids counted above */
			source_row_add_pid(slots[i].row, slots[i].pid, 0, slots[i].ns);
		else
			source_row_add(slots[i].row, slots[i].ns);
	}
}

/* every part of @r, the excess taken out; how many */
static int counted_parts(const struct timerlat_aa_result *r, struct tl_part *parts)
{
	int n = latency_parts(r, parts);
	uint64_t sum = parts_sum(parts, n);

	if (sum > r->total_ns)
		count_once(parts, n, sum - r->total_ns);
	return n;
}

/* @r, the largest latency of its CPU so far, as the live screen shows it */
static void keep_worst(struct tl_sources_cpu *c, const struct timerlat_aa_result *r)
{
	struct timerlat_breakdown *b = &c->worst;
	struct tl_part parts[MAX_PARTS];
	int n = counted_parts(r, parts);

	*b = (struct timerlat_breakdown){
		.cpu = r->cpu, .expiry_ns = r->expiry_ns, .total_ns = r->total_ns,
		.irq_latency_ns = r->irq_latency_ns, .thread_latency_ns = r->thread_latency_ns,
		.user_return = r->user_return,
	};
	for (int i = 0; i < n; i++) {
		struct source_row *row;

		if (!parts[i].ns)
			continue;
		row = source_table_row(b->parts, &b->nr_parts, TL_BREAKDOWN_PARTS,
				       &parts[i].id, TL_SOURCE_OTHER);
		if (row->by_command)
			source_row_add_pid(row, parts[i].id.pid, 1, parts[i].ns);
		else
			source_row_add(row, parts[i].ns);
	}
	source_table_sort(b->parts, b->nr_parts);
	b->not_explained_ns = r->total_ns - parts_sum(parts, n);
	c->has_worst = true;
}

bool timerlat_sources_take_worst(struct timerlat_sources *s, int cpu,
				 struct timerlat_breakdown *out)
{
	struct tl_sources_cpu *c = cpu_state(s, cpu);

	if (!c || !c->has_worst)
		return false;
	*out = c->worst;
	c->has_worst = false;
	return true;
}

void timerlat_sources_add(struct timerlat_sources *s, const struct timerlat_aa_result *r)
{
	struct tl_sources_cpu *c = r->thread_ran ? cpu_state(s, r->cpu) : NULL;
	struct tl_part parts[MAX_PARTS];
	int n;

	if (!c)
		return;
	c->sum.latencies++;
	if (!c->has_worst || r->total_ns > c->worst.total_ns)
		keep_worst(c, r);
	if (r->total_ns < s->floor_ns)
		return;
	n = counted_parts(r, parts);
	parts_to_table(c, parts, n);
	c->sum.counted++;
	c->sum.total_ns += r->total_ns;
	c->sum.sources_ns += parts_sum(parts, n);
	c->sum.events_dropped += r->events_dropped;
}

/* ---- queries ---- */

static const struct tl_sources_cpu *cpu_get(const struct timerlat_sources *s, int cpu)
{
	if (!s || cpu < 0 || cpu >= s->nr_cpus)
		return NULL;
	return s->cpu[cpu];
}

int timerlat_sources_table(const struct timerlat_sources *s, int cpu, struct source_row *out,
			   int max)
{
	const struct tl_sources_cpu *c = cpu_get(s, cpu);
	struct source_row all[TIMERLAT_SOURCES_LEN];
	int n;

	if (!c || max <= 0)
		return 0;
	n = c->nr_rows;
	memcpy(all, c->rows, n * sizeof(all[0]));
	source_table_sort(all, n);
	if (n > max)
		n = max;
	memcpy(out, all, n * sizeof(*out));
	return n;
}

void timerlat_sources_sum(const struct timerlat_sources *s, int cpu,
			  struct timerlat_sources_sum *out)
{
	const struct tl_sources_cpu *c = cpu_get(s, cpu);

	memset(out, 0, sizeof(*out));
	if (!c)
		return;
	*out = c->sum;
	out->not_explained_ns = c->sum.total_ns - c->sum.sources_ns;
}

void timerlat_sources_unexplained_row(const struct timerlat_sources *s, int cpu,
				      struct source_row *row)
{
	struct timerlat_sources_sum sum;

	timerlat_sources_sum(s, cpu, &sum);
	memset(row, 0, sizeof(*row));
	row->kind = TL_SOURCE_NOT_EXPLAINED;
	snprintf(row->name, sizeof(row->name), "not explained");
	row->vector = row->pid = row->vcpu = -1;
	row->count = sum.counted;
	row->total_ns = sum.not_explained_ns;
}
