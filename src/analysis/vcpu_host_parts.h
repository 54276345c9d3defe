/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vcpu_host_parts - what the files of vcpu_host share: the threads, their
 * segments, and the sums made of them (vcpu_host_sum.c)
 */
#ifndef RTLENS_VCPU_HOST_PARTS_H
#define RTLENS_VCPU_HOST_PARTS_H

#include "analysis/vcpu_host.h"

#define VH_MAX_NAMES	256		/* exit reasons, IRQs, softirqs */
#define VH_MAX_TASKS	1024		/* tasks that preempted a vCPU thread */
#define VH_OTHER	0xffff		/* a name or task past those */
#define VH_SLOTS	32		/* of each table of a sum, then other */

enum vh_seg_kind {
	SEG_GUEST,
	SEG_EXIT,
	SEG_VMM,
	SEG_PREEMPTED,
	SEG_SLEEP,
	SEG_STATES,		/* the states above; then what happens inside them */
	SEG_IRQ = SEG_STATES,
	SEG_SOFTIRQ,
};

#define SEG_HEAVY	0x1	/* its exit went to the VMM */

/* [start, end) of one state of a thread, or an IRQ or softirq in it */
struct vh_seg {
	uint64_t	start;
	uint64_t	end;
	uint32_t	exit;		/* the exit it is in, numbered from 1; 0: none */
	uint16_t	reason;		/* that exit's reason */
	uint16_t	what;		/* PREEMPTED: the task; IRQ, SOFTIRQ: the name */
	uint8_t		kind;
	uint8_t		flags;
};

struct vh_slot {
	uint16_t	id;
	uint64_t	count;
	uint64_t	ns;
};

struct vh_reason {
	uint16_t	id;
	uint64_t	count;
	uint64_t	heavy;
	uint64_t	total;
	uint64_t	heavy_ns;
	uint64_t	vmm;
	uint64_t	preempted;
	uint64_t	sleep;
	uint64_t	max;
};

/* one table of a sum: nr ids (VH_SLOTS at most), then slot[VH_SLOTS]: the others */
struct vh_table {
	int		nr;
	struct vh_slot	slot[VH_SLOTS + 1];
};

/* segments summed: a thread's totals, or a window's */
struct vh_sum {
	uint64_t	state_ns[SEG_STATES];
	uint64_t	exits;
	uint64_t	heavy_exits;
	uint64_t	light_ns;
	uint64_t	heavy_ns;
	/* the exit being summed (its segments come in a row); heavy: 0 or 1 */
	struct vh_reason cur;
	uint32_t	cur_exit;
	int		nr_reasons;	/* as a table's */
	struct vh_reason reasons[VH_SLOTS + 1];
	struct vh_table	tasks;
	struct vh_table	irqs;
	struct vh_table	softirqs;
};

enum vh_guest { GUEST_UNKNOWN, GUEST_IN, GUEST_EXIT, GUEST_VMM };
enum vh_sched { SCHED_RUN, SCHED_PREEMPTED, SCHED_SLEEP };

struct vh_vcpu {
	int		pid;
	int		vcpu_id;
	int		index;
	char		comm[CTX_COMM_LEN];
	bool		tcg;
	bool		retired;
	uint64_t	first_ts;
	uint64_t	last_ts;
	int		cpu;		/* where it runs, or waits to */
	enum vh_guest	guest;
	enum vh_sched	sched;
	uint16_t	preemptor;	/* the task on its CPU while it waits */
	uint64_t	seg_start;	/* of the open segment, its present state */
	uint32_t	exit;		/* the last exit's number, reason, heaviness */
	uint16_t	reason;
	bool		heavy;
	uint64_t	preemptions;
	uint64_t	immediate_exits;
	uint64_t	out_of_order;
	uint64_t	dropped;
	uint64_t	dropped_end;	/* the end of the last segment dropped */
	struct vh_sum	sum;		/* of every segment closed */
	int		ring_len;	/* the ring: its size, oldest, how many */
	int		first;
	int		nr;
	struct vh_seg	ring[];
};

/* an exit reason, IRQ or softirq and its vector (-1: none), a task and its pid */
struct vh_name {
	char		name[KVM_REASON_LEN];
	int		id;
};

/* an IRQ or softirq open on a CPU */
struct vh_open {
	bool		on;
	uint64_t	start;
	uint16_t	name;
};

struct vh_cpu {
	struct vh_open	irq;
	struct vh_open	softirq;
};

struct vcpu_host {
	int		nr_cpus;
	int		ring_len;
	uint64_t	now;		/* the latest event fed */
	struct vh_cpu	*cpus;
	int		nr_vcpus;
	struct vh_vcpu	*vcpus[VCPU_HOST_MAX_VCPUS];
	int		nr_names;
	struct vh_name	names[VH_MAX_NAMES];
	int		nr_tasks;
	struct vh_name	tasks[VH_MAX_TASKS];
};

/* vcpu_host_seg.c: the state of a thread, cut into segments */
/* the open segment as it is at @end; false when its state is unknown */
bool vh_open_seg(const struct vh_vcpu *v, uint64_t end, struct vh_seg *out);
/* the open segment ends at @ts, as the state is to change */
void vh_close(struct vh_vcpu *v, uint64_t ts);
/* into the ring and the totals */
void vh_push(struct vh_vcpu *v, const struct vh_seg *g);
/* an IRQ or softirq (@kind) in [start, end) on the thread's CPU, as it is out */
void vh_push_irq(struct vh_vcpu *v, int kind, uint16_t name, uint64_t start, uint64_t end);
/* the segments kept of the current exit went to the VMM */
void vh_mark_heavy(struct vh_vcpu *v);
const struct vh_seg *vh_ring_at(const struct vh_vcpu *v, int i);

/* vcpu_host_sum.c: segments summed, and the sums as the API gives them */
void vh_sum_add(struct vh_sum *s, const struct vh_seg *g, uint64_t t0, uint64_t t1);
/* the exit being summed is complete */
void vh_sum_end(struct vh_sum *s);
void vh_sum_out(const struct vcpu_host *vh, const struct vh_sum *s, uint64_t t0, uint64_t t1,
		struct vcpu_host_breakdown *out);

/* vcpu_host_feed.c: the events, and the threads they make */
void vh_feed_kvm(struct vcpu_host *vh, const struct kvm_edge *e);
void vh_feed_ctx(struct vcpu_host *vh, const struct ctx_edge *e);

#endif
