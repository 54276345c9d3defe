// SPDX-License-Identifier: GPL-2.0
/*
 * osnoise_json - osnoise's keys of the JSON report (Documentation/json-report.md):
 * its "config" keys, its per-CPU summaries and histograms, its analysis
 */
#include "analysis/osnoise_models.h"
#include "render/json_writer.h"
#include "render/render.h"

void json_osnoise_config(struct json_writer *w, const struct rtl_params *p)
{
	json_u64(w, "runtime_us", p->runtime_us);
	json_u64_or_null(w, "stop_us", p->stop_us);
	json_u64_or_null(w, "stop_total_us", p->stop_total_us);
	json_u64_or_null(w, "threshold_us", p->threshold_us);
}

static void json_cpu_summary(struct json_writer *w, int cpu, const struct cpu_noise *c)
{
	json_begin_object(w, NULL);
	json_u64(w, "cpu", cpu);
	json_u64(w, "cycles", c->cycles);
	json_u64(w, "runtime_us", c->sum_runtime_us);
	json_u64(w, "noise_us", c->sum_noise_us);
	json_double(w, "cpu_available_pct", cpu_noise_available_pct(c));
	json_u64(w, "max_noise_us", c->max_noise_us);
	json_u64(w, "max_single_us", c->max_single_us);
	json_u64(w, "hw_count", c->hw_count);
	json_u64(w, "nmi_count", c->nmi_count);
	json_u64(w, "irq_count", c->irq_count);
	json_u64(w, "softirq_count", c->softirq_count);
	json_u64(w, "thread_count", c->thread_count);
	json_end_object(w);
}

static void json_osnoise_cpus(struct json_writer *w, const struct noise_model *m,
			      const struct rtl_params *p)
{
	int cpu;

	json_begin_array(w, "cpus");
	for_each_cpu_in(cpu, &p->cpus)
		if (cpu < m->nr_cpus)
			json_cpu_summary(w, cpu, &m->cpu[cpu]);
	json_end_array(w);
}

static const struct histogram *noise_hist(const void *model, int cpu)
{
	return &((const struct noise_model *)model)->cpu[cpu].hist;
}


/* no measured CPU lost analysis events */
static bool analysis_complete(const struct run_models *m, const struct rtl_params *p)
{
	int cpu;

	for_each_cpu_in(cpu, &p->cpus)
		if (run_models_analysis_lost(m, cpu))
			return false;
	return true;
}

static void json_noise_analysis(struct json_writer *w, const struct run_models *m,
				const struct rtl_params *p)
{
	const struct osnoise_run *o = osnoise_models_of(m);
	struct kvm_exit_counts exits;
	struct osnoise_aa_balance b;
	int i, cpu;

	if (!o->aa) {
		json_null(w, "analysis");
		return;
	}
	json_begin_object(w, "analysis");
	if (o->sample_done)
		osnoise_aa_json_sample(w, "threshold_sample", &o->sample);
	else
		json_null(w, "threshold_sample");
	json_begin_array(w, "worst_samples");
	for (i = 0; i < o->nr_worst; i++)
		osnoise_aa_json_sample(w, NULL, &o->worst[i]);
	json_end_array(w);
	json_i64(w, "kvm_vcpu_threads", osnoise_aa_nr_vcpus(o->aa));
	json_bool(w, "complete", analysis_complete(m, p));
	json_begin_array(w, "cpus");
	for_each_cpu_in(cpu, &p->cpus) {
		if (cpu >= p->nr_cpus)
			continue;
		json_begin_object(w, NULL);
		json_u64(w, "cpu", cpu);
		if (run_models_steal_known(m))
			json_double(w, "steal_us", run_models_steal_ns(m, cpu) / 1000.0);
		else
			json_null(w, "steal_us");
		osnoise_models_balance(m, cpu, &b);
		osnoise_aa_json_sources(w, "sources", o->tables[cpu], o->nr_table[cpu], &b);
		/* 2.3: the SMIs the CPU's counter counted, inside the hardware row */
		if (run_models_smi_count(m, cpu) >= 0)
			json_i64(w, "smi_count", run_models_smi_count(m, cpu));
		else
			json_null(w, "smi_count");
		/* 1.10: the sources reconciled with the table's noise */
		osnoise_aa_json_balance(w, &b);
		osnoise_aa_kvm_exits(o->aa, cpu, &exits);
		osnoise_aa_json_kvm_exits(w, "kvm_exits", &exits);
		json_u64(w, "events_lost", run_models_analysis_lost(m, cpu));
		json_end_object(w);
	}
	json_end_array(w);
	json_end_object(w);
}

void json_osnoise_top(struct json_writer *w, const struct run_models *m,
		      const struct rtl_params *p)
{
	json_osnoise_cpus(w, &osnoise_models_of(m)->noise, p);
	json_noise_analysis(w, m, p);
}

void json_osnoise_hist(struct json_writer *w, const struct run_models *m,
		       const struct rtl_params *p)
{
	const struct noise_model *nm = &osnoise_models_of(m)->noise;

	json_osnoise_cpus(w, nm, p);
	json_cpu_histograms(w, p, nm, nm->nr_cpus, noise_hist);
	json_noise_analysis(w, m, p);
}
