/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vcpu_threads - a session's vCPU threads on a KVM host: the records of
 * the engines (RECORD_KVM, RECORD_CTX) fed to a vcpu_host, created at the
 * first one; the host CPUs each thread ran on; and the threads a report
 * shows: those of --vm's process (its thread ids, read at the start), or
 * every one seen, by vCPU (QEMU's "CPU n/KVM"), then pid.
 */
#ifndef RTLENS_VCPU_THREADS_H
#define RTLENS_VCPU_THREADS_H

#include <stdbool.h>
#include <stdint.h>

#include "base/cpulist.h"
#include "base/records.h"
#include "analysis/vcpu_host.h"

#define VCPU_THREADS_RING	4096	/* segments kept per thread for windows */
/*
 * The records are held until they are this much older than the newest
 * (the engines hand each CPU's out in order, CPU after CPU, a poll's worth
 * at a time), at most VCPU_ORDER_MAX of them: a thread that moves between
 * CPUs gets its events in time order
 */
#define VCPU_ORDER_HOLD_NS	500000000ULL
#define VCPU_ORDER_MAX		(1 << 17)

/* a record held for order: (ts, seq) */
struct vcpu_pend {
	uint64_t		ts;
	uint64_t		seq;		/* arrival: a tie keeps it */
	enum record_kind	kind;
	union {
		struct kvm_edge	kvm;
		struct ctx_edge	edge;
	};
};

/* vcpu_order.c: a min-heap of the records held */
struct vcpu_order {
	struct vcpu_pend	*heap;
	int			nr;
	int			alloc;
	uint64_t		seq;
	uint64_t		newest;
};

/* Hold @rec (RECORD_KVM or RECORD_CTX); -1 when out of memory. */
int vcpu_order_push(struct vcpu_order *o, const struct rtl_record *rec);
/* The oldest record into @rec when it is due (or @all): false when none is. */
bool vcpu_order_pop(struct vcpu_order *o, bool all, struct rtl_record *rec);
void vcpu_order_free(struct vcpu_order *o);

struct vcpu_threads {
	int			nr_cpus;
	struct vcpu_order	order;
	struct vcpu_host	*host;		/* NULL until a record came */
	bool			failed;		/* out of memory: nothing followed */
	struct cpu_mask		*cpus;		/* per thread: its KVM events' CPUs */
	int			last_pid;	/* the thread of the last KVM event */
	int			last_i;
};

void vcpu_threads_init(struct vcpu_threads *t, int nr_cpus);
void vcpu_threads_free(struct vcpu_threads *t);
/* RECORD_KVM and RECORD_CTX, in time order per CPU; the rest is ignored. */
void vcpu_threads_feed(struct vcpu_threads *t, const struct rtl_record *rec);
/* The records still held, fed: at the end of the run, before the queries. */
void vcpu_threads_flush(struct vcpu_threads *t);
/*
 * The threads to show, sorted (vCPU index, then pid), into @out (of @max):
 * with @tids (@nr_tids > 0), only those; their number.
 */
int vcpu_threads_shown(const struct vcpu_threads *t, const int *tids, int nr_tids,
		       int *out, int max);
/* An exit's average, its time sleeping left out (as its max): ns. */
uint64_t vcpu_exit_awake_avg(const struct vcpu_exit_time *r);
/* The host CPUs thread @i made KVM events on; NULL when none. */
const struct cpu_mask *vcpu_threads_cpus(const struct vcpu_threads *t, int i);

#endif
