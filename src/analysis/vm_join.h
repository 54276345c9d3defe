/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vm_join - a guest's noise samples and timer latencies joined with what its
 * host did meanwhile: each sample's guest time mapped onto the host's
 * (vm_timemap), then what the vCPU thread of the sample's CPU did in that
 * window of host time (vcpu_host_window()): in guest mode (the guest's own
 * noise, or the hardware's, or the emulation's), out in exits by reason
 * (light: handled by the host kernel; heavy: by the VMM), preempted by host
 * tasks (which), blocked in the host, with the host's IRQs and softirqs
 * while it was out. What the host recording does not cover is unknown.
 *
 * A guest CPU n is the host thread QEMU names "CPU n/KVM" or "CPU n/TCG",
 * or whose kvm_entry and kvm_exit say vcpu_id n; where several are (more
 * than one VM recorded), the one alive at the sample's time and seen first.
 */
#ifndef RTLENS_VM_JOIN_H
#define RTLENS_VM_JOIN_H

#include <stdbool.h>
#include <stdint.h>

#include "analysis/vcpu_host.h"
#include "analysis/vm_timemap.h"

#define VM_JOIN_WORST	5	/* samples kept per guest CPU, the longest */
#define VM_JOIN_ROWS	32	/* rows of each summed table, then "other" */

struct vm_join;

/* one guest sample and what the host did in it */
struct vm_join_sample {
	uint64_t			guest_start;	/* the guest's trace clock */
	uint64_t			duration_ns;
	bool				latency;	/* timerlat: a timer's latency */
	struct vcpu_host_breakdown	host;
};

/* a summed table: rows by time, the last one "other" (id -1) when used */
struct vm_join_table {
	int			nr;
	struct vcpu_host_row	row[VM_JOIN_ROWS + 1];
};

/* a guest CPU's samples, summed */
struct vm_join_cpu {
	bool			seen;		/* a sample at least */
	struct vcpu_host_info	vcpu;		/* the thread of the last joined one */
	bool			has_vcpu;
	int			threads;	/* vCPU threads that matched it */
	uint64_t		samples;
	uint64_t		noise_ns;	/* their durations */
	uint64_t		joined;		/* samples with a vCPU thread */
	uint64_t		joined_ns;
	uint64_t		guest_ns, exit_ns, vmm_ns, preempted_ns, sleep_ns, unknown_ns;
	uint64_t		light_ns, heavy_ns, exits, heavy_exits;
	uint64_t		irq_ns, softirq_ns;
	uint64_t		first_guest, last_guest;	/* of the samples */
	int			nr_reasons;
	struct vcpu_exit_time	reasons[VM_JOIN_ROWS + 1];
	struct vm_join_table	tasks, irqs, softirqs;
	int			nr_worst;
	struct vm_join_sample	worst[VM_JOIN_WORST];	/* longest first */
};

/*
 * @vh (taken: vm_join_free() frees it) holds the host's recording, @tm maps
 * the guest's times onto it; @nr_cpus guest CPUs. NULL when out of memory.
 */
struct vm_join *vm_join_new(struct vcpu_host *vh, const struct vm_timemap *tm, int nr_cpus);
void vm_join_free(struct vm_join *j);
/* A guest sample on @cpu over [start, end) of the guest's clock. */
void vm_join_sample(struct vm_join *j, int cpu, uint64_t start, uint64_t end, bool latency);
/* The samples of an osnoise or timerlat record; others are not its. */
void vm_join_record(struct vm_join *j, const struct rtl_record *rec);
const struct vm_join_cpu *vm_join_cpu(const struct vm_join *j, int cpu);
const struct vm_timemap *vm_join_timemap(const struct vm_join *j);
/* The vCPU threads the host recording holds. */
int vm_join_nr_threads(const struct vm_join *j);
/* What the host took of a sample: out of guest mode, preempted, blocked. */
uint64_t vm_join_host_ns(const struct vcpu_host_breakdown *b);

/*
 * The study's split of a guest's noise, from the host's side: steal (the
 * host ran other tasks while the vCPU waited to run: what a steal-time
 * clock counts), hypervisor (the host's kernel and VMM working for the
 * vCPU, or blocking it: exits and the VMM's time, the thread asleep), and
 * hardware (the vCPU was in guest mode: the hardware's, or the guest's own
 * and, under TCG, the emulation's); unknown: not in the host recording
 */
struct vm_split {
	uint64_t	host_ns;	/* steal_ns + hypervisor_ns: what the host took */
	uint64_t	steal_ns;
	uint64_t	hypervisor_ns;
	uint64_t	hardware_ns;
	uint64_t	unknown_ns;
};

void vm_join_split(const struct vcpu_host_breakdown *b, struct vm_split *out);
void vm_join_cpu_split(const struct vm_join_cpu *c, struct vm_split *out);

#endif
