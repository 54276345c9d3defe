/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kvm_exits - on a KVM host, from kvm:kvm_exit: which threads are vCPU
 * threads, and the exits by reason inside noise samples
 *
 * An exit happens while its vCPU thread runs, and the osnoise tracer reports
 * that run (osnoise:thread_noise) when the thread leaves the CPU: in the
 * CPU's buffer the exits of a run come before its thread_noise event. So
 * the exits since a CPU's last thread_noise are counted by reason, and
 * tied to the run the next one reports (kvm_exits_thread_end()). A run's
 * exits belong to the noise sample its start lies in, as the run does:
 * kvm_exits_sample() counts them, and the CPU's totals over the run add up
 * the exits of its samples. Runs wait for their sample in a ring of
 * KVM_BUNDLES per CPU (oldest overwritten, its exits counted as dropped).
 */
#ifndef RTLENS_KVM_EXITS_H
#define RTLENS_KVM_EXITS_H

#include <stdint.h>

#include "base/records.h"

#define KVM_BUNDLES		512	/* runs with exits waiting for their sample, per CPU */
#define KVM_BUNDLE_REASONS	8	/* reasons kept per run, then "other" */
#define KVM_MAX_REASONS		8	/* named reasons of a count, then "other" */
#define KVM_MAX_VCPUS		1024	/* vCPU threads remembered */
#define KVM_RUN_GAP_NS		20000	/* a pause in the exits: maybe another run */

struct kvm_exits;

struct kvm_reason_count {
	char		reason[KVM_REASON_LEN];
	uint64_t	count;
};

/* Exits counted by reason: the most frequent first, "other" last. */
struct kvm_exit_counts {
	uint64_t		total;
	uint64_t		dropped;	/* lost to the ring, reasons unknown */
	int			nr;
	struct kvm_reason_count	by_reason[KVM_MAX_REASONS + 1];
};

/* NULL on error. */
struct kvm_exits *kvm_exits_new(int nr_cpus);
void kvm_exits_free(struct kvm_exits *k);
/* Counts kvm:kvm_exit's edges; the others (KVM_EDGE_ENTRY...) are not exits. */
void kvm_exits_feed(struct kvm_exits *k, const struct kvm_edge *e);

/* The vCPU id pid ran last, or -1 when no exit of pid was seen. */
int kvm_exits_vcpu(const struct kvm_exits *k, int pid);
/* How many vCPU threads were seen. */
int kvm_exits_nr_vcpus(const struct kvm_exits *k);

/*
 * A thread's run on cpu ended (osnoise:thread_noise): the exits since the
 * last one become that run's, if pid made them (else they are forgotten).
 */
void kvm_exits_thread_end(struct kvm_exits *k, int cpu, int pid, uint64_t start_ns);

/* The exits of cpu's runs that started in [start_ns, end_ns); forgets the earlier. */
void kvm_exits_sample(struct kvm_exits *k, int cpu, uint64_t start_ns, uint64_t end_ns,
		      struct kvm_exit_counts *out);
/* cpu's exits inside its noise samples over the run. */
/* The totals start again (the user reset the counts); the vCPU threads stay known. */
void kvm_exits_reset_totals(struct kvm_exits *k);
void kvm_exits_cpu_totals(const struct kvm_exits *k, int cpu, struct kvm_exit_counts *out);

#endif
