// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for kvm_exits: vCPU threads from kvm_exit, the exits
 * of each reported run of a vCPU thread, counted by reason in the noise
 * sample the run started in, per CPU
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "analysis/kvm_exits.h"

static void feed(struct kvm_exits *k, int cpu, uint64_t ts, int pid, int vcpu,
		 const char *reason)
{
	struct kvm_edge e = { .cpu = cpu, .ts = ts, .pid = pid, .vcpu_id = vcpu };

	snprintf(e.reason, sizeof(e.reason), "%s", reason);
	kvm_exits_feed(k, &e);
}

static void assert_reason(const struct kvm_exit_counts *c, int i, const char *reason,
			  uint64_t count)
{
	assert_true(i < c->nr);
	assert_string_equal(c->by_reason[i].reason, reason);
	assert_int_equal(c->by_reason[i].count, count);
}

static void test_vcpu_threads(void **state)
{
	struct kvm_exits *k = kvm_exits_new(4);

	(void)state;
	assert_non_null(k);
	assert_int_equal(kvm_exits_nr_vcpus(k), 0);
	assert_int_equal(kvm_exits_vcpu(k, 100), -1);
	feed(k, 1, 10, 100, 0, "io");
	feed(k, 2, 11, 101, 1, "hlt");
	feed(k, 1, 12, 100, 0, "io");
	assert_int_equal(kvm_exits_vcpu(k, 100), 0);
	assert_int_equal(kvm_exits_vcpu(k, 101), 1);
	assert_int_equal(kvm_exits_vcpu(k, 102), -1);
	assert_int_equal(kvm_exits_vcpu(k, 0), -1);
	assert_int_equal(kvm_exits_nr_vcpus(k), 2);
	/* a thread may run another vCPU later: the last one counts */
	feed(k, 1, 13, 100, 5, "io");
	assert_int_equal(kvm_exits_vcpu(k, 100), 5);
	assert_int_equal(kvm_exits_nr_vcpus(k), 2);
	assert_int_equal(kvm_exits_vcpu(NULL, 100), -1);
	kvm_exits_free(k);
}

/* the exits of a run count in the sample its start lies in */
static void test_sample_window(void **state)
{
	struct kvm_exits *k = kvm_exits_new(4);
	struct kvm_exit_counts c;

	(void)state;
	feed(k, 1, 10, 100, 0, "io");		/* a run before the sample */
	kvm_exits_thread_end(k, 1, 100, 5);
	feed(k, 1, 16, 100, 0, "cpuid");	/* a run that starts at its start */
	feed(k, 1, 20, 100, 0, "io");
	feed(k, 1, 30, 100, 0, "io");
	kvm_exits_thread_end(k, 1, 100, 15);
	feed(k, 1, 36, 100, 0, "hlt");		/* one that starts at its end */
	kvm_exits_thread_end(k, 1, 100, 35);
	feed(k, 2, 20, 101, 1, "io");		/* another CPU */
	kvm_exits_thread_end(k, 2, 101, 18);
	kvm_exits_sample(k, 1, 15, 35, &c);
	assert_int_equal(c.total, 3);
	assert_int_equal(c.dropped, 0);
	assert_int_equal(c.nr, 2);
	assert_reason(&c, 0, "io", 2);
	assert_reason(&c, 1, "cpuid", 1);

	kvm_exits_sample(k, 1, 35, 40, &c);
	assert_int_equal(c.total, 1);
	assert_reason(&c, 0, "hlt", 1);
	/* nothing is counted twice */
	kvm_exits_sample(k, 1, 0, 100, &c);
	assert_int_equal(c.total, 0);
	assert_int_equal(c.nr, 0);

	kvm_exits_cpu_totals(k, 1, &c);
	assert_int_equal(c.total, 4);
	assert_reason(&c, 0, "io", 2);
	assert_reason(&c, 1, "cpuid", 1);	/* ties by name */
	assert_reason(&c, 2, "hlt", 1);
	kvm_exits_cpu_totals(k, 2, &c);	/* cpu 2 had no sample */
	assert_int_equal(c.total, 0);
	kvm_exits_cpu_totals(k, 3, &c);	/* nor any exit */
	assert_int_equal(c.total, 0);
	kvm_exits_sample(k, 9, 0, 100, &c);	/* out of range */
	assert_int_equal(c.total, 0);
	kvm_exits_free(k);
}

/* exits are tied to the run of their own thread only */
static void test_run_matching(void **state)
{
	struct kvm_exits *k = kvm_exits_new(1);
	struct kvm_exit_counts c;

	(void)state;
	/* a run not reported (tracer not sampling), then a reported one */
	feed(k, 0, 1000, 100, 0, "io");
	feed(k, 0, 1010, 100, 0, "io");
	feed(k, 0, 1000000, 100, 0, "cpuid");	/* after a pause: the run */
	feed(k, 0, 1000100, 100, 0, "cpuid");
	kvm_exits_thread_end(k, 0, 100, 999000);
	/* another thread's exits, then the run of a thread without exits */
	feed(k, 0, 2000000, 101, 1, "hlt");
	kvm_exits_thread_end(k, 0, 77, 1999000);
	/* exits of two threads in a row: the first one's run was not reported */
	feed(k, 0, 3000000, 101, 1, "hlt");
	feed(k, 0, 3000500, 100, 0, "npf");
	kvm_exits_thread_end(k, 0, 100, 3000400);
	kvm_exits_sample(k, 0, 0, 4000000, &c);
	assert_int_equal(c.total, 3);
	assert_reason(&c, 0, "cpuid", 2);
	assert_reason(&c, 1, "npf", 1);
	kvm_exits_free(k);
}

/* a run with more reasons than a bundle keeps: the rarest are "other" */
static void test_other(void **state)
{
	struct kvm_exits *k = kvm_exits_new(1);
	struct kvm_exit_counts c;
	uint64_t sum = 0;
	char name[16];
	int r, i;

	(void)state;
	for (r = 0; r < KVM_MAX_REASONS + 3; r++) {
		snprintf(name, sizeof(name), "r%02d", r);
		for (i = 0; i <= r; i++)
			feed(k, 0, 100 + r * 100 + i, 7, 0, name);
	}
	kvm_exits_thread_end(k, 0, 7, 50);
	kvm_exits_sample(k, 0, 0, 10000, &c);
	assert_int_equal(c.nr, KVM_MAX_REASONS + 1);
	assert_reason(&c, 0, "r10", 11);
	assert_reason(&c, KVM_MAX_REASONS - 1, "r03", 4);
	assert_reason(&c, KVM_MAX_REASONS, "other", 1 + 2 + 3);
	for (i = 0; i < c.nr; i++)
		sum += c.by_reason[i].count;
	assert_int_equal(sum, c.total);
	assert_int_equal(c.total, (KVM_MAX_REASONS + 3) * (KVM_MAX_REASONS + 4) / 2);
	kvm_exits_free(k);
}

/* a long run: any number of exits, one bundle */
static void test_long_run(void **state)
{
	struct kvm_exits *k = kvm_exits_new(1);
	struct kvm_exit_counts c;
	int i;

	(void)state;
	for (i = 0; i < 100000; i++)
		feed(k, 0, 1000 + i * 10, 7, 0, i % 2 ? "io" : "cpuid");
	kvm_exits_thread_end(k, 0, 7, 1000);
	kvm_exits_sample(k, 0, 900, 2000000, &c);
	assert_int_equal(c.total, 100000);
	assert_int_equal(c.dropped, 0);
	assert_reason(&c, 0, "cpuid", 50000);
	assert_reason(&c, 1, "io", 50000);
	kvm_exits_free(k);
}

/* more runs than the ring holds before their sample: the oldest are dropped */
static void test_ring_bound(void **state)
{
	struct kvm_exits *k = kvm_exits_new(1);
	struct kvm_exit_counts c;
	int i;

	(void)state;
	for (i = 0; i < KVM_BUNDLES + 5; i++) {
		feed(k, 0, 1000 + i * 10 + 1, 7, 0, "io");
		feed(k, 0, 1000 + i * 10 + 2, 7, 0, "io");
		kvm_exits_thread_end(k, 0, 7, 1000 + i * 10);
	}
	kvm_exits_sample(k, 0, 1000, 1000 + (KVM_BUNDLES + 5) * 10, &c);
	assert_int_equal(c.total, 2 * KVM_BUNDLES);
	assert_int_equal(c.dropped, 2 * 5);
	kvm_exits_cpu_totals(k, 0, &c);
	assert_int_equal(c.total, 2 * KVM_BUNDLES);
	assert_int_equal(c.dropped, 2 * 5);

	/* drops of runs before the next sample began are not its own */
	for (i = 0; i < KVM_BUNDLES + 2; i++) {
		feed(k, 0, 100000 + i * 10 + 1, 7, 0, "io");
		kvm_exits_thread_end(k, 0, 7, 100000 + i * 10);
	}
	kvm_exits_sample(k, 0, 200000, 200010, &c);
	assert_int_equal(c.total, 0);
	assert_int_equal(c.dropped, 0);
	kvm_exits_free(k);
}

/* kvm_entry's and kvm_userspace_exit's edges are not exits */
static void test_not_exits(void **state)
{
	struct kvm_exits *k = kvm_exits_new(1);
	struct kvm_edge e = { .cpu = 0, .ts = 20, .pid = 7, .vcpu_id = 0 };
	struct kvm_exit_counts c;

	(void)state;
	feed(k, 0, 10, 7, 0, "io");
	e.kind = KVM_EDGE_USERSPACE;
	snprintf(e.reason, sizeof(e.reason), "KVM_EXIT_IO");
	kvm_exits_feed(k, &e);
	e.kind = KVM_EDGE_ENTRY;
	e.ts = 30;
	e.pid = 8;
	kvm_exits_feed(k, &e);
	kvm_exits_thread_end(k, 0, 7, 5);
	kvm_exits_sample(k, 0, 0, 100, &c);
	assert_int_equal(c.total, 1);
	assert_reason(&c, 0, "io", 1);
	assert_int_equal(kvm_exits_nr_vcpus(k), 1);
	kvm_exits_free(k);
}

static void test_bad_args(void **state)
{
	struct kvm_exit_counts c;

	(void)state;
	assert_null(kvm_exits_new(0));
	kvm_exits_free(NULL);
	kvm_exits_feed(NULL, &(struct kvm_edge){ .pid = 1 });
	kvm_exits_thread_end(NULL, 0, 1, 0);
	kvm_exits_sample(NULL, 0, 0, 1, &c);
	assert_int_equal(c.total, 0);
	kvm_exits_cpu_totals(NULL, 0, &c);
	assert_int_equal(c.nr, 0);
	assert_int_equal(kvm_exits_nr_vcpus(NULL), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vcpu_threads),
		cmocka_unit_test(test_sample_window),
		cmocka_unit_test(test_run_matching),
		cmocka_unit_test(test_other),
		cmocka_unit_test(test_long_run),
		cmocka_unit_test(test_ring_bound),
		cmocka_unit_test(test_not_exits),
		cmocka_unit_test(test_bad_args),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
