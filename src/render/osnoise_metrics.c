// SPDX-License-Identifier: GPL-2.0
/*
 * osnoise_metrics - osnoise's series of render_metrics(): per CPU its
 * noise, interference and top sources
 */
#include <string.h>

#include "analysis/osnoise_models.h"
#include "analysis/source_table.h"
#include "render/metrics_parts.h"

struct cpu_series {
	const char		*name;
	enum metrics_type	type;
	const char		*unit;
	const char		*help;
	double			(*value)(const struct cpu_noise *c);
};

static double runtime_s(const struct cpu_noise *c)
{
	return c->sum_runtime_us / 1e6;
}

static double noise_s(const struct cpu_noise *c)
{
	return c->sum_noise_us / 1e6;
}

static double available_ratio(const struct cpu_noise *c)
{
	return cpu_noise_available_pct(c) / 100.0;
}

static double max_noise_s(const struct cpu_noise *c)
{
	return c->max_noise_us / 1e6;
}

static double max_single_s(const struct cpu_noise *c)
{
	return c->max_single_us / 1e6;
}

static const struct cpu_series osnoise_series[] = {
	{ "rtlens_osnoise_runtime_seconds", MTYPE_COUNTER, "seconds",
	  "time the workload ran on the CPU", runtime_s },
	{ "rtlens_osnoise_noise_seconds", MTYPE_COUNTER, "seconds",
	  "time taken from the workload by noise", noise_s },
	{ "rtlens_osnoise_cpu_available_ratio", MTYPE_GAUGE, "ratio",
	  "share of the runtime left to the workload (1: no noise)", available_ratio },
	{ "rtlens_osnoise_max_noise_seconds", MTYPE_GAUGE, "seconds",
	  "worst noise in one period", max_noise_s },
	{ "rtlens_osnoise_max_single_noise_seconds", MTYPE_GAUGE, "seconds",
	  "longest single noise", max_single_s },
};

static const char *const class_names[] = { "hw", "nmi", "irq", "softirq", "thread" };

static void cpu_label(char *buf, size_t len, int cpu)
{
	snprintf(buf, len, "cpu=\"%d\"", cpu);
}

static void per_cpu_series(struct metrics_writer *w, const struct noise_model *nm,
			   const struct rtl_params *p, const struct cpu_series *s)
{
	char lab[32];

	metrics_family(w, s->name, s->type, s->unit, s->help);
	for (int cpu = 0; cpu < nm->nr_cpus; cpu++) {
		if (!cpu_mask_test(&p->cpus, cpu))
			continue;
		cpu_label(lab, sizeof(lab), cpu);
		metrics_value(w, s->name, s->type == MTYPE_COUNTER ? "_total" : "", lab,
			      s->value(&nm->cpu[cpu]));
	}
}

static void interference(struct metrics_writer *w, const struct noise_model *nm,
			 const struct rtl_params *p)
{
	static const char name[] = "rtlens_osnoise_interference";
	char lab[64];

	metrics_family(w, name, MTYPE_COUNTER, NULL,
		       "interferences seen by the workload, by class");
	for (int cpu = 0; cpu < nm->nr_cpus; cpu++) {
		const struct cpu_noise *c = &nm->cpu[cpu];
		const uint64_t counts[] = { c->hw_count, c->nmi_count, c->irq_count,
					    c->softirq_count, c->thread_count };

		if (!cpu_mask_test(&p->cpus, cpu))
			continue;
		for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++) {
			snprintf(lab, sizeof(lab), "cpu=\"%d\",class=\"%s\"", cpu, class_names[i]);
			metrics_count(w, name, "_total", lab, counts[i]);
		}
	}
}

static void noise_histogram(struct metrics_writer *w, const struct noise_model *nm,
			    const struct rtl_params *p)
{
	static const char name[] = "rtlens_osnoise_noise_duration_seconds";
	char lab[32];

	metrics_family(w, name, MTYPE_HISTOGRAM, "seconds", "durations of single noises");
	for (int cpu = 0; cpu < nm->nr_cpus; cpu++) {
		if (!cpu_mask_test(&p->cpus, cpu))
			continue;
		cpu_label(lab, sizeof(lab), cpu);
		metrics_histogram(w, name, lab, &nm->cpu[cpu].hist, 1000, nm->cpu[cpu].hist.sum);
	}
}

/*
 * A CPU's top sources by time, rows of one kind and name taken together
 * (threads of one name, an IRQ's vectors): one series each, at most
 * METRICS_TOP_SOURCES of them.
 */
static int top_sources(const struct osnoise_aa *aa, int cpu, struct source_row *top)
{
	struct source_row rows[OSNOISE_AA_TABLE_LEN];
	int n = osnoise_aa_sources(aa, cpu, rows, OSNOISE_AA_TABLE_LEN), nr_top = 0;

	for (int i = 0; i < n; i++) {
		int j;

		for (j = 0; j < nr_top; j++)
			if (top[j].kind == rows[i].kind && !strcmp(top[j].name, rows[i].name))
				break;
		if (j < nr_top) {
			top[j].count += rows[i].count;
			top[j].total_ns += rows[i].total_ns;
		} else if (nr_top < OSNOISE_AA_TABLE_LEN) {
			top[nr_top++] = rows[i];
		}
	}
	source_table_sort(top, nr_top);
	return nr_top < METRICS_TOP_SOURCES ? nr_top : METRICS_TOP_SOURCES;
}

static void source_labels(char *buf, size_t len, int cpu, const struct source_row *row)
{
	char name[METRICS_LABEL_LEN];

	metrics_escape(name, sizeof(name), row->name);
	snprintf(buf, len, "cpu=\"%d\",kind=\"%s\",name=\"%s\"", cpu,
		 osnoise_aa_kind_name(row->kind), name);
}

static void sources(struct metrics_writer *w, const struct run_models *m,
		    const struct rtl_params *p, bool events)
{
	const char *name = events ? "rtlens_noise_source_events" : "rtlens_noise_source_seconds";
	const struct osnoise_run *o = osnoise_models_of(m);
	struct source_row top[OSNOISE_AA_TABLE_LEN];
	char lab[METRICS_LABELS_LEN];

	metrics_family(w, name, MTYPE_COUNTER, events ? NULL : "seconds",
		       events ? "noises of the CPU's top sources (root-cause analysis)" :
				"noise time of the CPU's top sources (root-cause analysis)");
	for (int cpu = 0; cpu < o->noise.nr_cpus; cpu++) {
		int n;

		if (!cpu_mask_test(&p->cpus, cpu))
			continue;
		n = top_sources(o->aa, cpu, top);
		for (int i = 0; i < n; i++) {
			source_labels(lab, sizeof(lab), cpu, &top[i]);
			if (events)
				metrics_count(w, name, "_total", lab, top[i].count);
			else
				metrics_value(w, name, "_total", lab, top[i].total_ns / 1e9);
		}
	}
}

/* the analysis' own buffer overflowed: its sources of that CPU are partial */
static void analysis_lost(struct metrics_writer *w, const struct run_models *m,
			  const struct rtl_params *p)
{
	static const char name[] = "rtlens_analysis_events_lost";
	char lab[32];

	metrics_family(w, name, MTYPE_COUNTER, NULL,
		       "events of the root-cause analysis lost (its sources are partial; "
		       "the other series are not)");
	for (int cpu = 0; cpu < m->nr_cpus; cpu++) {
		if (!cpu_mask_test(&p->cpus, cpu))
			continue;
		cpu_label(lab, sizeof(lab), cpu);
		metrics_count(w, name, "_total", lab, run_models_analysis_lost(m, cpu));
	}
}

void metrics_osnoise(struct metrics_writer *w, const struct run_models *m,
		     const struct rtl_params *p)
{
	const struct osnoise_run *o = osnoise_models_of(m);

	for (size_t i = 0; i < sizeof(osnoise_series) / sizeof(osnoise_series[0]); i++)
		per_cpu_series(w, &o->noise, p, &osnoise_series[i]);
	interference(w, &o->noise, p);
	if (!p->kernel_hist)	/* a kernel hist trigger is read at the end only */
		noise_histogram(w, &o->noise, p);
	if (o->aa) {
		sources(w, m, p, false);
		sources(w, m, p, true);
		analysis_lost(w, m, p);
	}
}
