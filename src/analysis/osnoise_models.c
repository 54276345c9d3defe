// SPDX-License-Identifier: GPL-2.0
/*
 * osnoise_models - what a session of osnoise computes from its records: the
 * per-CPU summary (noise_model) and the analysis of its sources
 * (osnoise_aa), kept behind run_models.data
 */
#include <stdlib.h>

#include "analysis/osnoise_models.h"

_Static_assert(OSNOISE_AA_TABLE_LEN <= MODELS_SOURCES_MAX, "a CPU's sources fit the live pane's");

const struct osnoise_run *osnoise_models_of(const struct run_models *m)
{
	return m->ops == &osnoise_models ? m->data : NULL;
}

static struct osnoise_run *run_of(const struct run_models *m)
{
	return m->data;
}

static int init_analysis(struct osnoise_run *o, const struct rtl_params *p)
{
	o->aa = osnoise_aa_new(p->nr_cpus, p->aa_top);
	if (o->aa)
		osnoise_aa_follow_table(o->aa);
	o->worst = calloc(p->aa_top ? p->aa_top : 1, sizeof(*o->worst));
	o->tables = calloc(p->nr_cpus, sizeof(*o->tables));
	o->nr_table = calloc(p->nr_cpus, sizeof(*o->nr_table));
	return o->aa && o->worst && o->tables && o->nr_table ? 0 : -1;
}

static int init_osnoise(struct run_models *m, const struct rtl_params *p)
{
	struct osnoise_run *o = calloc(1, sizeof(*o));

	m->data = o;
	if (!o || noise_model_init(&o->noise, p->nr_cpus, p->bucket_size, p->entries))
		return -1;
	return params_analysis_on(p) ? init_analysis(o, p) : 0;
}

static void free_osnoise(struct run_models *m)
{
	struct osnoise_run *o = run_of(m);

	if (!o)
		return;
	noise_model_free(&o->noise);
	osnoise_aa_free(o->aa);
	free(o->worst);
	free(o->tables);
	free(o->nr_table);
	free(o);
}

/* the analysis starts over with the table, so that they cover one time */
static void reset_osnoise(struct run_models *m)
{
	noise_model_reset(&run_of(m)->noise);
	osnoise_aa_reset(run_of(m)->aa);
}

static void add_osnoise(struct run_models *m, const struct rtl_record *rec)
{
	struct osnoise_run *o = run_of(m);

	noise_model_add(&o->noise, rec);
	/* the analysis covers what the table does: the periods it counted */
	if (o->aa && rec->kind == RECORD_OSNOISE_PERIOD)
		osnoise_aa_period_end(o->aa, rec->period.cpu, rec->period.ts);
}

static void analyse_osnoise(struct run_models *m, const struct rtl_record *rec)
{
	if (run_of(m)->aa)
		osnoise_aa_feed(run_of(m)->aa, rec);
}

static uint64_t records_osnoise(const struct run_models *m)
{
	return run_of(m)->noise.records;
}

/* the value of @cpu that @limit is compared with (stop_rule) */
static uint64_t stop_value_osnoise(const struct run_models *m, int cpu, enum stop_limit limit)
{
	return stop_value_noise(&run_of(m)->noise.cpu[cpu], limit);
}

static void *counts_osnoise(struct run_models *m)
{
	return &run_of(m)->noise;
}

static void add_samples_osnoise(struct run_models *m, int cpu, uint64_t value_us, uint64_t count)
{
	noise_model_add_samples(&run_of(m)->noise, cpu, value_us, count);
}

static bool live_on_osnoise(struct run_models *m)
{
	if (run_of(m)->aa)
		m->live_sources = source_window_new(m->nr_cpus, OSNOISE_CAUSE_OTHER);
	return m->live_sources;
}

static int live_rows_osnoise(struct run_models *m, int cpu, unsigned long second,
			     struct source_row *rows, int max)
{
	(void)second;
	return osnoise_aa_sources(run_of(m)->aa, cpu, rows, max);
}

static uint64_t samples_wanted_from_osnoise(const struct run_models *m)
{
	return run_of(m)->aa ? osnoise_aa_samples_wanted_from(run_of(m)->aa) : UINT64_MAX;
}

static bool runtime_ns_osnoise(const struct run_models *m, int cpu, uint64_t *ns)
{
	const struct noise_model *nm = &run_of(m)->noise;

	if (cpu < 0 || cpu >= nm->nr_cpus)
		return false;
	*ns = nm->cpu[cpu].sum_runtime_us * 1000;
	return true;
}

static void explain_cpu_sources(struct run_models *m, int cpu)
{
	struct osnoise_run *o = run_of(m);
	struct source_row *table = o->tables[cpu];
	int *n = &o->nr_table[cpu];
	uint64_t steal = run_models_steal_ns(m, cpu);

	*n = osnoise_aa_sources(o->aa, cpu, table, OSNOISE_AA_TABLE_LEN);
	if (*n > 0 && steal)
		osnoise_aa_split_vm(table, n, OSNOISE_AA_TABLE_LEN, steal);
}

/* the threshold's sample (cpu >= 0), the worst samples, the tables */
static void explain_osnoise(struct run_models *m, const struct rtl_params *p, int cpu)
{
	struct osnoise_run *o = run_of(m);
	int c;

	if (!o->aa)
		return;
	o->sample_done = cpu >= 0 && p->stop_us &&
			 !osnoise_aa_last_over(o->aa, cpu, p->stop_us * 1000, &o->sample);
	if (p->aa_top)
		o->nr_worst = osnoise_aa_worst(o->aa, o->worst, p->aa_top);
	for_each_cpu_in(c, &p->cpus)
		if (c < p->nr_cpus)
			explain_cpu_sources(m, c);
}

void osnoise_models_balance(const struct run_models *m, int cpu, struct osnoise_aa_balance *b)
{
	const struct osnoise_run *o = run_of(m);
	const struct cpu_noise *c = cpu < o->noise.nr_cpus ? &o->noise.cpu[cpu] : NULL;

	osnoise_aa_balance(o->tables[cpu], o->nr_table[cpu], c ? c->sum_noise_us : 0,
			   c ? c->cycles : 0, b);
	b->unsure_ns = osnoise_aa_unsure_ns(o->aa, cpu);
	b->samples = osnoise_aa_samples(o->aa, cpu);
	b->hw_count = c ? c->hw_count : 0;
	b->counts_known = c != NULL;
	b->nmi_count = c ? c->nmi_count : 0;
	b->irq_count = c ? c->irq_count : 0;
	b->softirq_count = c ? c->softirq_count : 0;
	b->thread_count = c ? c->thread_count : 0;
	b->steal_tick_ns = run_models_steal_known(m) ? m->facts->steal_tick_ns : 0;
}

/* --tail: the single noises, each noise occurrence the tracer reported */
static bool tail_sample_osnoise(const struct rtl_record *rec, int *cpu, int *context,
				uint64_t *ns, uint64_t *ts)
{
	if (rec->kind != RECORD_NOISE_SAMPLE || rec->sample.self_ns)
		return false;
	*cpu = rec->sample.cpu;
	*context = 0;
	*ns = rec->sample.duration_ns;
	*ts = rec->sample.ts;
	return true;
}

static const char *const tail_contexts_osnoise[] = { "noise" };

/* --until-confident: the single noises, the one series */
static int tail_main_osnoise(const struct rtl_params *p)
{
	(void)p;
	return 0;
}

const struct models_ops osnoise_models = {
	.init			= init_osnoise,
	.free			= free_osnoise,
	.reset			= reset_osnoise,
	.add			= add_osnoise,
	.analyse		= analyse_osnoise,
	.records		= records_osnoise,
	.stop_value		= stop_value_osnoise,
	.counts			= counts_osnoise,
	.add_samples		= add_samples_osnoise,
	.live_on		= live_on_osnoise,
	.live_rows		= live_rows_osnoise,
	.samples_wanted_from	= samples_wanted_from_osnoise,
	.runtime_ns		= runtime_ns_osnoise,
	.explain		= explain_osnoise,
	.tail_sample		= tail_sample_osnoise,
	.tail_contexts		= 1,
	.tail_context_names	= tail_contexts_osnoise,
	.tail_main		= tail_main_osnoise,
};
