// SPDX-License-Identifier: GPL-2.0
/*
 * vcpu_host - the vCPU threads of a KVM host and what the host did with
 * them (see vcpu_host.h): the whole, fed (vcpu_host_feed.c), and the
 * queries
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/vcpu_host_parts.h"

struct vcpu_host *vcpu_host_new(int nr_cpus, int ring_len)
{
	struct vcpu_host *vh;

	if (nr_cpus <= 0 || ring_len <= 0)
		return NULL;
	vh = calloc(1, sizeof(*vh));
	if (!vh)
		return NULL;
	vh->cpus = calloc(nr_cpus, sizeof(*vh->cpus));
	if (!vh->cpus) {
		free(vh);
		return NULL;
	}
	vh->nr_cpus = nr_cpus;
	vh->ring_len = ring_len;
	return vh;
}

void vcpu_host_free(struct vcpu_host *vh)
{
	int i;

	if (!vh)
		return;
	for (i = 0; i < vh->nr_vcpus; i++)
		free(vh->vcpus[i]);
	free(vh->cpus);
	free(vh);
}

void vcpu_host_feed(struct vcpu_host *vh, const struct rtl_record *rec)
{
	if (!vh)
		return;
	if (rec->kind == RECORD_KVM)
		vh_feed_kvm(vh, &rec->kvm);
	else if (rec->kind == RECORD_CTX)
		vh_feed_ctx(vh, &rec->edge);
}

/* ---- queries ---- */

int vcpu_host_nr(const struct vcpu_host *vh)
{
	return vh ? vh->nr_vcpus : 0;
}

int vcpu_host_find(const struct vcpu_host *vh, int pid, uint64_t ts)
{
	int i;

	for (i = vh ? vh->nr_vcpus - 1 : -1; i >= 0; i--)
		if (vh->vcpus[i]->pid == pid && vh->vcpus[i]->first_ts <= ts)
			return i;
	return -1;
}

static const struct vh_vcpu *vcpu_at(const struct vcpu_host *vh, int i)
{
	return vh && i >= 0 && i < vh->nr_vcpus ? vh->vcpus[i] : NULL;
}

int vcpu_host_info(const struct vcpu_host *vh, int i, struct vcpu_host_info *out)
{
	const struct vh_vcpu *v = vcpu_at(vh, i);

	memset(out, 0, sizeof(*out));
	if (!v)
		return -1;
	out->pid = v->pid;
	out->vcpu_id = v->vcpu_id;
	out->index = v->index;
	snprintf(out->comm, sizeof(out->comm), "%s", v->comm);
	out->tcg = v->tcg;
	out->retired = v->retired;
	out->first_ns = v->first_ts;
	out->last_ns = v->last_ts;
	out->preemptions = v->preemptions;
	out->immediate_exits = v->immediate_exits;
	out->dropped = v->dropped;
	out->out_of_order = v->out_of_order;
	return 0;
}

/* the open segment, up to @end, into @s (cut to [t0, t1)) */
static void sum_open(const struct vh_vcpu *v, uint64_t end, struct vh_sum *s,
		     uint64_t t0, uint64_t t1)
{
	struct vh_seg g;

	if (!v->retired && vh_open_seg(v, end, &g))
		vh_sum_add(s, &g, t0, t1);
	vh_sum_end(s);
}

int vcpu_host_totals(const struct vcpu_host *vh, int i, struct vcpu_host_breakdown *out)
{
	const struct vh_vcpu *v = vcpu_at(vh, i);
	struct vh_sum s;
	uint64_t end;

	memset(out, 0, sizeof(*out));
	if (!v)
		return -1;
	s = v->sum;
	end = v->retired || vh->now < v->last_ts ? v->last_ts : vh->now;
	sum_open(v, end, &s, 0, UINT64_MAX);
	vh_sum_out(vh, &s, v->first_ts, end, out);
	out->dropped = v->dropped != 0;
	return 0;
}

/*
 * The first kept segment that ends after @t: segments are kept as they
 * close, so in the order of their ends (an IRQ's before the state it is in)
 */
static int first_ending_after(const struct vh_vcpu *v, uint64_t t)
{
	int lo = 0, hi = v->nr;

	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;

		if (vh_ring_at(v, mid)->end <= t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int vcpu_host_window(const struct vcpu_host *vh, int i, uint64_t t0, uint64_t t1,
		     struct vcpu_host_breakdown *out)
{
	const struct vh_vcpu *v = vcpu_at(vh, i);
	struct vh_sum s;
	int k;

	memset(out, 0, sizeof(*out));
	if (!v || t1 < t0)
		return -1;
	memset(&s, 0, sizeof(s));
	for (k = first_ending_after(v, t0); k < v->nr; k++) {
		const struct vh_seg *g = vh_ring_at(v, k);

		/* states follow each other: none after this one reaches back */
		if (g->kind < SEG_STATES && g->start >= t1)
			break;
		vh_sum_add(&s, g, t0, t1);
	}
	sum_open(v, vh->now, &s, t0, t1);
	vh_sum_out(vh, &s, t0, t1, out);
	out->dropped = v->dropped && t0 < v->dropped_end;
	return 0;
}
