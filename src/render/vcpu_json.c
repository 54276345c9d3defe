// SPDX-License-Identifier: GPL-2.0
/*
 * vcpu_json - a KVM host's vCPU threads in the JSON report: "vcpu_threads"
 * (2.1), an array of the threads shown (analysis/vcpu_threads.h), null
 * where none were followed (Documentation/json-report.md)
 */
#include <stdlib.h>

#include "render/json_writer.h"
#include "render/render.h"

static void json_rows(struct json_writer *w, const char *key, const char *name,
		      const char *id, const struct vcpu_host_row *r, int n)
{
	int k;

	json_begin_array(w, key);
	for (k = 0; k < n; k++) {
		json_begin_object(w, NULL);
		json_string(w, name, r[k].name);
		json_int_or_null(w, id, r[k].id);
		json_u64(w, "count", r[k].count);
		json_us(w, "us", r[k].ns);
		json_end_object(w);
	}
	json_end_array(w);
}

static void json_reasons(struct json_writer *w, const struct vcpu_host_breakdown *b)
{
	int k;

	json_begin_array(w, "exit_reasons");
	for (k = 0; k < b->nr_reasons; k++) {
		const struct vcpu_exit_time *r = &b->reasons[k];

		json_begin_object(w, NULL);
		json_string(w, "reason", r->reason);
		json_u64(w, "count", r->count);
		json_u64(w, "heavy", r->heavy);
		json_us(w, "total_us", r->total_ns);
		json_us(w, "avg_us", vcpu_exit_awake_avg(r));
		json_us(w, "max_us", r->max_ns);
		json_us(w, "vmm_us", r->vmm_ns);
		json_us(w, "preempted_us", r->preempted_ns);
		json_us(w, "sleeping_us", r->sleep_ns);
		json_end_object(w);
	}
	json_end_array(w);
}

static void json_times(struct json_writer *w, const struct vcpu_host_breakdown *b)
{
	uint64_t all = b->end_ns - b->start_ns;

	json_us(w, "followed_us", all);
	json_double(w, "guest_pct", all ? 100.0 * b->guest_ns / all : 0.0);
	json_us(w, "guest_us", b->guest_ns);
	json_us(w, "host_kernel_us", b->exit_ns);
	json_us(w, "vmm_us", b->vmm_ns);
	json_us(w, "preempted_us", b->preempted_ns);
	json_us(w, "sleeping_us", b->sleep_ns);
	json_us(w, "unknown_us", b->unknown_ns);
	json_u64(w, "exits", b->exits);
	json_u64(w, "heavy_exits", b->heavy_exits);
	json_us(w, "light_exits_us", b->light_ns);
	json_us(w, "heavy_exits_us", b->heavy_ns);
}

static void json_thread(struct json_writer *w, const struct vcpu_threads *t, int i)
{
	const struct cpu_mask *cpus = vcpu_threads_cpus(t, i);
	struct vcpu_host_breakdown b;
	struct vcpu_host_info info;
	char *list;

	if (vcpu_host_info(t->host, i, &info) || vcpu_host_totals(t->host, i, &b))
		return;
	json_begin_object(w, NULL);
	json_u64(w, "pid", info.pid);
	json_string(w, "comm", info.comm);
	json_int_or_null(w, "vcpu_id", info.vcpu_id);
	json_int_or_null(w, "qemu_index", info.index);
	json_bool(w, "tcg", info.tcg);
	list = cpus ? cpu_mask_list(cpus) : NULL;
	if (list)
		json_string(w, "host_cpus", list);
	else
		json_null(w, "host_cpus");
	free(list);
	json_times(w, &b);
	json_reasons(w, &b);
	json_u64(w, "preemptions", info.preemptions);
	json_rows(w, "preempted_by", "comm", "pid", b.tasks, b.nr_tasks);
	json_rows(w, "irqs", "name", "vector", b.irqs, b.nr_irqs);
	json_rows(w, "softirqs", "name", "vector", b.softirqs, b.nr_softirqs);
	json_u64(w, "immediate_exits", info.immediate_exits);
	json_u64(w, "segments_dropped", info.dropped);
	json_u64(w, "out_of_order", info.out_of_order);
	json_end_object(w);
}

void json_vcpu_threads(struct json_writer *w, const struct run_models *m,
		       const struct rtl_params *p)
{
	int shown[VCPU_HOST_MAX_VCPUS], i, n;

	if (!m->vcpus.host && !p->vm_pid) {
		json_null(w, "vcpu_threads");
		return;
	}
	n = vcpu_threads_shown(&m->vcpus, p->vm_tids, p->nr_vm_tids, shown,
			       VCPU_HOST_MAX_VCPUS);
	json_begin_array(w, "vcpu_threads");
	for (i = 0; i < n; i++)
		json_thread(w, &m->vcpus, shown[i]);
	json_end_array(w);
}
