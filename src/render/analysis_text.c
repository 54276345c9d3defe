// SPDX-License-Identifier: GPL-2.0
/*
 * analysis_text - after the table: what caused the noise (osnoise), where the
 * latency went (timerlat), and whether the machine is a guest
 */
#include <inttypes.h>
#include <string.h>

#include "render/render.h"
#include "render/tuning_render.h"
#include "render/wrap_text.h"
#include "base/safe_text.h"

/*
 * The notes wrap at v->wrap_cols on a terminal: a line of its own each,
 * as they are when it is not one.
 */

/* the SMIs of a CPU: firmware time, which the sources can only see as hardware */
static void smi_line(FILE *out, int64_t smis, int cols)
{
	if (smis < 0)
		return;
	render_wrapf(out, cols, "  SMIs: %" PRId64 " counted by the CPU's SMI counter "
		     "(MSR 0x34)%s\n", smis,
		     smis ? ": firmware time, inside the hardware row" : "");
}

/*
 * rtlens's own main thread among a measured CPU's sources: it was put there
 * (-H, or no other CPU allowed to it); say it is rtlens, not outside noise.
 */
static void self_note(FILE *out, const struct run_models *m, const struct rtl_params *p,
		      int cols)
{
	const struct source_row *row;
	int i, cpu;

	if (!m->facts || m->facts->self_pid <= 0)
		return;
	for_each_cpu_in(cpu, &p->cpus) {
		if (cpu >= p->nr_cpus)
			continue;
		for (i = 0; i < m->nr_osnoise_aa_table[cpu]; i++) {
			row = &m->osnoise_aa_tables[cpu][i];
			if (row->kind != OSNOISE_CAUSE_THREAD || row->pid != m->facts->self_pid)
				continue;
			render_wrapf(out, cols, "note: thread %d on cpu %d is rtlens itself "
				     "(%.2f us of the noise): keep it off the measured cpus "
				     "with -H\n", row->pid, cpu, row->total_ns / 1000.0);
		}
	}
}

/*
 * the analysis' own buffer overflowed: what it says of those CPUs is
 * partial; the table is complete unless its own buffer lost events too
 */
static void lost_note(FILE *out, const struct run_models *m, const struct rtl_params *p,
		      const struct run_view *v)
{
	int cpu;

	for_each_cpu_in(cpu, &p->cpus) {
		uint64_t lost = run_models_analysis_lost(m, cpu);

		if (lost)
			render_wrapf(out, v->wrap_cols,
				     "analysis incomplete: %llu events lost on CPU %d; %s\n",
				     (unsigned long long)lost, cpu, v->lost_events ?
				     "the table lost events too (see the warning)" :
				     "the table is complete");
	}
}

static void noise_analysis(FILE *out, const struct run_models *m, const struct rtl_params *p,
			   const struct run_view *v)
{
	struct kvm_exit_counts exits;
	struct osnoise_aa_balance b;
	int i, cpu, cols = v->wrap_cols;
	char title[96];

	lost_note(out, m, p, v);
	if (m->osnoise_aa_sample_done) {
		snprintf(title, sizeof(title), "hit stop tracing, analyzing the sample");
		osnoise_aa_print_sample(out, &m->osnoise_aa_sample, title);
	}
	for (i = 0; i < m->nr_osnoise_aa_worst; i++) {
		snprintf(title, sizeof(title), "worst noise sample #%d", i + 1);
		osnoise_aa_print_sample(out, &m->osnoise_aa_worst[i], title);
	}
	for_each_cpu_in(cpu, &p->cpus) {
		if (cpu >= p->nr_cpus || m->nr_osnoise_aa_table[cpu] <= 0)
			continue;
		osnoise_aa_kvm_exits(m->osnoise_aa, cpu, &exits);
		run_models_noise_balance(m, cpu, &b);
		osnoise_aa_print_sources(out, cpu, m->osnoise_aa_tables[cpu], m->nr_osnoise_aa_table[cpu], &b,
				     &exits);
		smi_line(out, run_models_smi_count(m, cpu), cols);
	}
	if (run_models_smi_why(m)[0])
		render_wrapf(out, cols, "note: SMIs not counted: %s\n", run_models_smi_why(m));
	if (osnoise_aa_nr_vcpus(m->osnoise_aa))
		render_wrapf(out, cols, "note: KVM host: %d vCPU thread%s seen; exits counted by "
			     "reason inside the noise samples (kvm:kvm_exit)\n",
			     osnoise_aa_nr_vcpus(m->osnoise_aa),
			     osnoise_aa_nr_vcpus(m->osnoise_aa) == 1 ? "" : "s");
	self_note(out, m, p, cols);
}

/* --dump-tasks: from osnoise:thread_noise, the last thread each CPU ran */
static void dump_tasks(FILE *out, const struct run_models *m, const struct rtl_params *p)
{
	char name[SAFE_TEXT_SIZE(NOISE_NAME_LEN)];
	int cpu;

	fprintf(out, "Printing CPU tasks:\n");
	for_each_cpu_in(cpu, &p->cpus) {
		const struct noise_event *e = &m->last_thread[cpu];

		if (cpu >= p->nr_cpus)
			continue;
		safe_text(name, sizeof(name), e->name);
		if (e->name[0])
			fprintf(out, "    [%03d] %s:%d\n", cpu, name, e->pid);
		else
			fprintf(out, "    [%03d] (no thread seen)\n", cpu);
	}
}

/* timerlat --aa: each measured CPU's sources of latency over the run */
static void latency_sources(FILE *out, const struct run_models *m, const struct rtl_params *p)
{
	struct source_row table[TIMERLAT_SOURCES_LEN];
	struct timerlat_sources_sum sum;
	int n, cpu;

	for_each_cpu_in(cpu, &p->cpus) {
		if (cpu >= p->nr_cpus)
			continue;
		n = timerlat_sources_table(m->tl_sources, cpu, table, TIMERLAT_SOURCES_LEN);
		timerlat_sources_sum(m->tl_sources, cpu, &sum);
		timerlat_sources_print(out, cpu, table, n, &sum,
				       timerlat_sources_floor_ns(m->tl_sources), p->user_threads);
	}
}

/*
 * a tool that counts hardware noise only (not timerlat); the hypervisor's
 * name may come from /sys/hypervisor/type
 */
static void guest_note(FILE *out, const struct virt_info *v, int cols)
{
	char name[SAFE_TEXT_SIZE(sizeof(v->hypervisor))];
	char source[SAFE_TEXT_SIZE(sizeof(v->source))];

	safe_text(name, sizeof(name), v->hypervisor);
	safe_text(source, sizeof(source), v->source);
	render_wrapf(out, cols, "note: running as a guest of %s (found by %s): part of what looks "
		     "like hardware noise is the hypervisor\n", name, source);
}

/*
 * how the samples came: counted in the kernel, or why they were not; with
 * the analysis' notes only, so that a table alone keeps rtla's layout
 */
static void data_path_note(FILE *out, const struct rtl_params *p, const struct run_view *v)
{
	if (!v->data_path || !v->data_path_detail || !params_analysis_on(p))
		return;
	if (!strcmp(v->data_path, "bpf"))
		render_wrapf(out, v->wrap_cols, "note: samples counted in the kernel by BPF (%s)\n",
			     v->data_path_detail);
	else
		render_wrapf(out, v->wrap_cols,
			     "note: samples read one by one through tracefs: %s\n",
			     v->data_path_detail);
}

void render_analysis(FILE *out, const struct run_models *m, const struct rtl_params *p,
		     const struct run_view *v)
{
	const struct tool_render *r = tool_render_of(p);
	struct setup_notes notes;

	if (r->notes_off && r->notes_off(p))
		return;
	/* --aa-only prints the analysis of a threshold hit (and --aa's), nothing else */
	if (p->aa_only && v->reason != STOP_THRESHOLD) {
		if (m->tl_sources)
			latency_sources(out, m, p);
		return;
	}
	if (m->osnoise_aa)
		noise_analysis(out, m, p, v);
	if (v->reason == STOP_THRESHOLD && m->timerlat_aa_done)
		timerlat_aa_print(out, &m->timerlat_aa_result, p->stack_format);
	if (v->reason == STOP_THRESHOLD && m->last_thread)
		dump_tasks(out, m, p);
	else if (v->reason == STOP_THRESHOLD && m->timerlat_aa && !m->timerlat_aa_done)
		render_wrapf(out, v->wrap_cols,
			     "  auto-analysis: no timerlat sample of cpu %d was seen\n",
			     v->threshold_cpu);
	if (m->tl_sources)
		latency_sources(out, m, p);
	render_vcpu_threads(out, m, p);
	setup_notes_collect(&notes, m, p);
	render_setup_notes(out, &notes, v->wrap_cols);
	data_path_note(out, p, v);
	if (p->engine == ENGINE_OWN)
		render_wrapf(out, v->wrap_cols, "note: user engine: measured by rtlens's own "
			     "threads (rtlens-%s/N), causes from the standard tracepoints\n",
			     p->desc->self_tag);
	if (m->facts && m->facts->virt.guest && p->desc->hw_noise)
		guest_note(out, &m->facts->virt, v->wrap_cols);
	render_vm_join(out, m, p, v);
}
