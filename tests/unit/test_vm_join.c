// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for vm_timemap and vm_join: a guest clock with a known offset
 * and drift found again from round trips (the quickest of each round, a
 * damaged trip skipped), and guest samples joined with a host's vCPU
 * thread preempted by a spinner: the spinner's time in each sample, the
 * rest in guest mode, what the host recording does not cover unknown,
 * the longest samples kept in order, a CPU without a vCPU thread, a sample
 * from before the host recording
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "analysis/vm_join.h"
#include "vcpu_feed.h"

#define RUNNABLE	0x0
#define PREEMPTED	0x100

/* host = guest * (1 + drift) + offset, with a trip's delays out and back */
static struct vm_sync_trip trip(double offset, double drift_ppm, uint64_t send, uint64_t out,
				uint64_t back)
{
	double host_at = (double)(send + out);

	return (struct vm_sync_trip) {
		.guest_send = send,
		.guest_recv = send + out + back,
		.host = (uint64_t)(host_at + offset + drift_ppm / 1e6 * host_at),
	};
}

static void test_timemap_offset_drift(void **state)
{
	const double offset = 5e12, drift = 40;	/* 40 ppm fast */
	struct vm_sync_trip t[12];
	struct vm_timemap m;
	uint64_t g = 10000000000ULL, want;
	int i;

	(void)state;
	/* three rounds 5 s apart; the quickest trip of each is symmetric */
	for (i = 0; i < 12; i++) {
		uint64_t at = 1000000000ULL + (uint64_t)(i / 4) * 5000000000ULL + (i % 4) * 1000000;
		uint64_t d = i % 4 == 2 ? 20000 : 90000 + (i % 4) * 50000;

		t[i] = trip(offset, drift, at, d, i % 4 == 2 ? 20000 : d / 3);
	}
	vm_timemap_fit(&m, t, 12);
	assert_true(m.known);
	assert_int_equal(m.trips, 12);
	assert_int_equal(m.groups, 3);
	assert_int_equal(m.rtt_min_ns, 40000);
	assert_int_equal(m.rtt_max_ns, 40000);
	assert_true(m.drift_ppm > 39.9 && m.drift_ppm < 40.1);
	assert_true(m.error_ns >= 20000 && m.error_ns < 21000);
	want = (uint64_t)((double)g + offset + drift / 1e6 * (double)g);
	assert_true(llabs((long long)(vm_timemap_host(&m, g) - want)) < 1000);
}

static void test_timemap_one_round_damaged(void **state)
{
	struct vm_sync_trip t[3];
	struct vm_timemap m;

	(void)state;
	t[0] = trip(-1e9, 0, 3000000000ULL, 50000, 50000);
	t[1] = t[0];
	t[1].guest_recv = t[1].guest_send - 1;		/* the answer before the request */
	t[2] = trip(-1e9, 0, 3000100000ULL, 80000, 40000);
	vm_timemap_fit(&m, t, 3);
	assert_true(m.known);
	assert_int_equal(m.trips, 2);
	assert_int_equal(m.groups, 1);
	assert_true(m.drift_ppm == 0);
	/* the quickest trip (symmetric) holds the offset exactly */
	assert_int_equal(vm_timemap_host(&m, 4000000000ULL), 3000000000ULL);
	assert_int_equal(m.error_ns, 50000);
	vm_timemap_fit(&m, t + 1, 1);
	assert_false(m.known);
	assert_int_equal(vm_timemap_host(&m, 77), 77);
}

static void sw(struct vcpu_host *h, int cpu, uint64_t ts, int prev_pid, const char *prev_comm,
	       int64_t prev_state, int next_pid, const char *next_comm)
{
	vcpu_feed_switch(h, cpu, ts, prev_pid, prev_comm, prev_state, next_pid, next_comm);
}

/*
 * Host times from 1,000,000 ns; the guest's clock is the host's - 1,000,000
 * (one symmetric trip). "CPU 0/TCG" (pid 800) runs on host CPU 1, and the
 * spinner (pid 900) preempts it for 3000 ns every 10,000 ns, 5 times.
 */
static struct vm_join *spinner_join(uint64_t *end)
{
	struct vcpu_host *h = vcpu_host_new(2, 1024);
	struct vm_sync_trip t = trip(1000000, 0, 500000, 1000, 1000);
	struct vm_timemap m;
	uint64_t at = 1000000;
	int i;

	sw(h, 1, at, 0, "swapper/1", RUNNABLE, 800, "CPU 0/TCG");
	for (i = 0; i < 5; i++) {
		at += 7000;
		sw(h, 1, at, 800, "CPU 0/TCG", PREEMPTED, 900, "rtlens-spin");
		at += 3000;
		sw(h, 1, at, 900, "rtlens-spin", RUNNABLE, 800, "CPU 0/TCG");
	}
	*end = at;
	vm_timemap_fit(&m, &t, 1);
	return vm_join_new(h, &m, 2);
}

static void test_join_spinner(void **state)
{
	const struct vm_join_cpu *c;
	struct vm_join *j;
	uint64_t end;

	(void)state;
	j = spinner_join(&end);
	assert_non_null(j);
	/* guest samples: the 1st preemption whole, the 2nd half, then none */
	vm_join_sample(j, 0, 6000, 11000, false);	/* host 1,007,000..1,012,000 */
	vm_join_sample(j, 0, 18500, 20000, false);	/* host 1,018,500..1,020,000 */
	vm_join_sample(j, 0, 21000, 23000, false);	/* in guest mode */
	c = vm_join_cpu(j, 0);
	assert_non_null(c);
	assert_true(c->has_vcpu);
	assert_int_equal(c->vcpu.pid, 800);
	assert_int_equal(c->samples, 3);
	assert_int_equal(c->joined, 3);
	assert_int_equal(c->noise_ns, 5000 + 1500 + 2000);
	assert_int_equal(c->preempted_ns, 3000 + 1500);
	assert_int_equal(c->guest_ns, 2000 + 2000);
	assert_int_equal(c->unknown_ns, 0);
	assert_int_equal(c->tasks.nr, 1);
	assert_string_equal(c->tasks.row[0].name, "rtlens-spin");
	assert_int_equal(c->tasks.row[0].id, 900);
	assert_int_equal(c->tasks.row[0].ns, 4500);
	/* the longest first */
	assert_int_equal(c->nr_worst, 3);
	assert_int_equal(c->worst[0].duration_ns, 5000);
	assert_int_equal(c->worst[1].duration_ns, 2000);
	assert_int_equal(c->worst[2].duration_ns, 1500);
	assert_int_equal(vm_join_host_ns(&c->worst[0].host), 3000);
	/* guest CPU 1 has no vCPU thread: counted, not joined */
	vm_join_sample(j, 1, 6000, 7000, false);
	c = vm_join_cpu(j, 1);
	assert_non_null(c);
	assert_false(c->has_vcpu);
	assert_int_equal(c->joined, 0);
	assert_null(vm_join_cpu(j, 2));
	vm_join_free(j);
}

/* a sample after the host recording's last event: unknown, not guest */
static void test_join_unknown_and_records(void **state)
{
	struct rtl_record r = { .kind = RECORD_NOISE_SAMPLE };
	const struct vm_join_cpu *c;
	struct vm_join *j;
	uint64_t end;
	int i;

	(void)state;
	j = spinner_join(&end);
	r.sample.cpu = 0;
	r.sample.start_ns = end - 1000000 - 1000;	/* guest time of host end - 1000 */
	r.sample.duration_ns = 3000;
	vm_join_record(j, &r);
	c = vm_join_cpu(j, 0);
	assert_int_equal(c->preempted_ns, 1000);	/* the last preemption's end */
	assert_int_equal(c->guest_ns, 0);
	assert_int_equal(c->unknown_ns, 2000);
	/* timerlat: the thread's latency before its record, the IRQ's not joined */
	r.kind = RECORD_TIMERLAT;
	r.timerlat.cpu = 0;
	r.timerlat.ts = 11000;
	r.timerlat.latency_ns = 5000;
	r.timerlat.context = TIMERLAT_IRQ;
	vm_join_record(j, &r);
	assert_int_equal(c->samples, 1);
	r.timerlat.context = TIMERLAT_THREAD;
	vm_join_record(j, &r);
	assert_int_equal(c->samples, 2);
	assert_true(c->worst[0].latency);
	assert_int_equal(c->preempted_ns, 1000 + 3000);
	/* more samples than are kept: the longest stay */
	for (i = 0; i < 2 * VM_JOIN_WORST; i++)
		vm_join_sample(j, 0, 30000 + i * 100, 30000 + i * 100 + 10 + i, false);
	assert_int_equal(c->nr_worst, VM_JOIN_WORST);
	assert_int_equal(c->worst[0].duration_ns, 5000);
	assert_int_equal(c->worst[VM_JOIN_WORST - 1].duration_ns, 10 + 2 * VM_JOIN_WORST - 3);
	vm_join_record(NULL, &r);
	vm_join_free(j);
}

/* a sample before the host recording's first event: its thread, unknown */
static void test_join_before_host(void **state)
{
	struct vcpu_host *h = vcpu_host_new(2, 64);
	struct vm_sync_trip t = trip(0, 0, 100, 10, 10);
	const struct vm_join_cpu *c;
	struct vm_timemap m;
	struct vm_join *j;

	(void)state;
	sw(h, 0, 5000000, 0, "swapper/0", RUNNABLE, 700, "CPU 0/TCG");
	sw(h, 0, 5004000, 700, "CPU 0/TCG", PREEMPTED, 0, "swapper/0");
	vm_timemap_fit(&m, &t, 1);
	j = vm_join_new(h, &m, 1);
	vm_join_sample(j, 0, 4998000, 5001000, false);
	c = vm_join_cpu(j, 0);
	assert_true(c->has_vcpu);
	assert_int_equal(c->joined, 1);
	assert_int_equal(c->threads, 0);	/* none alive at its start */
	assert_int_equal(c->unknown_ns, 2000);
	assert_int_equal(c->guest_ns, 1000);
	vm_join_free(j);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_timemap_offset_drift),
		cmocka_unit_test(test_timemap_one_round_damaged),
		cmocka_unit_test(test_join_spinner),
		cmocka_unit_test(test_join_unknown_and_records),
		cmocka_unit_test(test_join_before_host),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
