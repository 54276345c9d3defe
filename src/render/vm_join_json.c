// SPDX-License-Identifier: GPL-2.0
/*
 * vm_join_json - the report's "host_join" (--host-input): the time sync,
 * then per guest CPU what its vCPU thread did on the host during the
 * samples, with the longest samples one by one
 */
#include "analysis/vm_join.h"
#include "render/json_writer.h"
#include "render/render.h"

static void time_sync(struct json_writer *w, const struct vm_timemap *tm)
{
	json_begin_object(w, "time_sync");
	json_string(w, "method", "round trips (--host-sync)");
	json_u64(w, "round_trips", tm->trips);
	json_u64(w, "rounds", tm->groups);
	json_u64(w, "rtt_min_ns", tm->rtt_min_ns);
	json_u64(w, "rtt_max_ns", tm->rtt_max_ns);
	json_u64(w, "error_ns", tm->error_ns);
	json_u64(w, "fit_residual_ns", tm->fit_residual_ns);
	json_double(w, "drift_ppm", tm->drift_ppm);
	json_double(w, "offset_ns", tm->offset_ns);
	json_end_object(w);
}

static void row_array(struct json_writer *w, const char *key, const char *id_key,
		      const struct vcpu_host_row *rows, int nr)
{
	int i;

	json_begin_array(w, key);
	for (i = 0; i < nr; i++) {
		json_begin_object(w, NULL);
		json_string(w, "name", rows[i].name);
		json_int_or_null(w, id_key, rows[i].id >= 0 ? rows[i].id : -1);
		json_u64(w, "count", rows[i].count);
		json_u64(w, "ns", rows[i].ns);
		json_end_object(w);
	}
	json_end_array(w);
}

static void reason_array(struct json_writer *w, const struct vcpu_exit_time *r, int nr)
{
	int i;

	json_begin_array(w, "exit_reasons");
	for (i = 0; i < nr; i++) {
		json_begin_object(w, NULL);
		json_string(w, "reason", r[i].reason);
		json_u64(w, "count", r[i].count);
		json_u64(w, "heavy", r[i].heavy);
		json_u64(w, "total_ns", r[i].total_ns);
		json_u64(w, "vmm_ns", r[i].vmm_ns);
		json_u64(w, "max_ns", r[i].max_ns);
		json_end_object(w);
	}
	json_end_array(w);
}

/* the parts of a window: the same keys for a CPU's sum and a sample */
static void parts(struct json_writer *w, uint64_t host, uint64_t guest, uint64_t exit,
		  uint64_t vmm, uint64_t preempted, uint64_t sleep, uint64_t unknown)
{
	json_u64(w, "host_ns", host);
	json_u64(w, "guest_ns", guest);
	json_u64(w, "exit_ns", exit);
	json_u64(w, "vmm_ns", vmm);
	json_u64(w, "preempted_ns", preempted);
	json_u64(w, "sleep_ns", sleep);
	json_u64(w, "unknown_ns", unknown);
}

static void split(struct json_writer *w, const struct vm_split *sp)
{
	json_begin_object(w, "split");
	json_u64(w, "steal_ns", sp->steal_ns);
	json_u64(w, "hypervisor_ns", sp->hypervisor_ns);
	json_u64(w, "hardware_ns", sp->hardware_ns);
	json_u64(w, "unknown_ns", sp->unknown_ns);
	json_end_object(w);
}

static void sample(struct json_writer *w, const struct vm_join_sample *s)
{
	const struct vcpu_host_breakdown *b = &s->host;
	struct vm_split sp;
	char cause[96];

	json_begin_object(w, NULL);
	json_u64(w, "guest_start_ns", s->guest_start);
	json_u64(w, "duration_ns", s->duration_ns);
	json_bool(w, "latency", s->latency);
	json_u64(w, "host_start_ns", b->start_ns);
	vm_join_main_cause(b, cause, sizeof(cause));
	json_string(w, "main_cause", cause);
	vm_join_split(b, &sp);
	split(w, &sp);
	parts(w, sp.host_ns, b->guest_ns, b->exit_ns, b->vmm_ns, b->preempted_ns,
	      b->sleep_ns, b->unknown_ns);
	row_array(w, "preempted_by", "pid", b->tasks, b->nr_tasks);
	reason_array(w, b->reasons, b->nr_reasons);
	json_end_object(w);
}

static void vcpu(struct json_writer *w, const struct vm_join_cpu *c)
{
	if (!c->has_vcpu) {
		json_null(w, "vcpu");
		return;
	}
	json_begin_object(w, "vcpu");
	json_i64(w, "pid", c->vcpu.pid);
	json_string(w, "comm", c->vcpu.comm);
	json_int_or_null(w, "index", c->vcpu.index);
	json_int_or_null(w, "vcpu_id", c->vcpu.vcpu_id);
	json_bool(w, "tcg", c->vcpu.tcg);
	json_end_object(w);
}

static void cpu(struct json_writer *w, const struct vm_join_cpu *c, int n, uint64_t run)
{
	struct vm_split sp;
	int i;

	json_begin_object(w, NULL);
	json_i64(w, "cpu", n);
	vcpu(w, c);
	json_u64(w, "vcpu_matches", c->threads);
	json_u64(w, "samples", c->samples);
	json_u64(w, "noise_ns", c->noise_ns);
	json_u64(w, "joined_samples", c->joined);
	json_u64(w, "joined_ns", c->joined_ns);
	json_u64(w, "runtime_ns", run);
	vm_join_cpu_split(c, &sp);
	split(w, &sp);
	parts(w, sp.host_ns, c->guest_ns, c->exit_ns,
	      c->vmm_ns, c->preempted_ns, c->sleep_ns, c->unknown_ns);
	json_u64(w, "light_ns", c->light_ns);
	json_u64(w, "heavy_ns", c->heavy_ns);
	json_u64(w, "exits", c->exits);
	json_u64(w, "heavy_exits", c->heavy_exits);
	json_u64(w, "irq_ns", c->irq_ns);
	json_u64(w, "softirq_ns", c->softirq_ns);
	reason_array(w, c->reasons, c->nr_reasons);
	row_array(w, "preempted_by", "pid", c->tasks.row, c->tasks.nr);
	row_array(w, "irqs", "vector", c->irqs.row, c->irqs.nr);
	row_array(w, "softirqs", "vector", c->softirqs.row, c->softirqs.nr);
	json_begin_array(w, "longest");
	for (i = 0; i < c->nr_worst; i++)
		sample(w, &c->worst[i]);
	json_end_array(w);
	json_end_object(w);
}

void json_vm_join(struct json_writer *w, const struct run_models *m, const struct rtl_params *p,
		  const struct run_view *v)
{
	int n;

	if (!m->join)
		return;
	json_begin_object(w, "host_join");
	json_string(w, "host_input", p->host_input_path);
	json_u64(w, "host_vcpu_threads", vm_join_nr_threads(m->join));
	time_sync(w, vm_join_timemap(m->join));
	json_begin_array(w, "cpus");
	for (n = 0; n < p->nr_cpus; n++) {
		const struct vm_join_cpu *c = vm_join_cpu(m->join, n);

		if (c)
			cpu(w, c, n, vm_join_runtime_ns(m, n, v));
	}
	json_end_array(w);
	json_end_object(w);
}
