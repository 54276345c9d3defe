// SPDX-License-Identifier: GPL-2.0
/*
 * vcpu_text - a KVM host's vCPU threads as text, after the tables: for
 * each thread shown (analysis/vcpu_threads.h), where its time went (in
 * guest mode; out of it in the host kernel, in the VMM, preempted,
 * sleeping), its exits by reason, the tasks that preempted it, and the
 * host's IRQs and softirqs while it was out
 */
#include <inttypes.h>

#include "base/safe_text.h"
#include "render/render.h"

#define NAME_LEN	SAFE_TEXT_SIZE(KVM_REASON_LEN)
#define COMM_LEN	SAFE_TEXT_SIZE(CTX_COMM_LEN)

static double us(uint64_t ns)
{
	return ns / 1000.0;
}

static double pct(uint64_t ns, uint64_t total)
{
	return total ? 100.0 * ns / total : 0.0;
}

/* "CPU 0/KVM, pid 1234, vCPU 0, host cpu 1" */
static void head(FILE *out, const struct vcpu_threads *t, int i,
		 const struct vcpu_host_info *info)
{
	const struct cpu_mask *cpus = vcpu_threads_cpus(t, i);
	char comm[COMM_LEN], list[256] = "?";

	safe_text(comm, sizeof(comm), info->comm[0] ? info->comm : "?");
	if (cpus)
		cpu_mask_format(cpus, list, sizeof(list));
	fprintf(out, "  %s, pid %d", comm, info->pid);
	if (info->vcpu_id >= 0)
		fprintf(out, ", vCPU %d", info->vcpu_id);
	fprintf(out, ", host cpu%s %s%s\n", cpus && cpu_mask_count(cpus) > 1 ? "s" : "", list,
		info->tcg ? " (TCG: emulated, no KVM exits)" : "");
}

static void times(FILE *out, const struct vcpu_host_breakdown *b)
{
	uint64_t all = b->end_ns - b->start_ns;

	if (all >= 1000000000ULL)
		fprintf(out, "    %.3f s", all / 1e9);
	else
		fprintf(out, "    %.1f us", us(all));
	fprintf(out, " followed: in guest %.1f %%; out: in the host kernel %.1f %%, "
		"in the VMM %.1f %%, preempted %.1f %%, sleeping %.1f %%", pct(b->guest_ns, all), pct(b->exit_ns, all), pct(b->vmm_ns, all),
		pct(b->preempted_ns, all), pct(b->sleep_ns, all));
	if (b->unknown_ns)
		fprintf(out, ", unknown %.1f %%", pct(b->unknown_ns, all));
	fprintf(out, "\n    exits: %" PRIu64 ", light (in the kernel) %" PRIu64 " %.1f us, "
		"heavy (to the VMM) %" PRIu64 " %.1f us\n", b->exits, b->exits - b->heavy_exits,
		us(b->light_ns), b->heavy_exits, us(b->heavy_ns));
}

static void reasons(FILE *out, const struct vcpu_host_breakdown *b)
{
	char name[NAME_LEN];
	int k;

	if (!b->nr_reasons)
		return;
	/* avg and max: the time sleeping left out (a halted vCPU, a VMM that waits) */
	fprintf(out, "    %-22s %10s %12s %10s %10s %10s\n", "exit reason", "count", "total us",
		"avg us", "max us", "heavy");
	for (k = 0; k < b->nr_reasons; k++) {
		const struct vcpu_exit_time *r = &b->reasons[k];

		safe_text(name, sizeof(name), r->reason);
		fprintf(out, "    %-22s %10" PRIu64 " %12.1f %10.2f %10.2f %10" PRIu64 "\n", name,
			r->count, us(r->total_ns), us(vcpu_exit_awake_avg(r)),
			us(r->max_ns), r->heavy);
	}
}

/* "rtlens-osn/1:345 12x 1234.5 us, other 3x 1.0 us" (id: a pid, vector, number) */
static void rows(FILE *out, const char *title, const struct vcpu_host_row *r, int n)
{
	char name[NAME_LEN];
	int k;

	if (!n)
		return;
	fprintf(out, "    %s:", title);
	for (k = 0; k < n; k++) {
		safe_text(name, sizeof(name), r[k].name);
		fprintf(out, "%s %s", k ? "," : "", name);
		if (r[k].id >= 0)
			fprintf(out, ":%d", r[k].id);
		fprintf(out, " %" PRIu64 "x %.1f us", r[k].count, us(r[k].ns));
	}
	fputc('\n', out);
}

static void thread(FILE *out, const struct vcpu_threads *t, int i)
{
	struct vcpu_host_breakdown b;
	struct vcpu_host_info info;

	if (vcpu_host_info(t->host, i, &info) || vcpu_host_totals(t->host, i, &b))
		return;
	head(out, t, i, &info);
	if (info.vcpu_id < 0 && !info.tcg)
		fprintf(out, "    no kvm_exit or kvm_entry of it seen: this kernel's KVM does not "
			"trace them (kvm-pvm), or it never entered the guest; its time in guest "
			"mode is not known\n");
	times(out, &b);
	reasons(out, &b);
	if (info.preemptions)
		fprintf(out, "    preempted %" PRIu64 " times, %.1f us\n", info.preemptions,
			us(b.preempted_ns));
	rows(out, "preempted by", b.tasks, b.nr_tasks);
	rows(out, "host IRQs while out", b.irqs, b.nr_irqs);
	rows(out, "host softirqs while out", b.softirqs, b.nr_softirqs);
	if (info.out_of_order)
		fprintf(out, "    (%" PRIu64 " events out of order left out)\n", info.out_of_order);
}

void render_vcpu_threads(FILE *out, const struct run_models *m, const struct rtl_params *p)
{
	int shown[VCPU_HOST_MAX_VCPUS], i, n;

	if (!m->vcpus.host && !p->vm_pid)
		return;
	n = vcpu_threads_shown(&m->vcpus, p->vm_tids, p->nr_vm_tids, shown,
			       VCPU_HOST_MAX_VCPUS);
	/* none: worth saying only of the VMM that --vm named */
	if (!n && !p->vm_pid)
		return;
	fprintf(out, "vCPU threads on the measured CPUs");
	if (p->vm_pid)
		fprintf(out, " (of the VMM process %d)", p->vm_pid);
	fprintf(out, ": %d\n", n);
	for (i = 0; i < n; i++)
		thread(out, &m->vcpus, shown[i]);
}
