// SPDX-License-Identifier: GPL-2.0
/*
 * osnoise_render - osnoise (and hwnoise) on the screen: its tables, and
 * after them what caused the noise; its JSON and metrics (osnoise_json.c,
 * metrics_tools.c)
 */
#include <inttypes.h>

#include "analysis/osnoise_models.h"
#include "render/live_pane.h"
#include "render/live_table.h"
#include "render/metrics_parts.h"
#include "render/render.h"
#include "render/svg_panel.h"
#include "render/svg_plot.h"
#include "render/wrap_text.h"

static void osnoise_top(FILE *out, const struct run_models *m, const struct rtl_params *p,
			const struct run_view *v)
{
	render_top(out, &osnoise_models_of(m)->noise, p, v);
	render_live_foot(out, m, p, v, &osnoise_render);
}

static void osnoise_hist(FILE *out, const struct run_models *m, const struct rtl_params *p,
			 const struct run_view *v)
{
	render_hist(out, &osnoise_models_of(m)->noise, p, v);
}

/* --plot: a CPU's noise samples, one series */
static const struct histogram *noise_plot_hist(const struct run_models *m, int cpu, int id)
{
	const struct noise_model *nm = &osnoise_models_of(m)->noise;

	(void)id;
	return cpu < nm->nr_cpus && nm->cpu[cpu].hist.count ? &nm->cpu[cpu].hist : NULL;
}

static int noise_plot_series(const struct rtl_params *p, struct plot_series *out)
{
	(void)p;
	out[0] = (struct plot_series){ NULL, "#3a6fb0", 0 };
	return 1;
}

/* the table's unit: the plot's and --tail's */
static const char *noise_unit(const struct rtl_params *p)
{
	(void)p;
	return "us";
}

static void noise_plot_marks(struct svg_scale *s, const struct rtl_params *p)
{
	if (p->stop_us)
		svg_scale_mark(s, PLOT_COLOR_STOP, p->stop_us, "stop -s %llu",
			       (unsigned long long)p->stop_us);
	if (p->stop_total_us)
		svg_scale_mark(s, PLOT_COLOR_STOP2, p->stop_total_us, "stop -S %llu (period total)",
			       (unsigned long long)p->stop_total_us);
	if (p->threshold_us)
		svg_scale_mark(s, PLOT_COLOR_MIN, p->threshold_us, "threshold -T %llu",
			       (unsigned long long)p->threshold_us);
}

static const struct plot_shape noise_plot = {
	.what		= "noise samples",
	.sample		= "noise sample",
	.hist		= noise_plot_hist,
	.series		= noise_plot_series,
	.unit		= noise_unit,
	.marks		= noise_plot_marks,
};

/* the progress line: the noise samples so far, and the longest single noise */
static void noise_so_far(const struct run_models *m, const struct rtl_params *p, struct so_far *f)
{
	static const char *const noises[2] = { "noise sample", "noise samples" };
	const struct noise_model *nm = &osnoise_models_of(m)->noise;

	f->what = noises;
	for (int cpu = 0; cpu < nm->nr_cpus; cpu++) {
		const struct cpu_noise *c = &nm->cpu[cpu];

		if (!cpu_mask_test(&p->cpus, cpu))
			continue;
		f->n += c->hist.count;
		if (c->max_single_us > f->max)
			f->max = c->max_single_us;
	}
}

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
	const struct osnoise_run *o = osnoise_models_of(m);
	const struct source_row *row;
	int i, cpu;

	if (!m->facts || m->facts->self_pid <= 0)
		return;
	for_each_cpu_in(cpu, &p->cpus) {
		if (cpu >= p->nr_cpus)
			continue;
		for (i = 0; i < o->nr_table[cpu]; i++) {
			row = &o->tables[cpu][i];
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
	const struct osnoise_run *o = osnoise_models_of(m);
	struct kvm_exit_counts exits;
	struct osnoise_aa_balance b;
	int i, cpu, cols = v->wrap_cols;
	char title[96];

	if (!o->aa)
		return;
	lost_note(out, m, p, v);
	if (o->sample_done) {
		snprintf(title, sizeof(title), "hit stop tracing, analyzing the sample");
		osnoise_aa_print_sample(out, &o->sample, title);
	}
	for (i = 0; i < o->nr_worst; i++) {
		snprintf(title, sizeof(title), "worst noise sample #%d", i + 1);
		osnoise_aa_print_sample(out, &o->worst[i], title);
	}
	for_each_cpu_in(cpu, &p->cpus) {
		if (cpu >= p->nr_cpus || o->nr_table[cpu] <= 0)
			continue;
		osnoise_aa_kvm_exits(o->aa, cpu, &exits);
		osnoise_models_balance(m, cpu, &b);
		osnoise_aa_print_sources(out, cpu, o->tables[cpu], o->nr_table[cpu], &b, &exits);
		smi_line(out, run_models_smi_count(m, cpu), cols);
	}
	if (run_models_smi_why(m)[0])
		render_wrapf(out, cols, "note: SMIs not counted: %s\n", run_models_smi_why(m));
	if (osnoise_aa_nr_vcpus(o->aa))
		render_wrapf(out, cols, "note: KVM host: %d vCPU thread%s seen; exits counted by "
			     "reason inside the noise samples (kvm:kvm_exit)\n",
			     osnoise_aa_nr_vcpus(o->aa),
			     osnoise_aa_nr_vcpus(o->aa) == 1 ? "" : "s");
	self_note(out, m, p, cols);
}

const struct tool_render osnoise_render = {
	.screen		= { [MODE_TOP] = osnoise_top, [MODE_HIST] = osnoise_hist },
	.json_config	= json_osnoise_config,
	.json_sections	= { [MODE_TOP] = json_osnoise_top, [MODE_HIST] = json_osnoise_hist },
	.metrics	= metrics_osnoise,
	.live_rows	= &noise_rows,
	.plot		= &noise_plot,
	.so_far		= noise_so_far,
	.analysis	= noise_analysis,
	.unit		= noise_unit,
	.pane_label	= noise_row_label,
	.pane_other_kind = OSNOISE_CAUSE_OTHER,
};
