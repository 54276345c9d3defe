// SPDX-License-Identifier: GPL-2.0
/*
 * vm_join_text - a replay with --host-input: what the host did with each
 * guest CPU's vCPU during its noise samples (or timer latencies), as a
 * table per guest CPU after the analysis
 */
#include <inttypes.h>

#include "analysis/vm_join.h"
#include "base/safe_text.h"
#include "render/render.h"

static double ms(uint64_t ns)
{
	return (double)ns / 1e6;
}

static double pct(uint64_t part, uint64_t whole)
{
	return whole ? 100.0 * (double)part / (double)whole : 0;
}

uint64_t vm_join_runtime_ns(const struct run_models *m, int cpu,
			   const struct run_view *v)
{
	uint64_t ns;

	if (run_models_runtime_ns(m, cpu, &ns))
		return ns;
	return (uint64_t)(v->elapsed_s * 1e9);
}

static void line(FILE *out, const char *what, uint64_t ns, uint64_t noise, uint64_t run)
{
	fprintf(out, "  %-44s %10.3f ms  %5.1f%% of it", what, ms(ns), pct(ns, noise));
	if (run)
		fprintf(out, "  %5.1f%% of the runtime", pct(ns, run));
	fputc('\n', out);
}

/* the largest VCPU_HOST_TOP rows of @t, then the others summed */
static void rows(FILE *out, const struct vm_join_table *t, uint64_t noise, uint64_t run)
{
	char name[64], what[80];
	uint64_t rest = 0;
	int i;

	for (i = 0; i < t->nr; i++) {
		if (i >= VCPU_HOST_TOP || t->row[i].id < 0) {
			rest += t->row[i].ns;
			continue;
		}
		safe_text(name, sizeof(name), t->row[i].name);
		snprintf(what, sizeof(what), "      %s:%d", name, t->row[i].id);
		line(out, what, t->row[i].ns, noise, run);
	}
	if (rest)
		line(out, "      the others", rest, noise, run);
}

static void reasons(FILE *out, const struct vm_join_cpu *c)
{
	char name[64];
	int i;

	if (!c->exits)
		return;
	fprintf(out, "  exits: %" PRIu64 " (%" PRIu64 " heavy, to the VMM)", c->exits,
		c->heavy_exits);
	for (i = 0; i < c->nr_reasons; i++) {
		const struct vcpu_exit_time *r = &c->reasons[i];

		safe_text(name, sizeof(name), r->reason);
		fprintf(out, "%s %s %" PRIu64 " (%" PRIu64 " heavy, avg %.1f us, max %.1f us)",
			i ? "," : ":", name, r->count, r->heavy,
			r->count ? (double)r->total_ns / (double)r->count / 1e3 : 0,
			(double)r->max_ns / 1e3);
	}
	fputc('\n', out);
}

void vm_join_main_cause(const struct vcpu_host_breakdown *b, char *buf, size_t len)
{
	char name[64];

	if (b->nr_tasks && b->tasks[0].ns * 2 >= vm_join_host_ns(b) && b->tasks[0].id >= 0) {
		safe_text(name, sizeof(name), b->tasks[0].name);
		snprintf(buf, len, "preempted by %s:%d", name, b->tasks[0].id);
	} else if (b->exit_ns + b->vmm_ns > b->preempted_ns + b->sleep_ns) {
		snprintf(buf, len, "exits (%s)", b->nr_reasons ? b->reasons[0].reason : "?");
	} else if (b->sleep_ns > b->preempted_ns) {
		snprintf(buf, len, "blocked in the host");
	} else if (b->preempted_ns) {
		snprintf(buf, len, "preempted by host tasks");
	} else {
		snprintf(buf, len, "none");
	}
}

static void longest(FILE *out, const struct vm_join_cpu *c)
{
	char cause[96];
	int i;

	if (c->nr_worst)
		fprintf(out, "  the longest %s:\n", c->worst[0].latency ? "latencies" : "samples");
	for (i = 0; i < c->nr_worst; i++) {
		const struct vm_join_sample *s = &c->worst[i];
		struct vm_split sp;

		vm_join_split(&s->host, &sp);
		vm_join_main_cause(&s->host, cause, sizeof(cause));
		fprintf(out, "    at %.6f s, %.1f us: steal %.1f%%, hypervisor %.1f%%, hardware "
			"%.1f%%, unknown %.1f%%: %s\n", (double)s->guest_start / 1e9,
			(double)s->duration_ns / 1e3, pct(sp.steal_ns, s->duration_ns),
			pct(sp.hypervisor_ns, s->duration_ns), pct(sp.hardware_ns, s->duration_ns),
			pct(sp.unknown_ns, s->duration_ns), cause);
	}
}

static void split(FILE *out, const struct vm_split *sp, uint64_t n)
{
	fprintf(out, "  split: steal %.3f ms (%.1f%%), hypervisor %.3f ms (%.1f%%), hardware "
		"%.3f ms (%.1f%%), unknown %.3f ms (%.1f%%)\n", ms(sp->steal_ns),
		pct(sp->steal_ns, n), ms(sp->hypervisor_ns), pct(sp->hypervisor_ns, n),
		ms(sp->hardware_ns), pct(sp->hardware_ns, n), ms(sp->unknown_ns), pct(sp->unknown_ns, n));
}

static void cpu_join(FILE *out, const struct vm_join_cpu *c, int cpu, uint64_t run)
{
	struct vm_split sp;
	uint64_t n = c->joined_ns;
	char comm[64];

	if (!c->has_vcpu) {
		fprintf(out, "CPU %d: no vCPU thread of the host recording matches it: %" PRIu64
			" samples not joined\n", cpu, c->samples);
		return;
	}
	safe_text(comm, sizeof(comm), c->vcpu.comm);
	fprintf(out, "CPU %d: vCPU thread %s:%d on the host; %" PRIu64 " of %" PRIu64
		" samples joined, %.3f ms%s\n", cpu, comm[0] ? comm : "?", c->vcpu.pid, c->joined,
		c->samples, ms(n), c->threads > 1 ? " (several threads matched: the first)" : "");
	vm_join_cpu_split(c, &sp);
	split(out, &sp, n);
	line(out, "the host took", sp.host_ns, n, run);
	line(out, "  preempted by host tasks", c->preempted_ns, n, run);
	rows(out, &c->tasks, n, run);
	line(out, "  blocked in the host (sleeping)", c->sleep_ns, n, run);
	line(out, "  exits handled by the host kernel (light)", c->light_ns, n, run);
	line(out, "  exits handled by the VMM (heavy)", c->heavy_ns, n, run);
	line(out, "in guest mode (hardware, the guest's own)", c->guest_ns, n, run);
	line(out, "not in the host recording", c->unknown_ns, n, run);
	line(out, "host IRQs while it was out", c->irq_ns, n, run);
	rows(out, &c->irqs, n, run);
	line(out, "host softirqs while it was out", c->softirq_ns, n, run);
	rows(out, &c->softirqs, n, run);
	reasons(out, c);
	longest(out, c);
}

void render_vm_join(FILE *out, const struct run_models *m, const struct rtl_params *p,
		    const struct run_view *v)
{
	const struct vm_timemap *tm;
	int cpu;

	if (!m->join)
		return;
	tm = vm_join_timemap(m->join);
	fprintf(out, "\nWhat the host did (--host-input %s: %d vCPU threads)\n",
		p->host_input_path, vm_join_nr_threads(m->join));
	fprintf(out, "time sync: %d round trips in %d rounds, the quickest %.1f us; guest times "
		"on the host's within %.1f us (drift %.2f ppm)\n", tm->trips, tm->groups,
		(double)tm->rtt_min_ns / 1e3, (double)tm->error_ns / 1e3, tm->drift_ppm);
	for (cpu = 0; cpu < p->nr_cpus; cpu++) {
		const struct vm_join_cpu *c = vm_join_cpu(m->join, cpu);

		if (c)
			cpu_join(out, c, cpu, vm_join_runtime_ns(m, cpu, v));
	}
}
