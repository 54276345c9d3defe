// SPDX-License-Identifier: GPL-2.0
/*
 * vcpu_threads - a session's vCPU threads (vcpu_threads.h)
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/vcpu_threads.h"

void vcpu_threads_init(struct vcpu_threads *t, int nr_cpus)
{
	memset(t, 0, sizeof(*t));
	t->nr_cpus = nr_cpus;
	t->last_i = -1;
}

void vcpu_threads_free(struct vcpu_threads *t)
{
	int i;

	for (i = 0; t->cpus && i < VCPU_HOST_MAX_VCPUS; i++)
		cpu_mask_free(&t->cpus[i]);
	free(t->cpus);
	vcpu_host_free(t->host);
	vcpu_order_free(&t->order);
	vcpu_threads_init(t, t->nr_cpus);
}

static bool start(struct vcpu_threads *t)
{
	if (t->host)
		return true;
	if (t->failed)
		return false;
	t->host = vcpu_host_new(t->nr_cpus, VCPU_THREADS_RING);
	t->cpus = calloc(VCPU_HOST_MAX_VCPUS, sizeof(*t->cpus));
	if (t->host && t->cpus)
		return true;
	vcpu_host_free(t->host);
	free(t->cpus);
	t->host = NULL;
	t->cpus = NULL;
	t->failed = true;
	return false;
}

/* the CPU of a thread's KVM event: its mask made when first needed */
static void note_cpu(struct vcpu_threads *t, const struct kvm_edge *e)
{
	int i = t->last_i;

	if (e->pid != t->last_pid || i < 0 || i >= vcpu_host_nr(t->host))
		i = vcpu_host_find(t->host, e->pid, e->ts);
	if (i < 0 || i >= VCPU_HOST_MAX_VCPUS || e->cpu < 0 || e->cpu >= t->nr_cpus)
		return;
	t->last_pid = e->pid;
	t->last_i = i;
	if (!t->cpus[i].bits && cpu_mask_init(&t->cpus[i], t->nr_cpus))
		return;
	cpu_mask_set(&t->cpus[i], e->cpu);
}

/*
 * Followed from the first context edge, entry or return to the VMM: KVM
 * exits alone (the osnoise analysis' where the kernel has no kvm_entry, a
 * recording made before) tell nothing of the time out of guest mode
 */
static bool follows(const struct rtl_record *rec)
{
	return rec->kind == RECORD_CTX ||
	       (rec->kind == RECORD_KVM && rec->kvm.kind != KVM_EDGE_EXIT);
}

static void feed(struct vcpu_threads *t, const struct rtl_record *rec)
{
	vcpu_host_feed(t->host, rec);
	if (rec->kind == RECORD_KVM)
		note_cpu(t, &rec->kvm);
}

/* the records due, or all of them */
static void release(struct vcpu_threads *t, bool all)
{
	struct rtl_record rec;

	while (vcpu_order_pop(&t->order, all, &rec))
		feed(t, &rec);
}

void vcpu_threads_feed(struct vcpu_threads *t, const struct rtl_record *rec)
{
	if (rec->kind != RECORD_KVM && rec->kind != RECORD_CTX)
		return;
	if (!(t->host || follows(rec)) || !start(t))
		return;
	if (vcpu_order_push(&t->order, rec)) {
		release(t, true);	/* out of memory: in the order they came */
		feed(t, rec);
		return;
	}
	release(t, false);
}

void vcpu_threads_flush(struct vcpu_threads *t)
{
	if (t->host)
		release(t, true);
}

const struct cpu_mask *vcpu_threads_cpus(const struct vcpu_threads *t, int i)
{
	if (!t->cpus || i < 0 || i >= vcpu_host_nr(t->host) || !t->cpus[i].bits)
		return NULL;
	return &t->cpus[i];
}

uint64_t vcpu_exit_awake_avg(const struct vcpu_exit_time *r)
{
	uint64_t awake = r->total_ns > r->sleep_ns ? r->total_ns - r->sleep_ns : 0;

	return r->count ? awake / r->count : 0;
}

static bool listed(const int *tids, int nr_tids, int pid)
{
	int k;

	for (k = 0; k < nr_tids; k++)
		if (tids[k] == pid)
			return true;
	return false;
}

/* QEMU's vCPU index first (unnamed threads last), then KVM's id, pid, age */
static int order(const struct vcpu_host_info *a, const struct vcpu_host_info *b)
{
	unsigned int ia = (unsigned int)a->index, ib = (unsigned int)b->index;
	unsigned int va = (unsigned int)a->vcpu_id, vb = (unsigned int)b->vcpu_id;

	if (ia != ib)
		return ia < ib ? -1 : 1;
	if (va != vb)
		return va < vb ? -1 : 1;
	if (a->pid != b->pid)
		return a->pid < b->pid ? -1 : 1;
	return a->first_ns < b->first_ns ? -1 : a->first_ns > b->first_ns;
}

int vcpu_threads_shown(const struct vcpu_threads *t, const int *tids, int nr_tids,
		       int *out, int max)
{
	struct vcpu_host_info a, b;
	int i, k, n = 0;

	for (i = 0; i < vcpu_host_nr(t->host) && n < max; i++) {
		if (vcpu_host_info(t->host, i, &a) ||
		    (nr_tids > 0 && !listed(tids, nr_tids, a.pid)))
			continue;
		/* insertion: a few threads */
		for (k = n; k > 0; k--) {
			vcpu_host_info(t->host, out[k - 1], &b);
			if (order(&b, &a) <= 0)
				break;
			out[k] = out[k - 1];
		}
		out[k] = i;
		n++;
	}
	return n;
}
