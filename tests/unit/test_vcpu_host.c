// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for vcpu_host: what a KVM host did with its vCPU threads, from
 * synthetic event sequences: a CPUID loop (light exits), port I/O (heavy
 * exits, to the VMM), a vCPU preempted by a spinner, IRQs while it is out,
 * windows cut at their edges, the ring's drops, events out of order and
 * threads first seen in the middle of an exit, pid reuse, TCG threads
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "analysis/vcpu_host.h"
#include "vcpu_feed.h"

#define RUNNABLE	0x0	/* sched_switch's prev_state: R */
#define PREEMPTED	0x100	/* R+ */
#define SLEEPING	0x1	/* S */

static void kvm(struct vcpu_host *h, enum kvm_edge_kind kind, int cpu, uint64_t ts, int pid,
		int vcpu, const char *reason, int err)
{
	struct rtl_record r = { .kind = RECORD_KVM };

	r.kvm.cpu = cpu;
	r.kvm.ts = ts;
	r.kvm.pid = pid;
	r.kvm.vcpu_id = vcpu;
	r.kvm.kind = kind;
	r.kvm.err = err;
	snprintf(r.kvm.reason, sizeof(r.kvm.reason), "%s", reason);
	vcpu_host_feed(h, &r);
}

static void vm_exit(struct vcpu_host *h, int cpu, uint64_t ts, int pid, int vcpu,
		    const char *reason)
{
	kvm(h, KVM_EDGE_EXIT, cpu, ts, pid, vcpu, reason, 0);
}

static void vm_entry(struct vcpu_host *h, int cpu, uint64_t ts, int pid, int vcpu)
{
	kvm(h, KVM_EDGE_ENTRY, cpu, ts, pid, vcpu, "", 0);
}

static void to_vmm(struct vcpu_host *h, int cpu, uint64_t ts, int pid, const char *reason,
		   int err)
{
	kvm(h, KVM_EDGE_USERSPACE, cpu, ts, pid, -1, reason, err);
}

static void sw(struct vcpu_host *h, int cpu, uint64_t ts, int prev_pid, const char *prev_comm,
	       int64_t prev_state, int next_pid, const char *next_comm)
{
	vcpu_feed_switch(h, cpu, ts, prev_pid, prev_comm, prev_state, next_pid, next_comm);
}

/* an IRQ, system vector or softirq from @t0 to @t1 on @cpu */
static void intr(struct vcpu_host *h, enum ctx_edge_kind entry, int cpu, uint64_t t0,
		 uint64_t t1, int vector, const char *name)
{
	struct rtl_record r = { .kind = RECORD_CTX };

	r.edge.cpu = cpu;
	r.edge.ts = t0;
	r.edge.kind = entry;
	r.edge.vector = vector;
	snprintf(r.edge.name, sizeof(r.edge.name), "%s", name);
	vcpu_host_feed(h, &r);
	r.edge.ts = t1;
	r.edge.kind = entry + 1;	/* its exit follows it in enum ctx_edge_kind */
	r.edge.name[0] = '\0';
	vcpu_host_feed(h, &r);
}

static void totals(const struct vcpu_host *h, int pid, uint64_t ts,
		   struct vcpu_host_breakdown *b)
{
	assert_int_equal(vcpu_host_totals(h, vcpu_host_find(h, pid, ts), b), 0);
}

/* the states add up to the span */
static void assert_span(const struct vcpu_host_breakdown *b)
{
	assert_int_equal(b->guest_ns + b->exit_ns + b->vmm_ns + b->preempted_ns + b->sleep_ns +
			 b->unknown_ns, b->end_ns - b->start_ns);
}

static void assert_states(const struct vcpu_host_breakdown *b, uint64_t guest, uint64_t exit,
			  uint64_t vmm, uint64_t preempted, uint64_t sleep, uint64_t unknown)
{
	assert_int_equal(b->guest_ns, guest);
	assert_int_equal(b->exit_ns, exit);
	assert_int_equal(b->vmm_ns, vmm);
	assert_int_equal(b->preempted_ns, preempted);
	assert_int_equal(b->sleep_ns, sleep);
	assert_int_equal(b->unknown_ns, unknown);
	assert_span(b);
}

static void assert_reason(const struct vcpu_host_breakdown *b, int i, const char *reason,
			  uint64_t count, uint64_t heavy, uint64_t total, uint64_t max)
{
	assert_true(i < b->nr_reasons);
	assert_string_equal(b->reasons[i].reason, reason);
	assert_int_equal(b->reasons[i].count, count);
	assert_int_equal(b->reasons[i].heavy, heavy);
	assert_int_equal(b->reasons[i].total_ns, total);
	assert_int_equal(b->reasons[i].max_ns, max);
}

static void assert_task(const struct vcpu_host_breakdown *b, int i, const char *comm, int pid,
			uint64_t count, uint64_t ns)
{
	assert_true(i < b->nr_tasks);
	assert_string_equal(b->tasks[i].name, comm);
	assert_int_equal(b->tasks[i].id, pid);
	assert_int_equal(b->tasks[i].count, count);
	assert_int_equal(b->tasks[i].ns, ns);
}

/* a CPUID loop: 100 light exits of 500 ns, 1500 ns in the guest between */
static void test_cpuid_loop(void **state)
{
	struct vcpu_host *h = vcpu_host_new(4, 1024);
	struct vcpu_host_breakdown b;
	struct vcpu_host_info info;
	int i;

	(void)state;
	assert_non_null(h);
	vm_entry(h, 1, 1000, 100, 0);
	for (i = 0; i < 100; i++) {
		vm_exit(h, 1, 2500 + 2000 * i, 100, 0, "cpuid");
		vm_entry(h, 1, 3000 + 2000 * i, 100, 0);
	}
	assert_int_equal(vcpu_host_nr(h), 1);
	totals(h, 100, 1000, &b);
	assert_int_equal(b.start_ns, 1000);
	assert_int_equal(b.end_ns, 201000);
	assert_states(&b, 150000, 50000, 0, 0, 0, 0);
	assert_int_equal(b.exits, 100);
	assert_int_equal(b.heavy_exits, 0);
	assert_int_equal(b.light_ns, 50000);
	assert_int_equal(b.heavy_ns, 0);
	assert_int_equal(b.nr_reasons, 1);
	assert_reason(&b, 0, "cpuid", 100, 0, 50000, 500);
	assert_int_equal(b.nr_tasks, 0);
	assert_false(b.dropped);

	assert_int_equal(vcpu_host_info(h, 0, &info), 0);
	assert_int_equal(info.pid, 100);
	assert_int_equal(info.vcpu_id, 0);
	assert_int_equal(info.index, -1);
	assert_string_equal(info.comm, "");
	assert_int_equal(info.first_ns, 1000);
	assert_int_equal(info.last_ns, 201000);
	assert_false(info.retired);
	vcpu_host_free(h);
}

/*
 * Port I/O: exits of reason io handled by the VMM (heavy, long), one light
 * cpuid exit between; a restart (KVM_RUN failed on a signal) stays in the
 * same exit
 */
static struct vcpu_host *port_io(void)
{
	struct vcpu_host *h = vcpu_host_new(4, 1024);

	assert_non_null(h);
	vm_entry(h, 2, 10000, 200, 1);
	vm_exit(h, 2, 20000, 200, 1, "io");
	to_vmm(h, 2, 21000, 200, "KVM_EXIT_IO", 0);
	vm_entry(h, 2, 41000, 200, 1);
	vm_exit(h, 2, 50000, 200, 1, "cpuid");
	vm_entry(h, 2, 50400, 200, 1);
	vm_exit(h, 2, 60000, 200, 1, "io");
	to_vmm(h, 2, 61000, 200, "KVM_EXIT_IO", 0);
	to_vmm(h, 2, 70000, 200, "restart", -4);
	vm_entry(h, 2, 90000, 200, 1);
	vm_exit(h, 2, 100000, 200, 1, "io");
	to_vmm(h, 2, 100500, 200, "KVM_EXIT_IO", 0);
	vm_entry(h, 2, 110500, 200, 1);
	return h;
}

static void test_port_io(void **state)
{
	struct vcpu_host *h = port_io();
	struct vcpu_host_breakdown b;

	(void)state;
	totals(h, 200, 10000, &b);
	assert_int_equal(b.end_ns - b.start_ns, 100500);
	assert_states(&b, 38600, 1000 + 400 + 1000 + 500, 20000 + 29000 + 10000, 0, 0, 0);
	assert_int_equal(b.exits, 4);
	assert_int_equal(b.heavy_exits, 3);
	assert_int_equal(b.heavy_ns, 21000 + 30000 + 10500);
	assert_int_equal(b.light_ns, 400);
	assert_int_equal(b.nr_reasons, 2);
	assert_reason(&b, 0, "io", 3, 3, 61500, 30000);
	assert_int_equal(b.reasons[0].heavy_ns, 61500);
	assert_int_equal(b.reasons[0].vmm_ns, 59000);
	assert_reason(&b, 1, "cpuid", 1, 0, 400, 400);
	assert_int_equal(b.reasons[1].heavy_ns, 0);
	assert_int_equal(b.reasons[1].vmm_ns, 0);
	vcpu_host_free(h);
}

/* a window cuts the segments at its edges; past the last event is unknown */
static void test_window_edges(void **state)
{
	struct vcpu_host *h = port_io();
	struct vcpu_host_breakdown b;
	int i = vcpu_host_find(h, 200, 15000);

	(void)state;
	assert_int_equal(vcpu_host_window(h, i, 15000, 30000, &b), 0);
	assert_int_equal(b.start_ns, 15000);
	assert_int_equal(b.end_ns, 30000);
	assert_states(&b, 5000, 1000, 9000, 0, 0, 0);
	assert_int_equal(b.exits, 1);
	assert_int_equal(b.heavy_exits, 1);
	assert_int_equal(b.heavy_ns, 10000);
	assert_reason(&b, 0, "io", 1, 1, 10000, 10000);
	assert_int_equal(b.reasons[0].vmm_ns, 9000);

	/* the kernel part of a heavy exit, cut before it went to the VMM */
	assert_int_equal(vcpu_host_window(h, i, 60200, 60700, &b), 0);
	assert_states(&b, 0, 500, 0, 0, 0, 0);
	assert_reason(&b, 0, "io", 1, 1, 500, 500);

	/* the last exit and after: the time past the last event is not known */
	assert_int_equal(vcpu_host_window(h, i, 105000, 120000, &b), 0);
	assert_states(&b, 0, 0, 5500, 0, 0, 9500);

	/* before the first event */
	assert_int_equal(vcpu_host_window(h, i, 0, 12000, &b), 0);
	assert_states(&b, 2000, 0, 0, 0, 0, 10000);
	assert_int_equal(b.exits, 0);

	assert_int_equal(vcpu_host_window(h, i, 30000, 29999, &b), -1);
	assert_int_equal(vcpu_host_window(h, 1, 0, 1, &b), -1);
	vcpu_host_free(h);
}

/*
 * A vCPU preempted for 3 ms by a SCHED_FIFO spinner, out of guest mode after
 * an external interrupt; the timer's IRQ on its CPU meanwhile is counted, an
 * IRQ of another CPU is not
 */
static struct vcpu_host *spinner(void)
{
	struct vcpu_host *h = vcpu_host_new(8, 1024);

	assert_non_null(h);
	sw(h, 3, 500000, 0, "swapper/3", RUNNABLE, 300, "CPU 2/KVM");
	vm_entry(h, 3, 1000000, 300, 2);
	vm_exit(h, 3, 2000000, 300, 2, "EXTERNAL_INTERRUPT");
	sw(h, 3, 2010000, 300, "CPU 2/KVM", PREEMPTED, 4000, "spin");
	intr(h, CTX_VECTOR_ENTRY, 3, 3000000, 3002000, 236, "local_timer");
	intr(h, CTX_IRQ_ENTRY, 0, 3100000, 3200000, 45, "eth0");
	sw(h, 3, 5010000, 4000, "spin", SLEEPING, 300, "CPU 2/KVM");
	vm_entry(h, 3, 5020000, 300, 2);
	return h;
}

static void test_preempted(void **state)
{
	struct vcpu_host *h = spinner();
	struct vcpu_host_breakdown b;
	struct vcpu_host_info info;

	(void)state;
	assert_int_equal(vcpu_host_nr(h), 1);
	totals(h, 300, 500000, &b);
	assert_int_equal(b.start_ns, 500000);
	assert_int_equal(b.end_ns, 5020000);
	/* unknown: switched in, not yet known where */
	assert_states(&b, 1000000, 20000, 0, 3000000, 0, 500000);
	assert_int_equal(b.nr_tasks, 1);
	assert_task(&b, 0, "spin", 4000, 1, 3000000);
	assert_reason(&b, 0, "EXTERNAL_INTERRUPT", 1, 0, 3020000, 3020000);
	assert_int_equal(b.reasons[0].preempted_ns, 3000000);
	assert_int_equal(b.irq_count, 1);
	assert_int_equal(b.irq_ns, 2000);
	assert_int_equal(b.nr_irqs, 1);
	assert_string_equal(b.irqs[0].name, "local_timer");
	assert_int_equal(b.irqs[0].id, 236);
	assert_int_equal(b.softirq_count, 0);

	assert_int_equal(vcpu_host_info(h, 0, &info), 0);
	assert_int_equal(info.preemptions, 1);
	assert_int_equal(info.index, 2);
	assert_int_equal(info.vcpu_id, 2);
	assert_string_equal(info.comm, "CPU 2/KVM");
	assert_false(info.tcg);

	/* a millisecond of it */
	assert_int_equal(vcpu_host_window(h, 0, 3000000, 4000000, &b), 0);
	assert_states(&b, 0, 0, 0, 1000000, 0, 0);
	assert_task(&b, 0, "spin", 4000, 1, 1000000);
	assert_reason(&b, 0, "EXTERNAL_INTERRUPT", 1, 0, 1000000, 1000000);
	assert_int_equal(b.irq_ns, 2000);
	vcpu_host_free(h);
}

/* tasks run in turn while the vCPU waits: each its time */
static void test_preempted_by_two(void **state)
{
	struct vcpu_host *h = spinner();
	struct vcpu_host_breakdown b;

	(void)state;
	vm_exit(h, 3, 6000000, 300, 2, "EXTERNAL_INTERRUPT");
	sw(h, 3, 6000100, 300, "CPU 2/KVM", PREEMPTED, 4000, "spin");
	sw(h, 3, 6001100, 4000, "spin", PREEMPTED, 31, "ksoftirqd/3");
	sw(h, 3, 6001600, 31, "ksoftirqd/3", SLEEPING, 4000, "spin");
	sw(h, 3, 6001800, 4000, "spin", SLEEPING, 300, "CPU 2/KVM");
	vm_entry(h, 3, 6001900, 300, 2);
	totals(h, 300, 6000000, &b);
	assert_states(&b, 1000000 + 980000, 20000 + 200, 0, 3000000 + 1000 + 500 + 200, 0,
		      500000);
	assert_int_equal(b.nr_tasks, 2);
	assert_task(&b, 0, "spin", 4000, 3, 3001200);
	assert_task(&b, 1, "ksoftirqd/3", 31, 1, 500);
	assert_reason(&b, 0, "EXTERNAL_INTERRUPT", 2, 0, 3020000 + 1900, 3020000);
	vcpu_host_free(h);
}

/* preempted on one CPU, run again on another: the wait ends there */
static void test_migrated(void **state)
{
	struct vcpu_host *h = vcpu_host_new(8, 64);
	struct vcpu_host_breakdown b;

	(void)state;
	vm_entry(h, 3, 1000, 300, 2);
	vm_exit(h, 3, 2000, 300, 2, "EXTERNAL_INTERRUPT");
	sw(h, 3, 2100, 300, "CPU 2/KVM", PREEMPTED, 4000, "spin");
	sw(h, 4, 2800, 0, "swapper/4", RUNNABLE, 300, "CPU 2/KVM");
	intr(h, CTX_IRQ_ENTRY, 3, 2900, 3000, 45, "eth0");	/* not its CPU now */
	sw(h, 3, 3100, 4000, "spin", SLEEPING, 0, "swapper/3");
	vm_entry(h, 4, 3200, 300, 2);
	totals(h, 300, 1000, &b);
	assert_states(&b, 1000, 100 + 400, 0, 700, 0, 0);
	assert_task(&b, 0, "spin", 4000, 1, 700);
	assert_int_equal(b.irq_count, 0);
	vcpu_host_free(h);
}

/*
 * An IRQ and a softirq while the vCPU is out of guest mode; one while it is
 * in guest mode (it could not be) and one while it sleeps halted are not
 * its
 */
static void test_irq_while_out(void **state)
{
	struct vcpu_host *h = vcpu_host_new(8, 1024);
	struct vcpu_host_breakdown b;

	(void)state;
	vm_entry(h, 5, 1000, 400, 4);
	intr(h, CTX_IRQ_ENTRY, 5, 1500, 1600, 45, "eth0");
	vm_exit(h, 5, 2000, 400, 4, "EXTERNAL_INTERRUPT");
	intr(h, CTX_IRQ_ENTRY, 5, 2100, 2600, 45, "eth0");
	intr(h, CTX_SOFTIRQ_ENTRY, 5, 2700, 3700, 3, "NET_RX");
	vm_entry(h, 5, 4000, 400, 4);
	vm_exit(h, 5, 10000, 400, 4, "HLT");
	sw(h, 5, 10100, 400, "CPU 4/KVM", SLEEPING, 0, "swapper/5");
	intr(h, CTX_SOFTIRQ_ENTRY, 5, 12000, 12500, 1, "TIMER");
	sw(h, 5, 20000, 0, "swapper/5", RUNNABLE, 400, "CPU 4/KVM");
	vm_entry(h, 5, 20100, 400, 4);

	totals(h, 400, 1000, &b);
	assert_int_equal(b.end_ns - b.start_ns, 19100);
	assert_states(&b, 7000, 2200, 0, 0, 9900, 0);
	assert_int_equal(b.irq_count, 1);
	assert_int_equal(b.irq_ns, 500);
	assert_string_equal(b.irqs[0].name, "eth0");
	assert_int_equal(b.irqs[0].id, 45);
	assert_int_equal(b.softirq_count, 1);
	assert_int_equal(b.softirq_ns, 1000);
	assert_string_equal(b.softirqs[0].name, "NET_RX");
	assert_int_equal(b.softirqs[0].id, 3);
	/* a halt: long, but asleep; its max leaves the sleep out */
	assert_reason(&b, 0, "HLT", 1, 0, 10100, 200);
	assert_int_equal(b.reasons[0].sleep_ns, 9900);
	assert_reason(&b, 1, "EXTERNAL_INTERRUPT", 1, 0, 2000, 2000);

	/* a window inside the exit cuts the IRQ and the softirq */
	assert_int_equal(vcpu_host_window(h, 0, 2300, 3000, &b), 0);
	assert_states(&b, 0, 700, 0, 0, 0, 0);
	assert_int_equal(b.irq_ns, 300);
	assert_int_equal(b.irq_count, 1);
	assert_int_equal(b.softirq_ns, 300);
	assert_reason(&b, 0, "EXTERNAL_INTERRUPT", 1, 0, 700, 700);
	vcpu_host_free(h);
}

/* a ring of 4 segments: the totals count them all, a window what is kept */
static void test_ring_overflow(void **state)
{
	struct vcpu_host *h = vcpu_host_new(1, 4);
	struct vcpu_host_breakdown b;
	struct vcpu_host_info info;
	int i;

	(void)state;
	vm_entry(h, 0, 1000, 100, 0);
	for (i = 0; i < 10; i++) {
		vm_exit(h, 0, 1100 + 200 * i, 100, 0, "cpuid");
		vm_entry(h, 0, 1200 + 200 * i, 100, 0);
	}
	assert_int_equal(vcpu_host_info(h, 0, &info), 0);
	assert_int_equal(info.dropped, 20 - 4);
	totals(h, 100, 1000, &b);
	assert_int_equal(b.exits, 10);
	assert_states(&b, 1000, 1000, 0, 0, 0, 0);
	assert_true(b.dropped);

	assert_int_equal(vcpu_host_window(h, 0, 1000, 3000, &b), 0);
	assert_true(b.dropped);
	assert_states(&b, 200, 200, 0, 0, 0, 1600);
	assert_int_equal(b.exits, 2);

	/* after the last segment dropped: all kept */
	assert_int_equal(vcpu_host_window(h, 0, 2650, 3000, &b), 0);
	assert_false(b.dropped);
	assert_states(&b, 150, 200, 0, 0, 0, 0);
	vcpu_host_free(h);
}

/*
 * Threads first seen in the middle of an exit (at the VMM), in guest mode,
 * and switched in; an event older than the thread's last is left out
 */
static void test_first_seen_and_order(void **state)
{
	struct vcpu_host *h = vcpu_host_new(2, 64);
	struct vcpu_host_breakdown b;
	struct vcpu_host_info info;

	(void)state;
	to_vmm(h, 0, 1000, 600, "KVM_EXIT_IO", 0);
	vm_entry(h, 0, 3000, 600, 6);
	vm_exit(h, 0, 5000, 600, 6, "io");
	vm_entry(h, 0, 4000, 600, 6);		/* out of order */
	vm_entry(h, 0, 5500, 600, 6);
	totals(h, 600, 1000, &b);
	assert_int_equal(b.end_ns - b.start_ns, 4500);
	assert_states(&b, 2000, 500, 2000, 0, 0, 0);
	assert_int_equal(b.exits, 2);
	assert_reason(&b, 0, "unknown", 1, 1, 2000, 2000);
	assert_int_equal(b.reasons[0].vmm_ns, 2000);
	assert_reason(&b, 1, "io", 1, 0, 500, 500);
	assert_int_equal(vcpu_host_info(h, vcpu_host_find(h, 600, 1000), &info), 0);
	assert_int_equal(info.out_of_order, 1);
	assert_int_equal(info.vcpu_id, 6);

	/* in guest mode: nothing before */
	vm_entry(h, 1, 100, 601, 1);
	vm_exit(h, 1, 400, 601, 1, "hlt");
	totals(h, 601, 100, &b);
	assert_int_equal(b.start_ns, 100);
	assert_states(&b, 300, 5100, 0, 0, 0, 0);	/* the exit open until now */

	/* switched in: out of guest mode, not known how until its first KVM event */
	sw(h, 1, 6000, 0, "swapper/1", RUNNABLE, 602, "CPU 7/KVM");
	vm_exit(h, 1, 6500, 602, 7, "io");
	vm_entry(h, 1, 6600, 602, 7);
	totals(h, 602, 6000, &b);
	assert_states(&b, 0, 100, 0, 0, 0, 500);
	vcpu_host_free(h);
}

/* a pid used again, by a task that is no vCPU thread, then by another one */
static void test_pid_reuse(void **state)
{
	struct vcpu_host *h = vcpu_host_new(2, 64);
	struct vcpu_host_breakdown b;
	struct vcpu_host_info info;

	(void)state;
	sw(h, 0, 1000, 0, "swapper/0", RUNNABLE, 700, "CPU 0/KVM");
	vm_entry(h, 0, 1100, 700, 0);
	vm_exit(h, 0, 2000, 700, 0, "hlt");
	sw(h, 0, 2100, 700, "CPU 0/KVM", SLEEPING, 0, "swapper/0");
	sw(h, 0, 5000, 0, "swapper/0", RUNNABLE, 700, "kworker/0:1");
	sw(h, 0, 5100, 700, "kworker/0:1", SLEEPING, 0, "swapper/0");
	assert_int_equal(vcpu_host_nr(h), 1);
	sw(h, 1, 8000, 0, "swapper/1", RUNNABLE, 700, "CPU 1/KVM");
	vm_entry(h, 1, 8100, 700, 1);
	vm_exit(h, 1, 9000, 700, 1, "io");
	vm_entry(h, 1, 9100, 700, 1);
	vm_exit(h, 1, 10000, 700, 5, "io");	/* another vCPU id: another thread */
	assert_int_equal(vcpu_host_nr(h), 3);

	assert_int_equal(vcpu_host_info(h, 0, &info), 0);
	assert_true(info.retired);
	assert_int_equal(info.index, 0);
	assert_int_equal(info.last_ns, 2100);
	assert_int_equal(vcpu_host_totals(h, 0, &b), 0);
	assert_int_equal(b.end_ns, 2100);
	assert_states(&b, 900, 100, 0, 0, 0, 100);
	assert_reason(&b, 0, "hlt", 1, 0, 100, 100);

	assert_int_equal(vcpu_host_info(h, 1, &info), 0);
	assert_true(info.retired);
	assert_int_equal(info.index, 1);
	assert_int_equal(info.vcpu_id, 1);
	assert_int_equal(vcpu_host_totals(h, 1, &b), 0);
	assert_int_equal(b.start_ns, 8000);
	assert_int_equal(b.end_ns, 9100);
	assert_states(&b, 900, 100, 0, 0, 0, 100);

	assert_int_equal(vcpu_host_info(h, 2, &info), 0);
	assert_false(info.retired);
	assert_int_equal(info.vcpu_id, 5);
	assert_int_equal(info.index, -1);

	assert_int_equal(vcpu_host_find(h, 700, 1500), 0);
	assert_int_equal(vcpu_host_find(h, 700, 8050), 1);
	assert_int_equal(vcpu_host_find(h, 700, 20000), 2);
	assert_int_equal(vcpu_host_find(h, 700, 500), -1);
	assert_int_equal(vcpu_host_find(h, 701, 1500), -1);
	vcpu_host_free(h);
}

/* a TCG thread: no KVM events, its running is the guest's */
static void test_tcg(void **state)
{
	struct vcpu_host *h = vcpu_host_new(4, 64);
	struct vcpu_host_breakdown b;
	struct vcpu_host_info info;

	(void)state;
	sw(h, 2, 1000, 0, "swapper/2", RUNNABLE, 800, "CPU 0/TCG");
	sw(h, 2, 3000, 800, "CPU 0/TCG", SLEEPING, 0, "swapper/2");
	sw(h, 2, 4000, 0, "swapper/2", RUNNABLE, 800, "CPU 0/TCG");
	sw(h, 2, 4500, 800, "CPU 0/TCG", PREEMPTED, 900, "stress");
	sw(h, 2, 6500, 900, "stress", RUNNABLE, 800, "CPU 0/TCG");
	totals(h, 800, 1000, &b);
	assert_states(&b, 2500, 0, 0, 2000, 1000, 0);
	assert_task(&b, 0, "stress", 900, 1, 2000);
	assert_int_equal(b.exits, 0);
	assert_int_equal(vcpu_host_info(h, 0, &info), 0);
	assert_true(info.tcg);
	assert_int_equal(info.index, 0);
	assert_int_equal(info.vcpu_id, -1);
	/* not QEMU's names of vCPU threads */
	sw(h, 1, 7000, 0, "swapper/1", RUNNABLE, 801, "CPU 1/KVMX");
	sw(h, 1, 7100, 801, "CPU 1/KVMX", SLEEPING, 802, "CPU x/KVM");
	sw(h, 1, 7200, 802, "CPU x/KVM", SLEEPING, 803, "CPU -1/KVM");
	assert_int_equal(vcpu_host_nr(h), 1);
	vcpu_host_free(h);
}

/* more tasks than the table's rows: the smallest are "other" */
static void test_top_tasks(void **state)
{
	struct vcpu_host *h = vcpu_host_new(1, 256);
	struct vcpu_host_breakdown b;
	uint64_t t = 1000, sum = 0;
	char comm[16];
	int k;

	(void)state;
	sw(h, 0, t, 0, "swapper/0", RUNNABLE, 100, "CPU 0/KVM");
	for (k = 0; k < 12; k++) {
		snprintf(comm, sizeof(comm), "t%d", k);
		vm_exit(h, 0, t + 10, 100, 0, "EXTERNAL_INTERRUPT");
		sw(h, 0, t + 20, 100, "CPU 0/KVM", PREEMPTED, 1000 + k, comm);
		sw(h, 0, t + 20 + (k + 1) * 100, 1000 + k, comm, SLEEPING, 100, "CPU 0/KVM");
		t += 20 + (k + 1) * 100;
		vm_entry(h, 0, t + 10, 100, 0);
		t += 10;
	}
	totals(h, 100, 1000, &b);
	assert_states(&b, 11 * 10, 12 * 20, 0, 78 * 100, 0, 10);
	assert_int_equal(b.nr_tasks, VCPU_HOST_TOP + 1);
	assert_task(&b, 0, "t11", 1011, 1, 1200);
	assert_task(&b, VCPU_HOST_TOP - 1, "t4", 1004, 1, 500);
	assert_task(&b, VCPU_HOST_TOP, "other", -1, 4, 1000);
	for (k = 0; k < b.nr_tasks; k++)
		sum += b.tasks[k].ns;
	assert_int_equal(sum, b.preempted_ns);
	assert_int_equal(b.exits, 12);
	vcpu_host_free(h);
}

static void test_bad_args(void **state)
{
	struct vcpu_host *h = vcpu_host_new(2, 8);
	struct rtl_record r = { .kind = RECORD_NOISE_SAMPLE };
	struct vcpu_host_breakdown b;
	struct vcpu_host_info info;

	(void)state;
	assert_null(vcpu_host_new(0, 8));
	assert_null(vcpu_host_new(2, 0));
	vcpu_host_free(NULL);
	vcpu_host_feed(NULL, &r);
	vcpu_host_feed(h, &r);
	intr(h, CTX_IRQ_ENTRY, 9, 10, 20, 1, "far");	/* no such CPU */
	r.kind = RECORD_CTX;
	r.edge.kind = CTX_IRQ_EXIT;			/* an exit without its entry */
	vcpu_host_feed(h, &r);
	vm_exit(h, 0, 30, 0, 0, "io");			/* pid 0: the idle task */
	assert_int_equal(vcpu_host_nr(h), 0);
	assert_int_equal(vcpu_host_nr(NULL), 0);
	assert_int_equal(vcpu_host_find(NULL, 1, 0), -1);
	assert_int_equal(vcpu_host_info(h, 0, &info), -1);
	assert_int_equal(vcpu_host_totals(h, -1, &b), -1);
	assert_int_equal(vcpu_host_window(NULL, 0, 0, 1, &b), -1);
	vcpu_host_free(h);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cpuid_loop),
		cmocka_unit_test(test_port_io),
		cmocka_unit_test(test_window_edges),
		cmocka_unit_test(test_preempted),
		cmocka_unit_test(test_preempted_by_two),
		cmocka_unit_test(test_migrated),
		cmocka_unit_test(test_irq_while_out),
		cmocka_unit_test(test_ring_overflow),
		cmocka_unit_test(test_first_seen_and_order),
		cmocka_unit_test(test_pid_reuse),
		cmocka_unit_test(test_tcg),
		cmocka_unit_test(test_top_tasks),
		cmocka_unit_test(test_bad_args),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
