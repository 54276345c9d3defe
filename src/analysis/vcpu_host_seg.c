// SPDX-License-Identifier: GPL-2.0
/*
 * vcpu_host_seg - a vCPU thread's state cut into segments: the open one (its
 * present state, since seg_start), closed when the state changes, kept in
 * the thread's ring and summed into its totals
 */
#include "analysis/vcpu_host_parts.h"

/* the kind of segment the present state makes, -1: unknown */
static int open_kind(const struct vh_vcpu *v)
{
	if (v->sched == SCHED_PREEMPTED)
		return SEG_PREEMPTED;
	if (v->sched == SCHED_SLEEP)
		return SEG_SLEEP;
	if (v->tcg)
		return SEG_GUEST;	/* emulating the guest is what it runs for */
	switch (v->guest) {
	case GUEST_IN:
		return SEG_GUEST;
	case GUEST_EXIT:
		return SEG_EXIT;
	case GUEST_VMM:
		return SEG_VMM;
	default:
		return -1;
	}
}

static bool in_exit(const struct vh_vcpu *v)
{
	return v->guest == GUEST_EXIT || v->guest == GUEST_VMM;
}

bool vh_open_seg(const struct vh_vcpu *v, uint64_t end, struct vh_seg *out)
{
	int kind = open_kind(v);

	if (kind < 0 || end <= v->seg_start)
		return false;
	out->start = v->seg_start;
	out->end = end;
	out->exit = in_exit(v) ? v->exit : 0;
	out->reason = out->exit ? v->reason : 0;
	out->what = kind == SEG_PREEMPTED ? v->preemptor : 0;
	out->kind = kind;
	out->flags = out->exit && v->heavy ? SEG_HEAVY : 0;
	return true;
}

void vh_close(struct vh_vcpu *v, uint64_t ts)
{
	struct vh_seg g;

	if (vh_open_seg(v, ts, &g))
		vh_push(v, &g);
	v->seg_start = ts;
}

static struct vh_seg *ring_at(struct vh_vcpu *v, int i)
{
	return &v->ring[(v->first + i) % v->ring_len];
}

const struct vh_seg *vh_ring_at(const struct vh_vcpu *v, int i)
{
	return &v->ring[(v->first + i) % v->ring_len];
}

void vh_push(struct vh_vcpu *v, const struct vh_seg *g)
{
	if (v->nr == v->ring_len) {
		v->dropped++;
		if (ring_at(v, 0)->end > v->dropped_end)
			v->dropped_end = ring_at(v, 0)->end;
		v->first = (v->first + 1) % v->ring_len;
		v->nr--;
	}
	*ring_at(v, v->nr++) = *g;
	vh_sum_add(&v->sum, g, 0, UINT64_MAX);
}

void vh_push_irq(struct vh_vcpu *v, int kind, uint16_t name, uint64_t start, uint64_t end)
{
	struct vh_seg g = {
		.start = start, .end = end, .what = name, .kind = kind,
		.exit = in_exit(v) ? v->exit : 0,
	};

	vh_push(v, &g);
}

/*
 * Back from the newest segment kept while they are the exit's (or IRQs in
 * it); the totals learn it from the exit's next segment, in the VMM.
 */
void vh_mark_heavy(struct vh_vcpu *v)
{
	struct vh_seg *g;
	int i;

	v->heavy = true;
	if (v->sum.cur_exit == v->exit)
		v->sum.cur.heavy = 1;
	for (i = v->nr - 1; i >= 0; i--) {
		g = ring_at(v, i);
		if (g->kind < SEG_STATES && g->exit != v->exit)
			break;
		if (g->exit == v->exit)
			g->flags |= SEG_HEAVY;
	}
}
