// SPDX-License-Identifier: GPL-2.0
/*
 * vcpu_order - the records of a KVM host's vCPU threads put in time order
 * across CPUs (vcpu_threads.h): a min-heap on (ts, arrival)
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/vcpu_threads.h"

static bool before(const struct vcpu_pend *a, const struct vcpu_pend *b)
{
	return a->ts < b->ts || (a->ts == b->ts && a->seq < b->seq);
}

static void swap(struct vcpu_pend *a, struct vcpu_pend *b)
{
	struct vcpu_pend t = *a;

	*a = *b;
	*b = t;
}

static int grow(struct vcpu_order *o)
{
	int alloc = o->alloc ? o->alloc * 2 : 1024;
	struct vcpu_pend *h;

	if (alloc > VCPU_ORDER_MAX)
		alloc = VCPU_ORDER_MAX;
	h = realloc(o->heap, alloc * sizeof(*h));
	if (!h)
		return -1;
	o->heap = h;
	o->alloc = alloc;
	return 0;
}

int vcpu_order_push(struct vcpu_order *o, const struct rtl_record *rec)
{
	struct vcpu_pend *p;
	int i;

	if (o->nr == o->alloc && (o->alloc == VCPU_ORDER_MAX || grow(o)))
		return -1;
	p = &o->heap[o->nr];
	memset(p, 0, sizeof(*p));
	p->kind = rec->kind;
	p->seq = o->seq++;
	if (rec->kind == RECORD_KVM)
		p->kvm = rec->kvm;
	else
		p->edge = rec->edge;
	p->ts = rec->kind == RECORD_KVM ? rec->kvm.ts : rec->edge.ts;
	if (p->ts > o->newest)
		o->newest = p->ts;
	for (i = o->nr++; i > 0 && before(&o->heap[i], &o->heap[(i - 1) / 2]); i = (i - 1) / 2)
		swap(&o->heap[i], &o->heap[(i - 1) / 2]);
	return 0;
}

static void sift_down(struct vcpu_order *o)
{
	int i = 0, c;

	while ((c = 2 * i + 1) < o->nr) {
		if (c + 1 < o->nr && before(&o->heap[c + 1], &o->heap[c]))
			c++;
		if (!before(&o->heap[c], &o->heap[i]))
			break;
		swap(&o->heap[i], &o->heap[c]);
		i = c;
	}
}

bool vcpu_order_pop(struct vcpu_order *o, bool all, struct rtl_record *rec)
{
	struct vcpu_pend *p = o->heap;

	if (!o->nr || (!all && o->nr < VCPU_ORDER_MAX && p->ts + VCPU_ORDER_HOLD_NS > o->newest))
		return false;
	memset(rec, 0, sizeof(*rec));
	rec->kind = p->kind;
	if (p->kind == RECORD_KVM)
		rec->kvm = p->kvm;
	else
		rec->edge = p->edge;
	o->heap[0] = o->heap[--o->nr];
	sift_down(o);
	return true;
}

void vcpu_order_free(struct vcpu_order *o)
{
	free(o->heap);
	memset(o, 0, sizeof(*o));
}
