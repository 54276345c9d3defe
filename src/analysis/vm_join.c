// SPDX-License-Identifier: GPL-2.0
/*
 * vm_join - each guest sample's window of host time, what the vCPU thread
 * did in it, summed per guest CPU with the longest samples kept
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/vm_join.h"

struct vm_join {
	struct vcpu_host	*vh;
	struct vm_timemap	tm;
	int			nr_cpus;
	struct vm_join_cpu	*cpu;
};

struct vm_join *vm_join_new(struct vcpu_host *vh, const struct vm_timemap *tm, int nr_cpus)
{
	struct vm_join *j;

	if (!vh || nr_cpus <= 0)
		return NULL;
	j = calloc(1, sizeof(*j));
	if (!j)
		return NULL;
	j->cpu = calloc(nr_cpus, sizeof(*j->cpu));
	if (!j->cpu) {
		free(j);
		return NULL;
	}
	j->vh = vh;
	j->tm = *tm;
	j->nr_cpus = nr_cpus;
	return j;
}

void vm_join_free(struct vm_join *j)
{
	if (!j)
		return;
	vcpu_host_free(j->vh);
	free(j->cpu);
	free(j);
}

/* the split of a window's states (vcpu_host_breakdown's, or a CPU's sums) */
static void split_of(uint64_t guest, uint64_t exit, uint64_t vmm, uint64_t preempted,
		     uint64_t sleep, uint64_t unknown, struct vm_split *out)
{
	out->steal_ns = preempted;
	out->hypervisor_ns = exit + vmm + sleep;
	out->host_ns = out->steal_ns + out->hypervisor_ns;
	out->hardware_ns = guest;
	out->unknown_ns = unknown;
}

void vm_join_split(const struct vcpu_host_breakdown *b, struct vm_split *out)
{
	split_of(b->guest_ns, b->exit_ns, b->vmm_ns, b->preempted_ns, b->sleep_ns,
		 b->unknown_ns, out);
}

void vm_join_cpu_split(const struct vm_join_cpu *c, struct vm_split *out)
{
	split_of(c->guest_ns, c->exit_ns, c->vmm_ns, c->preempted_ns, c->sleep_ns,
		 c->unknown_ns, out);
}

uint64_t vm_join_host_ns(const struct vcpu_host_breakdown *b)
{
	struct vm_split sp;

	vm_join_split(b, &sp);
	return sp.host_ns;
}

static bool thread_of_cpu(const struct vcpu_host_info *in, int cpu)
{
	return in->index == cpu || in->vcpu_id == cpu;
}

static bool alive_at(const struct vcpu_host_info *in, uint64_t t)
{
	return in->first_ns <= t && (!in->retired || t <= in->last_ns);
}

/*
 * The vCPU thread of guest @cpu at host time @t: the first alive then; else
 * (a sample outside the host recording's time) the first of the CPU, whose
 * window then says unknown. -1: none.
 */
static int find_thread(struct vm_join *j, int cpu, uint64_t t, int *matches)
{
	struct vcpu_host_info in;
	int i, alive = -1, any = -1, n = vcpu_host_nr(j->vh);

	*matches = 0;
	for (i = 0; i < n; i++) {
		if (vcpu_host_info(j->vh, i, &in) || !thread_of_cpu(&in, cpu))
			continue;
		if (any < 0)
			any = i;
		if (!alive_at(&in, t))
			continue;
		if (alive < 0)
			alive = i;
		(*matches)++;
	}
	return alive >= 0 ? alive : any;
}

/* row @i grew: up to its place, the rows kept by time (not "other") */
static void bubble_up(struct vm_join_table *t, int i)
{
	for (; i > 0 && t->row[i - 1].ns < t->row[i].ns; i--) {
		struct vcpu_host_row r = t->row[i];

		t->row[i] = t->row[i - 1];
		t->row[i - 1] = r;
	}
}

/* @r into @t by name and id; past its rows, into "other" */
static void table_add(struct vm_join_table *t, const struct vcpu_host_row *r)
{
	struct vcpu_host_row *o = &t->row[VM_JOIN_ROWS];
	int i;

	for (i = 0; i < t->nr && i < VM_JOIN_ROWS; i++) {
		if (t->row[i].id == r->id && !strcmp(t->row[i].name, r->name)) {
			t->row[i].count += r->count;
			t->row[i].ns += r->ns;
			bubble_up(t, i);
			return;
		}
	}
	if (r->id >= 0 && t->nr < VM_JOIN_ROWS) {
		t->row[t->nr] = *r;
		bubble_up(t, t->nr++);
		return;
	}
	strcpy(o->name, "other");
	o->id = -1;
	o->count += r->count;
	o->ns += r->ns;
	if (t->nr == VM_JOIN_ROWS)
		t->nr = VM_JOIN_ROWS + 1;
}

static void tables_add(struct vm_join_table *t, const struct vcpu_host_row *rows, int nr)
{
	int i;

	for (i = 0; i < nr; i++)
		table_add(t, &rows[i]);
}

static void reason_add(struct vm_join_cpu *c, const struct vcpu_exit_time *r)
{
	struct vcpu_exit_time *o;
	int i;

	for (i = 0; i < c->nr_reasons; i++)
		if (!strcmp(c->reasons[i].reason, r->reason))
			break;
	if (i == c->nr_reasons) {
		if (c->nr_reasons == VM_JOIN_ROWS)
			i = VM_JOIN_ROWS - 1;	/* the last row takes the rest */
		else
			memset(&c->reasons[c->nr_reasons++], 0, sizeof(*o));
		if (!c->reasons[i].reason[0])
			strcpy(c->reasons[i].reason, r->reason);
	}
	o = &c->reasons[i];
	o->count += r->count;
	o->heavy += r->heavy;
	o->total_ns += r->total_ns;
	o->heavy_ns += r->heavy_ns;
	o->vmm_ns += r->vmm_ns;
	o->preempted_ns += r->preempted_ns;
	o->sleep_ns += r->sleep_ns;
	if (r->max_ns > o->max_ns)
		o->max_ns = r->max_ns;
	for (; i > 0 && c->reasons[i - 1].total_ns < c->reasons[i].total_ns; i--) {
		struct vcpu_exit_time t = c->reasons[i];

		c->reasons[i] = c->reasons[i - 1];
		c->reasons[i - 1] = t;
	}
}

static void sum_add(struct vm_join_cpu *c, const struct vcpu_host_breakdown *b)
{
	int i;

	c->guest_ns += b->guest_ns;
	c->exit_ns += b->exit_ns;
	c->vmm_ns += b->vmm_ns;
	c->preempted_ns += b->preempted_ns;
	c->sleep_ns += b->sleep_ns;
	c->unknown_ns += b->unknown_ns;
	c->light_ns += b->light_ns;
	c->heavy_ns += b->heavy_ns;
	c->exits += b->exits;
	c->heavy_exits += b->heavy_exits;
	c->irq_ns += b->irq_ns;
	c->softirq_ns += b->softirq_ns;
	for (i = 0; i < b->nr_reasons; i++)
		reason_add(c, &b->reasons[i]);
	tables_add(&c->tasks, b->tasks, b->nr_tasks);
	tables_add(&c->irqs, b->irqs, b->nr_irqs);
	tables_add(&c->softirqs, b->softirqs, b->nr_softirqs);
}

/* keep @s among the longest samples of @c */
static void keep_worst(struct vm_join_cpu *c, const struct vm_join_sample *s)
{
	int i;

	if (c->nr_worst == VM_JOIN_WORST &&
	    c->worst[VM_JOIN_WORST - 1].duration_ns >= s->duration_ns)
		return;
	i = c->nr_worst < VM_JOIN_WORST ? c->nr_worst++ : VM_JOIN_WORST - 1;
	for (; i > 0 && c->worst[i - 1].duration_ns < s->duration_ns; i--)
		c->worst[i] = c->worst[i - 1];
	c->worst[i] = *s;
}

void vm_join_sample(struct vm_join *j, int cpu, uint64_t start, uint64_t end, bool latency)
{
	struct vm_join_sample s = { .guest_start = start, .latency = latency };
	struct vm_join_cpu *c;
	uint64_t t0, t1;
	int i, matches;

	if (cpu < 0 || cpu >= j->nr_cpus || end < start)
		return;
	c = &j->cpu[cpu];
	if (!c->seen)
		c->first_guest = start;
	c->seen = true;
	c->last_guest = end;
	c->samples++;
	c->noise_ns += end - start;
	s.duration_ns = end - start;
	t0 = vm_timemap_host(&j->tm, start);
	t1 = t0 + (end - start);
	i = find_thread(j, cpu, t0, &matches);
	if (matches > c->threads)
		c->threads = matches;
	if (i < 0 || vcpu_host_window(j->vh, i, t0, t1, &s.host))
		return;
	vcpu_host_info(j->vh, i, &c->vcpu);
	c->has_vcpu = true;
	c->joined++;
	c->joined_ns += s.duration_ns;
	sum_add(c, &s.host);
	keep_worst(c, &s);
}

void vm_join_record(struct vm_join *j, const struct rtl_record *rec)
{
	const struct timerlat_sample *t = &rec->timerlat;

	if (!j)
		return;
	if (rec->kind == RECORD_NOISE_SAMPLE) {
		vm_join_sample(j, rec->sample.cpu, rec->sample.start_ns,
			       rec->sample.start_ns + rec->sample.duration_ns, false);
		return;
	}
	/* the thread's latency holds the IRQ's: from the timer's expiry to it */
	if (rec->kind == RECORD_TIMERLAT && t->context != TIMERLAT_IRQ && t->ts >= t->latency_ns)
		vm_join_sample(j, t->cpu, t->ts - t->latency_ns, t->ts, true);
}

const struct vm_join_cpu *vm_join_cpu(const struct vm_join *j, int cpu)
{
	if (!j || cpu < 0 || cpu >= j->nr_cpus || !j->cpu[cpu].seen)
		return NULL;
	return &j->cpu[cpu];
}

const struct vm_timemap *vm_join_timemap(const struct vm_join *j)
{
	return &j->tm;
}

int vm_join_nr_threads(const struct vm_join *j)
{
	return vcpu_host_nr(j->vh);
}
