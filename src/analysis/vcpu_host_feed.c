// SPDX-License-Identifier: GPL-2.0
/*
 * vcpu_host_feed - the events that change a vCPU thread's state: the KVM
 * edges of the thread, the context switches of any CPU (the thread's own,
 * and those of the tasks that run while it waits), the IRQs and softirqs;
 * and the threads they make, and the names and tasks they refer to
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/vcpu_host_parts.h"

/*
 * sched_switch's prev_state: the task states of TASK_REPORT and "I" in the
 * low 8 bits, none of them when the task was still runnable ("R"; "R+",
 * 0x100, when it was preempted), as its print fmt says since 4.14
 */
#define TASK_STATE_MASK	0xffULL

/* ---- names and tasks, numbered once ---- */

/* @name and @id's number in @tab (of @max), VH_OTHER when it is full */
static uint16_t intern(struct vh_name *tab, int *nr, int max, const char *name, int id)
{
	struct vh_name *n;
	int i;

	for (i = *nr - 1; i >= 0; i--)
		if (tab[i].id == id && !strncmp(tab[i].name, name, sizeof(tab[i].name)))
			return i;
	if (*nr == max)
		return VH_OTHER;
	n = &tab[*nr];
	snprintf(n->name, sizeof(n->name), "%s", name);
	n->id = id;
	return (*nr)++;
}

static uint16_t vh_name(struct vcpu_host *vh, const char *name, int vector)
{
	return intern(vh->names, &vh->nr_names, VH_MAX_NAMES, name, vector);
}

static uint16_t vh_task(struct vcpu_host *vh, const char *comm, int pid)
{
	return intern(vh->tasks, &vh->nr_tasks, VH_MAX_TASKS, comm, pid);
}

/* ---- the threads ---- */

/* "CPU 3/KVM", "CPU 12/TCG": QEMU's names with -name debug-threads=on */
static bool vh_comm_vcpu(const char *comm, int *index, bool *tcg)
{
	char accel[4];
	int n, end = 0;

	if (sscanf(comm, "CPU %d/%3[A-Z]%n", &n, accel, &end) != 2 || comm[end] || n < 0)
		return false;
	if (strcmp(accel, "KVM") && strcmp(accel, "TCG"))
		return false;
	*index = n;
	*tcg = !strcmp(accel, "TCG");
	return true;
}

/* the thread of @pid now, NULL when none */
static struct vh_vcpu *vh_live(struct vcpu_host *vh, int pid)
{
	int i;

	for (i = vh->nr_vcpus - 1; i >= 0; i--)
		if (vh->vcpus[i]->pid == pid && !vh->vcpus[i]->retired)
			return vh->vcpus[i];
	return NULL;
}

static struct vh_vcpu *vh_add(struct vcpu_host *vh, int pid, uint64_t ts)
{
	struct vh_vcpu *v;

	if (pid <= 0 || vh->nr_vcpus == VCPU_HOST_MAX_VCPUS)
		return NULL;
	v = calloc(1, sizeof(*v) + vh->ring_len * sizeof(v->ring[0]));
	if (!v)
		return NULL;
	v->pid = pid;
	v->vcpu_id = -1;
	v->index = -1;
	v->first_ts = ts;
	v->last_ts = ts;
	v->seg_start = ts;
	v->cpu = -1;
	v->ring_len = vh->ring_len;
	vh->vcpus[vh->nr_vcpus++] = v;
	return v;
}

/* its pid is another thread's: what it was doing ended with its last event */
static void vh_retire(struct vh_vcpu *v)
{
	struct vh_seg g;

	if (vh_open_seg(v, v->last_ts, &g))
		vh_push(v, &g);
	v->seg_start = v->last_ts;
	v->retired = true;
}

/* ---- the state ---- */

/* false for an event older than the thread's last one: counted, left out */
static bool in_order(struct vh_vcpu *v, uint64_t ts)
{
	if (ts < v->last_ts) {
		v->out_of_order++;
		return false;
	}
	v->last_ts = ts;
	return true;
}

/* the thread runs on @cpu at @ts */
static void running(struct vh_vcpu *v, int cpu, uint64_t ts)
{
	if (v->sched != SCHED_RUN) {
		vh_close(v, ts);
		v->sched = SCHED_RUN;
	}
	v->cpu = cpu;
}

/* ---- KVM ---- */

/* the thread of a KVM edge; its pid with another vCPU id is another thread */
static struct vh_vcpu *kvm_thread(struct vcpu_host *vh, const struct kvm_edge *e)
{
	struct vh_vcpu *v = vh_live(vh, e->pid);

	if (v && e->vcpu_id >= 0 && v->vcpu_id >= 0 && v->vcpu_id != e->vcpu_id) {
		vh_retire(v);
		v = NULL;
	}
	if (!v)
		v = vh_add(vh, e->pid, e->ts);
	if (v && e->vcpu_id >= 0)
		v->vcpu_id = e->vcpu_id;
	return v;
}

static void on_kvm_exit(struct vcpu_host *vh, struct vh_vcpu *v, const struct kvm_edge *e)
{
	vh_close(v, e->ts);
	v->guest = GUEST_EXIT;
	v->exit++;
	v->reason = vh_name(vh, e->reason, -1);
	v->heavy = false;
}

static void on_entry(struct vh_vcpu *v, const struct kvm_edge *e)
{
	vh_close(v, e->ts);
	v->guest = GUEST_IN;
	if (e->immediate_exit)
		v->immediate_exits++;
}

/*
 * To the VMM: the exit is heavy. Again without an entry, KVM_RUN failed
 * before it entered (a signal): the same exit. Without its kvm_exit (the
 * thread first seen here), an exit of reason "unknown" from here.
 */
static void on_userspace(struct vcpu_host *vh, struct vh_vcpu *v, const struct kvm_edge *e)
{
	if (v->guest == GUEST_VMM)
		return;
	vh_close(v, e->ts);
	if (v->guest != GUEST_EXIT) {
		v->exit++;
		v->reason = vh_name(vh, "unknown", -1);
	}
	v->guest = GUEST_VMM;
	vh_mark_heavy(v);
}

void vh_feed_kvm(struct vcpu_host *vh, const struct kvm_edge *e)
{
	struct vh_vcpu *v;

	if (e->ts > vh->now)
		vh->now = e->ts;
	v = kvm_thread(vh, e);
	if (!v || !in_order(v, e->ts))
		return;
	running(v, e->cpu, e->ts);
	if (e->kind == KVM_EDGE_EXIT)
		on_kvm_exit(vh, v, e);
	else if (e->kind == KVM_EDGE_ENTRY)
		on_entry(v, e);
	else if (e->kind == KVM_EDGE_USERSPACE)
		on_userspace(vh, v, e);
}

/* ---- context switches ---- */

/*
 * The vCPU thread switched in or out, NULL when it is not one: not seen
 * making KVM events nor named so by QEMU. Its pid with another comm is
 * another thread.
 */
static struct vh_vcpu *switch_thread(struct vcpu_host *vh, int pid, const char *comm,
				     uint64_t ts)
{
	bool named, tcg = false;
	struct vh_vcpu *v;
	int index = -1;

	if (pid <= 0)
		return NULL;
	named = vh_comm_vcpu(comm, &index, &tcg);
	v = vh_live(vh, pid);
	if (v && comm[0] && v->comm[0] && strncmp(v->comm, comm, sizeof(v->comm))) {
		vh_retire(v);
		v = NULL;
	}
	if (!v && named)
		v = vh_add(vh, pid, ts);
	if (v && comm[0] && !v->comm[0]) {
		snprintf(v->comm, sizeof(v->comm), "%s", comm);
		v->index = index;
		v->tcg = tcg;
	}
	return v;
}

/* the vCPU threads waiting on the CPU: the next task runs while they wait */
static void waiters_switch(struct vcpu_host *vh, const struct ctx_edge *e)
{
	struct vh_vcpu *v;
	int i;

	for (i = 0; i < vh->nr_vcpus; i++) {
		v = vh->vcpus[i];
		if (v->retired || v->sched != SCHED_PREEMPTED || v->cpu != e->cpu ||
		    v->pid == e->next_pid || !in_order(v, e->ts))
			continue;
		vh_close(v, e->ts);
		v->preemptor = vh_task(vh, e->next_comm, e->next_pid);
	}
}

static void switched_out(struct vcpu_host *vh, struct vh_vcpu *v, const struct ctx_edge *e)
{
	vh_close(v, e->ts);
	v->cpu = e->cpu;
	if ((uint64_t)e->prev_state & TASK_STATE_MASK) {
		v->sched = SCHED_SLEEP;
		return;
	}
	v->sched = SCHED_PREEMPTED;
	v->preemptor = vh_task(vh, e->next_comm, e->next_pid);
	v->preemptions++;
}

static void on_switch(struct vcpu_host *vh, const struct ctx_edge *e)
{
	struct vh_vcpu *v;

	waiters_switch(vh, e);
	v = switch_thread(vh, e->prev_pid, e->prev_comm, e->ts);
	if (v && in_order(v, e->ts))
		switched_out(vh, v, e);
	v = switch_thread(vh, e->next_pid, e->next_comm, e->ts);
	if (v && in_order(v, e->ts))
		running(v, e->cpu, e->ts);
}

/* ---- IRQs and softirqs ---- */

static struct vh_open *cpu_open(struct vcpu_host *vh, int cpu, int kind)
{
	if (cpu < 0 || cpu >= vh->nr_cpus)
		return NULL;
	return kind == SEG_IRQ ? &vh->cpus[cpu].irq : &vh->cpus[cpu].softirq;
}

static void irq_entry(struct vcpu_host *vh, const struct ctx_edge *e, int kind)
{
	struct vh_open *o = cpu_open(vh, e->cpu, kind);

	if (!o)
		return;
	o->on = true;
	o->start = e->ts;
	o->name = vh_name(vh, e->name, e->vector);
}

/* the thread is out of guest mode on @cpu, or waits to run there */
static bool out_on(const struct vh_vcpu *v, int cpu)
{
	if (v->retired || v->cpu != cpu)
		return false;
	if (v->sched == SCHED_PREEMPTED)
		return true;
	return v->sched == SCHED_RUN && (v->tcg || v->guest != GUEST_IN);
}

static void irq_exit(struct vcpu_host *vh, const struct ctx_edge *e, int kind)
{
	struct vh_open *o = cpu_open(vh, e->cpu, kind);
	int i;

	if (!o || !o->on)
		return;
	o->on = false;
	if (e->ts <= o->start)
		return;
	for (i = 0; i < vh->nr_vcpus; i++)
		if (out_on(vh->vcpus[i], e->cpu))
			vh_push_irq(vh->vcpus[i], kind, o->name, o->start, e->ts);
}

void vh_feed_ctx(struct vcpu_host *vh, const struct ctx_edge *e)
{
	if (e->ts > vh->now)
		vh->now = e->ts;
	switch (e->kind) {
	case CTX_SWITCH:
		on_switch(vh, e);
		break;
	case CTX_IRQ_ENTRY:
	case CTX_VECTOR_ENTRY:
		irq_entry(vh, e, SEG_IRQ);
		break;
	case CTX_IRQ_EXIT:
	case CTX_VECTOR_EXIT:
		irq_exit(vh, e, SEG_IRQ);
		break;
	case CTX_SOFTIRQ_ENTRY:
		irq_entry(vh, e, SEG_SOFTIRQ);
		break;
	case CTX_SOFTIRQ_EXIT:
		irq_exit(vh, e, SEG_SOFTIRQ);
		break;
	default:
		break;
	}
}
