// SPDX-License-Identifier: GPL-2.0
/*
 * vcpu_host_sum - segments of a vCPU thread summed, each cut to a window:
 * the time of each state, the exits by reason (an exit's segments come in
 * a row, so each is summed whole before the next), the tasks, IRQs and
 * softirqs; and a sum as vcpu_host.h gives it, the largest rows first
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/vcpu_host_parts.h"

static void table_add(struct vh_table *t, uint16_t id, uint64_t ns)
{
	struct vh_slot *s = NULL;
	int i;

	for (i = 0; i < t->nr && !s; i++)
		if (t->slot[i].id == id)
			s = &t->slot[i];
	if (!s && id != VH_OTHER && t->nr < VH_SLOTS) {
		s = &t->slot[t->nr++];
		s->id = id;
	}
	if (!s)
		s = &t->slot[VH_SLOTS];
	s->count++;
	s->ns += ns;
}

static struct vh_reason *reason_slot(struct vh_sum *s, uint16_t id)
{
	struct vh_reason *r;
	int i;

	for (i = 0; i < s->nr_reasons; i++)
		if (s->reasons[i].id == id)
			return &s->reasons[i];
	if (id == VH_OTHER || s->nr_reasons == VH_SLOTS)
		return &s->reasons[VH_SLOTS];
	r = &s->reasons[s->nr_reasons++];
	r->id = id;
	return r;
}

static void reason_add(struct vh_reason *to, const struct vh_reason *r)
{
	to->count += r->count;
	to->heavy += r->heavy;
	to->total += r->total;
	to->heavy_ns += r->heavy_ns;
	to->vmm += r->vmm;
	to->preempted += r->preempted;
	to->sleep += r->sleep;
	if (r->max > to->max)
		to->max = r->max;
}

void vh_sum_end(struct vh_sum *s)
{
	struct vh_reason *c = &s->cur;

	if (!s->cur_exit)
		return;
	c->count = 1;
	c->max = c->total - c->sleep;
	if (c->heavy)
		c->heavy_ns = c->total;
	reason_add(reason_slot(s, c->id), c);
	s->exits++;
	s->heavy_exits += c->heavy;
	s->heavy_ns += c->heavy_ns;
	s->light_ns += c->total - c->heavy_ns;
	memset(c, 0, sizeof(*c));
	s->cur_exit = 0;
}

static void exit_add(struct vh_sum *s, const struct vh_seg *g, uint64_t ns)
{
	if (g->exit != s->cur_exit) {
		vh_sum_end(s);
		s->cur_exit = g->exit;
		s->cur.id = g->reason;
	}
	s->cur.total += ns;
	if (g->flags & SEG_HEAVY)
		s->cur.heavy = 1;
	if (g->kind == SEG_VMM)
		s->cur.vmm += ns;
	else if (g->kind == SEG_PREEMPTED)
		s->cur.preempted += ns;
	else if (g->kind == SEG_SLEEP)
		s->cur.sleep += ns;
}

void vh_sum_add(struct vh_sum *s, const struct vh_seg *g, uint64_t t0, uint64_t t1)
{
	uint64_t a = g->start > t0 ? g->start : t0;
	uint64_t b = g->end < t1 ? g->end : t1;

	if (b <= a)
		return;
	if (g->kind == SEG_IRQ) {
		table_add(&s->irqs, g->what, b - a);
		return;
	}
	if (g->kind == SEG_SOFTIRQ) {
		table_add(&s->softirqs, g->what, b - a);
		return;
	}
	s->state_ns[g->kind] += b - a;
	if (g->kind == SEG_PREEMPTED)
		table_add(&s->tasks, g->what, b - a);
	if (g->exit)
		exit_add(s, g, b - a);
}

/* ---- out ---- */

static int cmp_slot(const void *a, const void *b)
{
	const struct vh_slot *x = a, *y = b;

	if (x->ns != y->ns)
		return x->ns > y->ns ? -1 : 1;
	return x->id < y->id ? -1 : x->id > y->id;
}

static int cmp_reason(const void *a, const void *b)
{
	const struct vh_reason *x = a, *y = b;

	if (x->total != y->total)
		return x->total > y->total ? -1 : 1;
	return x->id < y->id ? -1 : x->id > y->id;
}

/* @t's largest VCPU_HOST_TOP into @rows, then the rest as one; how many */
static int table_rows(const struct vh_table *t, struct vh_slot *rows)
{
	struct vh_slot all[VH_SLOTS], other = t->slot[VH_SLOTS];
	int i, n = t->nr < VCPU_HOST_TOP ? t->nr : VCPU_HOST_TOP;

	memcpy(all, t->slot, t->nr * sizeof(all[0]));
	qsort(all, t->nr, sizeof(all[0]), cmp_slot);
	memcpy(rows, all, n * sizeof(all[0]));
	for (i = n; i < t->nr; i++) {
		other.count += all[i].count;
		other.ns += all[i].ns;
	}
	other.id = VH_OTHER;
	if (other.count)
		rows[n++] = other;
	return n;
}

/* @t's rows, named from @names */
static int rows_out(const struct vh_name *names, const struct vh_table *t,
		    struct vcpu_host_row *out)
{
	struct vh_slot rows[VCPU_HOST_TOP + 1];
	int i, n = table_rows(t, rows);

	for (i = 0; i < n; i++) {
		const struct vh_name *name = rows[i].id == VH_OTHER ? NULL : &names[rows[i].id];

		snprintf(out[i].name, sizeof(out[i].name), "%s", name ? name->name : "other");
		out[i].id = name ? name->id : -1;
		out[i].count = rows[i].count;
		out[i].ns = rows[i].ns;
	}
	return n;
}

static void table_total(const struct vh_table *t, uint64_t *count, uint64_t *ns)
{
	int i;

	*count = t->slot[VH_SLOTS].count;
	*ns = t->slot[VH_SLOTS].ns;
	for (i = 0; i < t->nr; i++) {
		*count += t->slot[i].count;
		*ns += t->slot[i].ns;
	}
}

static void reason_out(const struct vcpu_host *vh, const struct vh_reason *r,
		       struct vcpu_exit_time *out)
{
	snprintf(out->reason, sizeof(out->reason), "%s",
		 r->id == VH_OTHER ? "other" : vh->names[r->id].name);
	out->count = r->count;
	out->heavy = r->heavy;
	out->total_ns = r->total;
	out->heavy_ns = r->heavy_ns;
	out->vmm_ns = r->vmm;
	out->preempted_ns = r->preempted;
	out->sleep_ns = r->sleep;
	out->max_ns = r->max;
}

static int reasons_out(const struct vcpu_host *vh, const struct vh_sum *s,
		       struct vcpu_exit_time *out)
{
	struct vh_reason all[VH_SLOTS], other = s->reasons[VH_SLOTS];
	int i, n = s->nr_reasons < VCPU_HOST_TOP ? s->nr_reasons : VCPU_HOST_TOP;

	memcpy(all, s->reasons, s->nr_reasons * sizeof(all[0]));
	qsort(all, s->nr_reasons, sizeof(all[0]), cmp_reason);
	for (i = 0; i < n; i++)
		reason_out(vh, &all[i], &out[i]);
	for (i = n; i < s->nr_reasons; i++)
		reason_add(&other, &all[i]);
	other.id = VH_OTHER;
	if (other.count)
		reason_out(vh, &other, &out[n++]);
	return n;
}

void vh_sum_out(const struct vcpu_host *vh, const struct vh_sum *s, uint64_t t0, uint64_t t1,
		struct vcpu_host_breakdown *out)
{
	uint64_t covered = 0;
	int k;

	out->start_ns = t0;
	out->end_ns = t1;
	out->guest_ns = s->state_ns[SEG_GUEST];
	out->exit_ns = s->state_ns[SEG_EXIT];
	out->vmm_ns = s->state_ns[SEG_VMM];
	out->preempted_ns = s->state_ns[SEG_PREEMPTED];
	out->sleep_ns = s->state_ns[SEG_SLEEP];
	for (k = 0; k < SEG_STATES; k++)
		covered += s->state_ns[k];
	out->unknown_ns = t1 - t0 > covered ? t1 - t0 - covered : 0;
	out->exits = s->exits;
	out->heavy_exits = s->heavy_exits;
	out->light_ns = s->light_ns;
	out->heavy_ns = s->heavy_ns;
	out->nr_reasons = reasons_out(vh, s, out->reasons);
	out->nr_tasks = rows_out(vh->tasks, &s->tasks, out->tasks);
	out->nr_irqs = rows_out(vh->names, &s->irqs, out->irqs);
	out->nr_softirqs = rows_out(vh->names, &s->softirqs, out->softirqs);
	table_total(&s->irqs, &out->irq_count, &out->irq_ns);
	table_total(&s->softirqs, &out->softirq_count, &out->softirq_ns);
}
