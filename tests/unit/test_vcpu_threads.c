// SPDX-License-Identifier: GPL-2.0
/*
 * test_vcpu_threads - issue #27, point 1 wired in: the records an engine
 * hands the session (RECORD_KVM, RECORD_CTX) reach a KVM host's vCPU
 * threads through run_models, whichever way they come (models, analysis),
 * and the section after the tables and the report's vcpu_threads show
 * them: a CPUID loop's light exits, port I/O's heavy ones, a preemption,
 * an IRQ while out; --vm's threads only; nothing without KVM records
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "analysis/run_models.h"
#include "render/render.h"
#include "cmdline.h"

#define VCPU0	100	/* "CPU 0/KVM", vCPU 0 */
#define VCPU1	300	/* "CPU 1/KVM", vCPU 1, seen first */
#define SPIN	200
#define LOOPS	10

struct run {
	struct rtl_params	p;
	struct run_models	m;
	struct run_view		v;
};

static struct run *run_new(int argc, char **argv)
{
	struct run *r = calloc(1, sizeof(*r));

	assert_non_null(r);
	assert_int_equal(cmdline_parse(&r->p, "osnoise top", 4, argv), OPTS_OK);
	(void)argc;
	assert_int_equal(run_models_init(&r->m, &r->p, NULL), 0);
	r->v.elapsed_s = 1;
	return r;
}

static void run_free(struct run *r)
{
	run_models_free(&r->m);
	params_free(&r->p);
	free(r);
}

/* the kernel engine with the analysis apart: KVM edges on the analysis' way */
static void kvm(struct run *r, enum kvm_edge_kind kind, uint64_t ts, int pid, int vcpu,
		const char *reason)
{
	struct rtl_record rec = { .kind = RECORD_KVM };

	rec.kvm = (struct kvm_edge){ .cpu = 1, .ts = ts, .pid = pid, .vcpu_id = vcpu,
				     .kind = kind };
	snprintf(rec.kvm.reason, sizeof(rec.kvm.reason), "%s", reason);
	run_models_add_analysis(&r->m, &rec);
}

/* the user engine: every record on one way */
static void sw(struct run *r, uint64_t ts, int prev, const char *prev_comm, int64_t state,
	       int next, const char *next_comm)
{
	struct rtl_record rec = { .kind = RECORD_CTX };

	rec.edge = (struct ctx_edge){ .cpu = 1, .ts = ts, .kind = CTX_SWITCH, .prev_pid = prev,
				      .next_pid = next, .prev_state = state };
	snprintf(rec.edge.prev_comm, sizeof(rec.edge.prev_comm), "%s", prev_comm);
	snprintf(rec.edge.next_comm, sizeof(rec.edge.next_comm), "%s", next_comm);
	run_models_add(&r->m, &rec);
}

static void irq(struct run *r, uint64_t ts, bool entry)
{
	struct rtl_record rec = { .kind = RECORD_CTX };

	rec.edge = (struct ctx_edge){ .cpu = 1, .ts = ts, .vector = 236,
				      .kind = entry ? CTX_VECTOR_ENTRY : CTX_VECTOR_EXIT };
	snprintf(rec.edge.name, sizeof(rec.edge.name), "local_timer");
	run_models_add(&r->m, &rec);
}

/*
 * On cpu 1: CPU 1/KVM runs first, then sleeps; CPU 0/KVM loops LOOPS
 * times: CPUID (an exit of 200 ns, in the kernel), 800 ns in guest, OUT
 * (an exit of 2000 ns, 1900 of them in the VMM), 1000 ns in guest. In
 * its 5th OUT, the timer's IRQ (300 ns); then it is preempted by a
 * spinner for 5000 ns and runs its guest again.
 */
static uint64_t feed_host(struct run *r)
{
	uint64_t t = 10000;
	int i;

	sw(r, 1000, 1, "swapper/1", 0, VCPU1, "CPU 1/KVM");
	kvm(r, KVM_EDGE_ENTRY, 1100, VCPU1, 1, "");
	kvm(r, KVM_EDGE_EXIT, 2100, VCPU1, 1, "hlt");
	sw(r, 2200, VCPU1, "CPU 1/KVM", 1, VCPU0, "CPU 0/KVM");
	kvm(r, KVM_EDGE_ENTRY, t - 1000, VCPU0, 0, "");
	for (i = 0; i < LOOPS; i++, t += 4000) {
		kvm(r, KVM_EDGE_EXIT, t, VCPU0, 0, "cpuid");
		kvm(r, KVM_EDGE_ENTRY, t + 200, VCPU0, 0, "");
		kvm(r, KVM_EDGE_EXIT, t + 1000, VCPU0, 0, "io");
		kvm(r, KVM_EDGE_USERSPACE, t + 1100, VCPU0, -1, "KVM_EXIT_IO");
		if (i == 4) {
			irq(r, t + 1500, true);
			irq(r, t + 1800, false);
		}
		kvm(r, KVM_EDGE_ENTRY, t + 3000, VCPU0, 0, "");
	}
	kvm(r, KVM_EDGE_EXIT, t, VCPU0, 0, "external_interrupt");
	sw(r, t + 100, VCPU0, "CPU 0/KVM", 0x100, SPIN, "spin");
	sw(r, t + 5100, SPIN, "spin", 0, VCPU0, "CPU 0/KVM");
	kvm(r, KVM_EDGE_ENTRY, t + 5200, VCPU0, 0, "");
	return t + 6200;
}

static char *text_of(const struct run *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	assert_non_null(out);
	render_vcpu_threads(out, &r->m, &r->p);
	assert_int_equal(fclose(out), 0);
	return buf;
}

static char *json_of(const struct run *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	assert_non_null(out);
	assert_int_equal(render_json(out, &r->m, &r->p, &r->v), 0);
	assert_int_equal(fclose(out), 0);
	return buf;
}

static void assert_has(const char *text, const char *needle)
{
	if (!strstr(text, needle))
		fail_msg("\"%s\" not found in:\n%s", needle, text);
}

/* the end of the run at @ts: the records held for order taken in */
static void end_at(struct run *r, uint64_t ts)
{
	struct rtl_record rec = { .kind = RECORD_CTX };

	rec.edge = (struct ctx_edge){ .cpu = 1, .ts = ts, .kind = CTX_IRQ_EXIT };
	run_models_add(&r->m, &rec);
	run_models_flush(&r->m);
}

/* both threads, by QEMU's index: their time, exits, preemption, IRQ */
static void test_section(void **state)
{
	struct run *r = run_new(4, ARGV("osnoise", "-c", "1", "--aa"));
	char *text;

	(void)state;
	end_at(r, feed_host(r));
	text = text_of(r);
	assert_has(text, "vCPU threads on the measured CPUs: 2\n"
		   "  CPU 0/KVM, pid 100, vCPU 0, host cpu 1\n");
	assert_has(text, "    exits: 21, light (in the kernel) 11 7.2 us, "
		   "heavy (to the VMM) 10 20.0 us\n");
	assert_has(text, "    cpuid                          10          2.0       0.20       0.20          0\n");
	assert_has(text, "    io                             10         20.0       2.00       2.00         10\n");
	assert_has(text, "    io                             10         20.0       2.00       2.00         10\n"
		   "    external_interrupt              1          5.2       5.20       5.20          0\n"
		   "    cpuid                          10          2.0       0.20       0.20          0\n");
	assert_has(text, "    54.0 us followed: in guest 37.0 %; out: in the host kernel 5.9 %, "
		   "in the VMM 35.2 %, preempted 9.3 %, sleeping 0.0 %, unknown 12.6 %\n");
	assert_has(text, "    preempted 1 times, 5.0 us\n"
		   "    preempted by: spin:200 1x 5.0 us\n"
		   "    host IRQs while out: local_timer:236 1x 0.3 us\n");
	/* CPU 1/KVM after CPU 0/KVM, though seen first; it slept from 2200 on */
	assert_has(text, "  CPU 1/KVM, pid 300, vCPU 1, host cpu 1\n");
	assert_true(strstr(text, "CPU 0/KVM, pid") < strstr(text, "CPU 1/KVM, pid"));
	/* its exit is from 2100 to the end, but it slept from 2200 on */
	assert_has(text, "    hlt                             1 ");
	assert_has(text, "       0.10       0.10          0\n");
	free(text);
	run_free(r);
}

/* the report: vcpu_threads, the same numbers */
static void test_json(void **state)
{
	struct run *r = run_new(4, ARGV("osnoise", "-c", "1", "--aa"));
	char *doc;

	(void)state;
	end_at(r, feed_host(r));
	doc = json_of(r);
	assert_has(doc, "\"schema_version\": \"2.5\"");
	assert_has(doc, "\"vcpu_threads\": [\n    {\n      \"pid\": 100,\n"
		   "      \"comm\": \"CPU 0/KVM\",\n      \"vcpu_id\": 0,\n      \"qemu_index\": 0,\n"
		   "      \"tcg\": false,\n      \"host_cpus\": \"1\",\n");
	assert_has(doc, "\"reason\": \"io\",\n          \"count\": 10,\n          \"heavy\": 10,\n"
		   "          \"total_us\": 20,\n          \"avg_us\": 2,\n          \"max_us\": 2,\n"
		   "          \"vmm_us\": 19,\n");
	assert_has(doc, "\"preempted_by\": [\n        {\n          \"comm\": \"spin\",\n"
		   "          \"pid\": 200,\n          \"count\": 1,\n          \"us\": 5\n");
	assert_has(doc, "\"exits\": 21,\n      \"heavy_exits\": 10,\n");
	free(doc);
	run_free(r);
}

/* --vm: the threads of its process only; none of them seen: an empty section */
static void test_vm_filter(void **state)
{
	struct run *r = run_new(4, ARGV("osnoise", "-c", "1", "--aa", "--vm", "42"));
	char *text;

	(void)state;
	assert_int_equal(r->p.vm_pid, 42);
	r->p.vm_tids = calloc(2, sizeof(int));
	assert_non_null(r->p.vm_tids);
	r->p.vm_tids[0] = 42;
	r->p.vm_tids[1] = VCPU1;
	r->p.nr_vm_tids = 2;
	text = text_of(r);
	assert_string_equal(text, "vCPU threads on the measured CPUs (of the VMM process 42): 0\n");
	free(text);
	end_at(r, feed_host(r));
	text = text_of(r);
	assert_has(text, "(of the VMM process 42): 1\n  CPU 1/KVM, pid 300, vCPU 1");
	assert_null(strstr(text, "CPU 0/KVM"));
	free(text);
	run_free(r);
}

/* no KVM record, or exits only: no section, vcpu_threads null; a reset forgets the threads */
static void test_none(void **state)
{
	struct run *r = run_new(4, ARGV("osnoise", "-c", "1", "--aa"));
	struct rtl_record rec = { .kind = RECORD_NOISE_EVENT };
	char *text;

	(void)state;
	rec.noise = (struct noise_event){ .cpu = 1, .kind = NOISE_IRQ, .start_ns = 1,
					  .duration_ns = 1, .ts = 2 };
	run_models_add(&r->m, &rec);
	/* KVM exits alone (no kvm_entry traced): nothing followed */
	kvm(r, KVM_EDGE_EXIT, 10, VCPU0, 0, "cpuid");
	kvm(r, KVM_EDGE_EXIT, 20, VCPU0, 0, "io");
	assert_null(r->m.vcpus.host);
	text = text_of(r);
	assert_string_equal(text, "");
	free(text);
	text = json_of(r);
	assert_has(text, "\"vcpu_threads\": null,\n");
	free(text);
	feed_host(r);
	run_models_flush(&r->m);
	assert_int_equal(vcpu_host_nr(r->m.vcpus.host), 2);
	run_models_reset(&r->m);
	assert_null(r->m.vcpus.host);
	run_free(r);
}

/* context edges but no vCPU thread (a machine with no guest): no section, not "0" */
static void test_no_vcpu_thread(void **state)
{
	struct run *r = run_new(4, ARGV("osnoise", "-c", "1", "--aa"));
	char *text;

	(void)state;
	sw(r, 1000, 1, "swapper/1", 0, SPIN, "spin");
	end_at(r, 2000);
	assert_non_null(r->m.vcpus.host);
	text = text_of(r);
	assert_string_equal(text, "");
	free(text);
	run_free(r);
}

/* run with -D --vm 1 --aa: the option; a bad pid is refused */
static void test_option(void **state)
{
	struct rtl_params p;

	(void)state;
	assert_int_equal(cmdline_parse(&p, "timerlat hist", 4, ARGV("timerlat", "--vm", "0")),
			 OPTS_ERROR);
	params_free(&p);
	assert_int_equal(cmdline_parse(&p, "timerlat top", 4, ARGV("timerlat", "--vm", "77")),
			 OPTS_OK);
	assert_int_equal(p.vm_pid, 77);
	params_free(&p);
	assert_int_equal(cmdline_parse(&p, "osnoise hist", 4,
				       ARGV("osnoise", "--vm", "77", "--input", "x.dat")),
			 OPTS_ERROR);
	params_free(&p);
}

/* the heap: whatever the order in, out by (ts, arrival) */
static void test_order_heap(void **state)
{
	struct vcpu_order o = { 0 };
	struct rtl_record rec = { .kind = RECORD_KVM }, out;
	uint64_t last = 0, x = 12345;
	int i, n = 0;

	(void)state;
	for (i = 0; i < 5000; i++) {
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		rec.kvm.ts = (x >> 33) % 100000;
		rec.kvm.pid = i;
		assert_int_equal(vcpu_order_push(&o, &rec), 0);
	}
	assert_false(vcpu_order_pop(&o, false, &out));	/* none is due: 0.1 ms apart */
	while (vcpu_order_pop(&o, true, &out)) {
		assert_true(out.kvm.ts >= last);
		assert_int_equal(out.kind, RECORD_KVM);
		last = out.kvm.ts;
		n++;
	}
	assert_int_equal(n, 5000);
	vcpu_order_free(&o);
}

static void kvm_on(struct run *r, int cpu, enum kvm_edge_kind kind, uint64_t ts, const char *reason)
{
	struct rtl_record rec = { .kind = RECORD_KVM };

	rec.kvm = (struct kvm_edge){ .cpu = cpu, .ts = ts, .pid = VCPU0, .vcpu_id = 0,
				     .kind = kind };
	snprintf(rec.kvm.reason, sizeof(rec.kvm.reason), "%s", reason);
	run_models_add(&r->m, &rec);
}

/*
 * A vCPU thread that moves from cpu 1 to cpu 2, its events handed out CPU
 * after CPU (cpu 2's first, as an engine may): in time order all the same,
 * none out of order; those older than the newest by the hold are fed
 * before the end
 */
static void test_order_across_cpus(void **state)
{
	struct run *r = run_new(4, ARGV("osnoise", "-c", "1,2", "--aa"));
	struct vcpu_host_breakdown b;
	struct vcpu_host_info info;

	(void)state;
	kvm_on(r, 2, KVM_EDGE_ENTRY, 3000, "");
	kvm_on(r, 2, KVM_EDGE_EXIT, 4000, "hlt");
	kvm_on(r, 1, KVM_EDGE_ENTRY, 1000, "");
	kvm_on(r, 1, KVM_EDGE_EXIT, 2000, "io");
	kvm_on(r, 1, KVM_EDGE_USERSPACE, 2100, "KVM_EXIT_IO");
	assert_int_equal(vcpu_host_nr(r->m.vcpus.host), 0);	/* all held */
	kvm_on(r, 2, KVM_EDGE_ENTRY, 4000 + VCPU_ORDER_HOLD_NS + 1, "");
	assert_int_equal(vcpu_host_nr(r->m.vcpus.host), 1);	/* the older ones fed */
	run_models_flush(&r->m);
	assert_int_equal(vcpu_host_info(r->m.vcpus.host, 0, &info), 0);
	assert_int_equal(info.out_of_order, 0);
	assert_int_equal(vcpu_host_totals(r->m.vcpus.host, 0, &b), 0);
	assert_int_equal(b.exits, 2);
	assert_int_equal(b.heavy_exits, 1);
	assert_int_equal(b.guest_ns, 1000 + 1000);
	assert_string_equal(cpu_mask_test(vcpu_threads_cpus(&r->m.vcpus, 0), 1) &&
			    cpu_mask_test(vcpu_threads_cpus(&r->m.vcpus, 0), 2) ? "1,2" : "?", "1,2");
	run_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_section),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_vm_filter),
		cmocka_unit_test(test_none),
		cmocka_unit_test(test_no_vcpu_thread),
		cmocka_unit_test(test_option),
		cmocka_unit_test(test_order_heap),
		cmocka_unit_test(test_order_across_cpus),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
