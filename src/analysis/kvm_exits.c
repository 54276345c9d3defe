// SPDX-License-Identifier: GPL-2.0
/*
 * kvm_exits - vCPU threads and KVM exits by reason, for the osnoise analysis
 * on a KVM host (see kvm_exits.h)
 *
 * Reason names are interned once (KVM_MAX_NAMES, then "other"), so that the
 * exits of a run are counted in a small array, whatever their number.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/kvm_exits.h"

#define KVM_MAX_NAMES	64
#define OTHER_NAME	KVM_MAX_NAMES

/* The exits of one run of a vCPU thread, from its start (thread_noise). */
struct exit_bundle {
	uint64_t	start_ns;
	uint64_t	total;
	int		nr;
	struct {
		int		name;
		uint64_t	count;
	} r[KVM_BUNDLE_REASONS + 1];	/* the most frequent, then OTHER_NAME */
};

/* exits counted by reason name */
struct exit_set {
	uint64_t	n[KVM_MAX_NAMES + 1];
	uint64_t	total;
	uint64_t	first_ts;
	uint64_t	last_ts;
};

struct kvm_cpu {
	/*
	 * The exits since the CPU's last thread_noise, all of open_pid, and
	 * the last stretch of them (no pause over KVM_RUN_GAP_NS): what is
	 * kept of a run that started after the first of them (below).
	 */
	struct exit_set		open;
	struct exit_set		recent;
	int			open_pid;

	struct exit_bundle	ring[KVM_BUNDLES];
	int			first;
	int			nr;
	uint64_t		dropped;	/* overwritten since the last sample */
	uint64_t		dropped_max_start;
	uint64_t		totals[KVM_MAX_NAMES + 1];	/* inside samples */
	uint64_t		total_dropped;
};

struct vcpu_thread {
	int	pid;
	int	vcpu_id;
};

struct kvm_exits {
	int			nr_cpus;
	struct kvm_cpu		**cpu;		/* allocated on a CPU's first exit */
	int			nr_names;
	char			names[KVM_MAX_NAMES][KVM_REASON_LEN];
	int			nr_vcpus;
	struct vcpu_thread	vcpus[KVM_MAX_VCPUS];
};

struct kvm_exits *kvm_exits_new(int nr_cpus)
{
	struct kvm_exits *k;

	if (nr_cpus <= 0)
		return NULL;
	k = calloc(1, sizeof(*k));
	if (!k)
		return NULL;
	k->cpu = calloc(nr_cpus, sizeof(*k->cpu));
	if (!k->cpu) {
		free(k);
		return NULL;
	}
	k->nr_cpus = nr_cpus;
	return k;
}

void kvm_exits_free(struct kvm_exits *k)
{
	int cpu;

	if (!k)
		return;
	for (cpu = 0; cpu < k->nr_cpus; cpu++)
		free(k->cpu[cpu]);
	free(k->cpu);
	free(k);
}

static struct kvm_cpu *cpu_state(struct kvm_exits *k, int cpu)
{
	if (cpu < 0 || cpu >= k->nr_cpus)
		return NULL;
	if (!k->cpu[cpu]) {
		k->cpu[cpu] = calloc(1, sizeof(*k->cpu[cpu]));
		if (k->cpu[cpu])
			k->cpu[cpu]->open_pid = -1;
	}
	return k->cpu[cpu];
}

static int intern(struct kvm_exits *k, const char *reason)
{
	int i;

	for (i = 0; i < k->nr_names; i++)
		if (!strncmp(k->names[i], reason, KVM_REASON_LEN))
			return i;
	if (k->nr_names == KVM_MAX_NAMES)
		return OTHER_NAME;
	snprintf(k->names[k->nr_names], KVM_REASON_LEN, "%s", reason);
	return k->nr_names++;
}

/* ---- vCPU threads ---- */

static int find_vcpu(const struct kvm_exits *k, int pid)
{
	int i;

	for (i = 0; i < k->nr_vcpus; i++)
		if (k->vcpus[i].pid == pid)
			return i;
	return -1;
}

static void note_vcpu(struct kvm_exits *k, int pid, int vcpu_id)
{
	int i = find_vcpu(k, pid);

	if (i < 0 && k->nr_vcpus == KVM_MAX_VCPUS)
		return;
	if (i < 0)
		i = k->nr_vcpus++;
	k->vcpus[i].pid = pid;
	k->vcpus[i].vcpu_id = vcpu_id;
}

int kvm_exits_vcpu(const struct kvm_exits *k, int pid)
{
	int i;

	if (!k || pid <= 0)
		return -1;
	i = find_vcpu(k, pid);
	return i < 0 ? -1 : k->vcpus[i].vcpu_id;
}

int kvm_exits_nr_vcpus(const struct kvm_exits *k)
{
	return k ? k->nr_vcpus : 0;
}

/* ---- the exits of each run of a vCPU thread ---- */

static struct exit_bundle *ring_at(struct kvm_cpu *c, int i)
{
	return &c->ring[(c->first + i) % KVM_BUNDLES];
}

static struct exit_bundle *push_bundle(struct kvm_cpu *c)
{
	if (c->nr == KVM_BUNDLES) {
		c->dropped += ring_at(c, 0)->total;
		if (ring_at(c, 0)->start_ns > c->dropped_max_start)
			c->dropped_max_start = ring_at(c, 0)->start_ns;
		c->first = (c->first + 1) % KVM_BUNDLES;
		c->nr--;
	}
	return ring_at(c, c->nr++);
}

static void open_reset(struct kvm_cpu *c)
{
	memset(&c->open, 0, sizeof(c->open));
	memset(&c->recent, 0, sizeof(c->recent));
	c->open_pid = -1;
}

static void set_add(struct exit_set *set, int name, uint64_t ts)
{
	if (!set->total)
		set->first_ts = ts;
	set->last_ts = ts;
	set->n[name]++;
	set->total++;
}

/* the most frequent reason of set not taken yet, or -1 */
static int next_reason(const struct exit_set *set, const bool *taken)
{
	int i, best = -1;

	for (i = 0; i <= KVM_MAX_NAMES; i++)
		if (set->n[i] && !taken[i] && (best < 0 || set->n[i] > set->n[best]))
			best = i;
	return best;
}

/* set's exits into a new bundle: KVM_BUNDLE_REASONS named, the rest other */
static void bundle_set(struct kvm_cpu *c, const struct exit_set *set, uint64_t start_ns)
{
	struct exit_bundle *b = push_bundle(c);
	bool taken[KVM_MAX_NAMES + 1] = { false };
	uint64_t rest = set->total;
	int name;

	b->start_ns = start_ns;
	b->total = set->total;
	b->nr = 0;
	while (b->nr < KVM_BUNDLE_REASONS && (name = next_reason(set, taken)) >= 0) {
		taken[name] = true;
		b->r[b->nr].name = name;
		b->r[b->nr++].count = set->n[name];
		rest -= set->n[name];
	}
	if (rest) {
		b->r[b->nr].name = OTHER_NAME;
		b->r[b->nr++].count = rest;
	}
}

void kvm_exits_feed(struct kvm_exits *k, const struct kvm_edge *e)
{
	struct kvm_cpu *c;
	int name;

	if (!k || e->kind != KVM_EDGE_EXIT)
		return;
	if (e->pid > 0 && (!k->nr_vcpus || kvm_exits_vcpu(k, e->pid) != e->vcpu_id))
		note_vcpu(k, e->pid, e->vcpu_id);
	c = cpu_state(k, e->cpu);
	if (!c)
		return;
	if (c->open.total && c->open_pid != e->pid)
		open_reset(c);
	if (c->recent.total && e->ts - c->recent.last_ts > KVM_RUN_GAP_NS)
		memset(&c->recent, 0, sizeof(c->recent));
	c->open_pid = e->pid;
	name = intern(k, e->reason);
	set_add(&c->open, name, e->ts);
	set_add(&c->recent, name, e->ts);
}

/*
 * The open exits all happened in the run that ended, unless the tracer did
 * not report an earlier run of the same thread (osnoise reports runs only
 * while it samples): then exits older than the run's start are there, and
 * only the last stretch of exits is kept. Exits of another thread are not
 * this run's: they are forgotten, as their run was not reported.
 */
void kvm_exits_thread_end(struct kvm_exits *k, int cpu, int pid, uint64_t start_ns)
{
	const struct exit_set *run;
	struct kvm_cpu *c;

	if (!k || cpu < 0 || cpu >= k->nr_cpus || !k->cpu[cpu] || !k->cpu[cpu]->open.total)
		return;
	c = k->cpu[cpu];
	if (c->open_pid == pid) {
		run = c->open.first_ts >= start_ns ? &c->open : &c->recent;
		bundle_set(c, run, start_ns);
	}
	open_reset(c);
}

/* ---- counts ---- */

static int cmp_reason(const void *a, const void *b)
{
	const struct kvm_reason_count *x = a, *y = b;

	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return strcmp(x->reason, y->reason);
}

/*
 * Per-name counts to the most frequent KVM_MAX_REASONS, then "other": the
 * rest, and what runs already counted as other.
 */
static void to_counts(const struct kvm_exits *k, const uint64_t *per_name,
		      struct kvm_exit_counts *out)
{
	struct kvm_reason_count all[KVM_MAX_NAMES];
	uint64_t other = per_name[OTHER_NAME];
	int i, n = 0;

	for (i = 0; i < KVM_MAX_NAMES; i++) {
		if (!per_name[i])
			continue;
		snprintf(all[n].reason, KVM_REASON_LEN, "%s", k->names[i]);
		all[n++].count = per_name[i];
	}
	qsort(all, n, sizeof(all[0]), cmp_reason);
	out->nr = n < KVM_MAX_REASONS ? n : KVM_MAX_REASONS;
	memcpy(out->by_reason, all, out->nr * sizeof(all[0]));
	for (i = KVM_MAX_REASONS; i < n; i++)
		other += all[i].count;
	for (i = 0; i < out->nr; i++)
		out->total += all[i].count;
	out->total += other;
	if (!other)
		return;
	snprintf(out->by_reason[out->nr].reason, KVM_REASON_LEN, "other");
	out->by_reason[out->nr++].count = other;
}

static void add_bundle(struct kvm_cpu *c, const struct exit_bundle *b, uint64_t *per_name)
{
	int i;

	for (i = 0; i < b->nr; i++) {
		per_name[b->r[i].name] += b->r[i].count;
		c->totals[b->r[i].name] += b->r[i].count;
	}
}

void kvm_exits_sample(struct kvm_exits *k, int cpu, uint64_t start_ns, uint64_t end_ns,
		      struct kvm_exit_counts *out)
{
	uint64_t per_name[KVM_MAX_NAMES + 1];
	struct kvm_cpu *c;
	int i, kept = 0;

	/* by_reason[] past nr is not read: a sample every period need not clear it */
	out->total = 0;
	out->dropped = 0;
	out->nr = 0;
	if (!k || cpu < 0 || cpu >= k->nr_cpus || !k->cpu[cpu])
		return;
	c = k->cpu[cpu];
	if (!c->nr && !c->dropped)
		return;
	memset(per_name, 0, sizeof(per_name));
	for (i = 0; i < c->nr; i++) {
		struct exit_bundle *b = ring_at(c, i);

		if (b->start_ns >= start_ns && b->start_ns < end_ns)
			add_bundle(c, b, per_name);
		else if (b->start_ns >= end_ns)
			*ring_at(c, kept++) = *b;	/* kept <= i: compacts in place */
	}
	c->nr = kept;
	if (c->dropped && c->dropped_max_start >= start_ns) {
		out->dropped = c->dropped;
		c->total_dropped += c->dropped;
	}
	c->dropped = 0;
	c->dropped_max_start = 0;
	to_counts(k, per_name, out);
}

void kvm_exits_reset_totals(struct kvm_exits *k)
{
	for (int cpu = 0; k && cpu < k->nr_cpus; cpu++) {
		if (!k->cpu[cpu])
			continue;
		memset(k->cpu[cpu]->totals, 0, sizeof(k->cpu[cpu]->totals));
		k->cpu[cpu]->total_dropped = 0;
	}
}

void kvm_exits_cpu_totals(const struct kvm_exits *k, int cpu, struct kvm_exit_counts *out)
{
	memset(out, 0, sizeof(*out));
	if (!k || cpu < 0 || cpu >= k->nr_cpus || !k->cpu[cpu])
		return;
	to_counts(k, k->cpu[cpu]->totals, out);
	out->dropped = k->cpu[cpu]->total_dropped;
}
