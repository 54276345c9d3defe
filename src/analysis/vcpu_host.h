/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vcpu_host - on a KVM host, what the host did with each vCPU thread: the
 * time it spent in guest mode, out of it in exits (by reason, light or
 * heavy), preempted by other tasks (and by which), sleeping, and the host's
 * IRQs and softirqs on its CPU while it was out; over the run, and inside
 * any window of host time (what the guest's noise samples are joined with).
 *
 * From the decoded records (vcpu_host_feed()), in time order per thread:
 * kvm:kvm_exit, kvm_entry and kvm_userspace_exit (RECORD_KVM), and
 * sched:sched_switch and the IRQ, system vector and softirq entries and
 * exits (RECORD_CTX). A thread is a vCPU thread once it makes a KVM event,
 * or when QEMU named it so ("CPU n/KVM", "CPU n/TCG": -name debug-threads=on).
 *
 * Each thread is always in one state, and its time is cut into segments
 * of one state each:
 *   guest      between kvm_entry and kvm_exit (a TCG thread: while it runs)
 *   exit       from kvm_exit to kvm_entry, running in the host kernel
 *   vmm        from kvm_userspace_exit to kvm_entry, running in the VMM:
 *              the exit is heavy (light: handled in the kernel)
 *   preempted  switched out runnable (prev_state R, R+): the tasks that ran
 *              on its CPU until it ran again, each with its time
 *   sleeping   switched out sleeping (a halted vCPU: not noise by itself)
 *   unknown    before its first event, and where segments were dropped
 * The time of an exit is from kvm_exit to kvm_entry: its exit and vmm
 * segments, and those preempted and sleeping in between. IRQs and softirqs
 * are counted while the thread is out of guest mode or preempted, on the
 * CPU it runs or waits on; their time is inside the states', not beside it
 * (a softirq's includes the hard IRQs that interrupted it).
 *
 * The segments of each thread are kept in a ring of ring_len (the oldest
 * overwritten and counted as dropped) for vcpu_host_window(); the totals
 * count every segment. A pid seen again with another comm or another vCPU
 * id is another thread: the old one is kept, retired.
 */
#ifndef RTLENS_VCPU_HOST_H
#define RTLENS_VCPU_HOST_H

#include <stdbool.h>
#include <stdint.h>

#include "base/records.h"

#define VCPU_HOST_TOP		8	/* rows of a table, then "other" */
#define VCPU_HOST_MAX_VCPUS	1024	/* vCPU threads followed, retired ones too */

struct vcpu_host;

/* The exits of one reason (kvm:kvm_exit's name; "unknown": not seen). */
struct vcpu_exit_time {
	char		reason[KVM_REASON_LEN];
	uint64_t	count;		/* exits (in a window: that overlap it) */
	uint64_t	heavy;		/* of count: handled by the VMM */
	uint64_t	total_ns;	/* kvm_exit to kvm_entry */
	uint64_t	heavy_ns;	/* of total_ns: the heavy exits' */
	uint64_t	vmm_ns;		/* of total_ns: in the VMM */
	uint64_t	preempted_ns;	/* of total_ns: preempted */
	uint64_t	sleep_ns;	/* of total_ns: sleeping */
	uint64_t	max_ns;		/* the longest exit, its sleep left out */
};

/*
 * A row of the tasks that ran on the CPU while the vCPU thread waited to
 * run (name: comm, id: pid), or of the host's IRQs (an action or a system
 * vector: name and vector) or softirqs (name and number)
 */
struct vcpu_host_row {
	char		name[KVM_REASON_LEN];
	int		id;		/* -1: "other" */
	uint64_t	count;		/* times it ran */
	uint64_t	ns;
};

/*
 * What the host did with a vCPU thread in [start_ns, end_ns): guest_ns +
 * exit_ns + vmm_ns + preempted_ns + sleep_ns + unknown_ns = end_ns - start_ns.
 * The tables are the largest VCPU_HOST_TOP, then "other".
 */
struct vcpu_host_breakdown {
	uint64_t		start_ns;
	uint64_t		end_ns;
	uint64_t		guest_ns;
	uint64_t		exit_ns;
	uint64_t		vmm_ns;
	uint64_t		preempted_ns;
	uint64_t		sleep_ns;
	uint64_t		unknown_ns;
	uint64_t		exits;
	uint64_t		heavy_exits;
	uint64_t		light_ns;	/* the light exits' time (kvm_exit to kvm_entry) */
	uint64_t		heavy_ns;	/* the heavy exits' */
	uint64_t		irq_count;
	uint64_t		irq_ns;
	uint64_t		softirq_count;
	uint64_t		softirq_ns;
	bool			dropped;	/* segments of it were dropped: unknown */
	int			nr_reasons;	/* by total_ns */
	struct vcpu_exit_time	reasons[VCPU_HOST_TOP + 1];
	int			nr_tasks;	/* each by ns */
	struct vcpu_host_row	tasks[VCPU_HOST_TOP + 1];
	int			nr_irqs;
	struct vcpu_host_row	irqs[VCPU_HOST_TOP + 1];
	int			nr_softirqs;
	struct vcpu_host_row	softirqs[VCPU_HOST_TOP + 1];
};

/* A vCPU thread. */
struct vcpu_host_info {
	int		pid;
	int		vcpu_id;	/* KVM's (kvm_exit, kvm_entry); -1: none seen */
	int		index;		/* n of QEMU's "CPU n/KVM"; -1: not so named */
	char		comm[CTX_COMM_LEN];	/* "" until a sched_switch names it */
	bool		tcg;		/* "CPU n/TCG": emulated, no KVM events */
	bool		retired;	/* its pid is another thread's now */
	uint64_t	first_ns;	/* its first event */
	uint64_t	last_ns;	/* its last */
	uint64_t	preemptions;
	uint64_t	immediate_exits;	/* entries with immediate_exit */
	uint64_t	dropped;	/* segments overwritten in its ring */
	uint64_t	out_of_order;	/* events older than its last: ignored */
};

/* @ring_len segments kept per vCPU thread for the windows; NULL on error. */
struct vcpu_host *vcpu_host_new(int nr_cpus, int ring_len);
void vcpu_host_free(struct vcpu_host *vh);
/* RECORD_KVM and RECORD_CTX; the other records are not its. */
void vcpu_host_feed(struct vcpu_host *vh, const struct rtl_record *rec);

/* vCPU threads seen, 0 .. n-1, in the order they were. */
int vcpu_host_nr(const struct vcpu_host *vh);
/* The thread of @pid at @ts (the last one seen by then), -1 when none. */
int vcpu_host_find(const struct vcpu_host *vh, int pid, uint64_t ts);
/* -1 when @i is not a vCPU thread. */
int vcpu_host_info(const struct vcpu_host *vh, int i, struct vcpu_host_info *out);
/* Thread @i from its first event to the last fed (retired: to its last). */
int vcpu_host_totals(const struct vcpu_host *vh, int i, struct vcpu_host_breakdown *out);
/*
 * Thread @i in [t0, t1), from the segments kept: each cut at the edges. A
 * time after the last event fed is unknown. -1 when @i is not a thread.
 */
int vcpu_host_window(const struct vcpu_host *vh, int i, uint64_t t0, uint64_t t1,
		     struct vcpu_host_breakdown *out);

#endif
