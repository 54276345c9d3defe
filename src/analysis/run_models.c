// SPDX-License-Identifier: GPL-2.0
/*
 * run_models - route each record to the models of the session's tool
 */
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "analysis/run_models.h"
#include "model/stop_rule.h"

static int init_osnoise(struct run_models *m, const struct rtl_params *p)
{
	if (noise_model_init(&m->noise, p->nr_cpus, p->bucket_size, p->entries))
		return -1;
	if (!params_analysis_on(p))
		return 0;
	m->osnoise_aa = osnoise_aa_new(p->nr_cpus, p->aa_top);
	if (m->osnoise_aa)
		osnoise_aa_follow_table(m->osnoise_aa);
	m->osnoise_aa_worst = calloc(p->aa_top ? p->aa_top : 1, sizeof(*m->osnoise_aa_worst));
	m->osnoise_aa_tables = calloc(p->nr_cpus, sizeof(*m->osnoise_aa_tables));
	m->nr_osnoise_aa_table = calloc(p->nr_cpus, sizeof(*m->nr_osnoise_aa_table));
	return m->osnoise_aa && m->osnoise_aa_worst && m->osnoise_aa_tables &&
	       m->nr_osnoise_aa_table ? 0 : -1;
}

static int init_timerlat(struct run_models *m, const struct rtl_params *p)
{
	if (latency_model_init(&m->lat, p->nr_cpus, params_divisor(p), p->bucket_size,
			       p->entries))
		return -1;
	if (params_trace_analysis(p) && !(m->timerlat_aa = timerlat_aa_new(p->nr_cpus)))
		return -1;
	if (m->timerlat_aa && params_whole_run_analysis(p)) {
		m->tl_sources = timerlat_sources_new(p->nr_cpus, p->aa_floor_us * 1000);
		if (!m->tl_sources)
			return -1;
		timerlat_aa_sum_into(m->timerlat_aa, m->tl_sources);
	}
	if (p->user_threads)
		timerlat_aa_set_user_return(m->timerlat_aa);
	if (p->dump_tasks && !(m->last_thread = calloc(p->nr_cpus, sizeof(*m->last_thread))))
		return -1;
	return 0;
}

/* the analysis starts over with the table, so that they cover one time */
static void reset_osnoise(struct run_models *m)
{
	noise_model_reset(&m->noise);
	osnoise_aa_reset(m->osnoise_aa);
}

/* the run's sources start over with the table: each covers the latencies since */
static void reset_timerlat(struct run_models *m)
{
	latency_model_reset(&m->lat);
	timerlat_sources_reset(m->tl_sources);
}

static void add_osnoise(struct run_models *m, const struct rtl_record *rec)
{
	noise_model_add(&m->noise, rec);
	/* the analysis covers what the table does: the periods it counted */
	if (m->osnoise_aa && rec->kind == RECORD_OSNOISE_PERIOD)
		osnoise_aa_period_end(m->osnoise_aa, rec->period.cpu, rec->period.ts);
}

static void analyse_osnoise(struct run_models *m, const struct rtl_record *rec)
{
	if (m->osnoise_aa)
		osnoise_aa_feed(m->osnoise_aa, rec);
}

static void add_timerlat(struct run_models *m, const struct rtl_record *rec)
{
	latency_model_add(&m->lat, rec);
}

static void analyse_timerlat(struct run_models *m, const struct rtl_record *rec)
{
	if (m->timerlat_aa)
		timerlat_aa_feed(m->timerlat_aa, rec);
	if (m->last_thread && rec->kind == RECORD_NOISE_EVENT && rec->noise.kind == NOISE_THREAD &&
	    rec->noise.cpu >= 0 && rec->noise.cpu < m->lat.nr_cpus)
		m->last_thread[rec->noise.cpu] = rec->noise;
}

static uint64_t records_osnoise(const struct run_models *m)
{
	return m->noise.records;
}

static uint64_t records_timerlat(const struct run_models *m)
{
	return m->lat.records;
}

/* the value of @cpu that @limit is compared with (stop_rule) */
static uint64_t stop_value_osnoise(const struct run_models *m, int cpu, enum stop_limit limit)
{
	return stop_value_noise(&m->noise.cpu[cpu], limit);
}

static uint64_t stop_value_timerlat(const struct run_models *m, int cpu, enum stop_limit limit)
{
	return stop_value_latency(&m->lat.cpu[cpu], m->lat.divisor, limit);
}

static const struct models_ops osnoise_models = {
	.init		= init_osnoise,
	.reset		= reset_osnoise,
	.add		= add_osnoise,
	.analyse	= analyse_osnoise,
	.records	= records_osnoise,
	.stop_value	= stop_value_osnoise,
};

static const struct models_ops timerlat_models = {
	.init		= init_timerlat,
	.reset		= reset_timerlat,
	.add		= add_timerlat,
	.analyse	= analyse_timerlat,
	.records	= records_timerlat,
	.stop_value	= stop_value_timerlat,
};

static const struct models_ops *const models_of_tool[NR_TOOLS] = {
	[TOOL_OSNOISE]	= &osnoise_models,
	[TOOL_TIMERLAT]	= &timerlat_models,
#define MODELS_UNIT_ROW(name, NAME)	[TOOL_##NAME] = &name##_models,
	RTL_TOOL_UNITS(MODELS_UNIT_ROW)
};

int run_models_init(struct run_models *m, const struct rtl_params *p,
		    const struct sys_facts *facts)
{
	memset(m, 0, sizeof(*m));
	m->ops = models_of_tool[p->tool];
	m->facts = facts;
	m->nr_cpus = p->nr_cpus;
	vcpu_threads_init(&m->vcpus, p->nr_cpus);
	if (self_stop_init(&m->self, p->nr_cpus))
		return -1;
	if (params_analysis_on(p) && !(m->aa_lost = calloc(p->nr_cpus, sizeof(*m->aa_lost))))
		return -1;
	return m->ops->init(m, p);
}

void run_models_free(struct run_models *m)
{
	if (m->ops && m->ops->free)
		m->ops->free(m);
	m->data = NULL;
	noise_model_free(&m->noise);
	latency_model_free(&m->lat);
	timerlat_aa_free(m->timerlat_aa);
	m->timerlat_aa = NULL;
	timerlat_sources_free(m->tl_sources);
	m->tl_sources = NULL;
	free(m->last_thread);
	m->last_thread = NULL;
	osnoise_aa_free(m->osnoise_aa);
	m->osnoise_aa = NULL;
	free(m->osnoise_aa_worst);
	free(m->osnoise_aa_tables);
	free(m->nr_osnoise_aa_table);
	m->osnoise_aa_worst = NULL;
	m->osnoise_aa_tables = NULL;
	m->nr_osnoise_aa_table = NULL;
	self_stop_free(&m->self);
	vm_join_free(m->join);
	m->join = NULL;
	free(m->aa_lost);
	m->aa_lost = NULL;
	vcpu_threads_free(&m->vcpus);
	source_window_free(m->live_sources);
	m->live_sources = NULL;
	timerlat_window_free(m->live_worst);
	m->live_worst = NULL;
}

void run_models_reset(struct run_models *m)
{
	m->ops->reset(m);
	vcpu_threads_free(&m->vcpus);
	source_window_reset(m->live_sources);
	timerlat_window_reset(m->live_worst);
}

bool run_models_live_on(struct run_models *m)
{
	if (m->osnoise_aa)
		m->live_sources = source_window_new(m->nr_cpus, OSNOISE_CAUSE_OTHER);
	if (m->tl_sources) {
		m->live_sources = source_window_new(m->nr_cpus, TL_SOURCE_OTHER);
		m->live_worst = timerlat_window_new(m->nr_cpus);
	}
	return m->live_sources && (!m->tl_sources || m->live_worst);
}

_Static_assert(TIMERLAT_SOURCES_LEN + 1 <= OSNOISE_AA_TABLE_LEN,
	       "a tick's rows hold either table, timerlat's with its not explained");

static void live_tick_cpu(struct run_models *m, int cpu, unsigned long second)
{
	struct source_row rows[OSNOISE_AA_TABLE_LEN];
	struct timerlat_breakdown worst;
	int n;

	if (m->osnoise_aa) {
		n = osnoise_aa_sources(m->osnoise_aa, cpu, rows, OSNOISE_AA_TABLE_LEN);
	} else {
		n = timerlat_sources_table(m->tl_sources, cpu, rows, TIMERLAT_SOURCES_LEN);
		timerlat_sources_unexplained_row(m->tl_sources, cpu, &rows[n++]);
		if (timerlat_sources_take_worst(m->tl_sources, cpu, &worst))
			timerlat_window_add(m->live_worst, second, &worst);
	}
	source_window_update(m->live_sources, cpu, second, rows, n);
}

void run_models_live_tick(struct run_models *m, const struct rtl_params *p,
			  unsigned long second)
{
	int cpu;

	if (!m->live_sources)
		return;
	for_each_cpu_in(cpu, &p->cpus)
		if (cpu < m->nr_cpus)
			live_tick_cpu(m, cpu, second);
}

void run_models_add(struct run_models *m, const struct rtl_record *rec)
{
	run_models_add_models(m, rec);
	m->ops->analyse(m, rec);
}

void run_models_add_models(struct run_models *m, const struct rtl_record *rec)
{
	self_stop_add(&m->self, rec);
	m->ops->add(m, rec);
	vm_join_record(m->join, rec);
	vcpu_threads_feed(&m->vcpus, rec);
}

void run_models_add_analysis(struct run_models *m, const struct rtl_record *rec)
{
	m->ops->analyse(m, rec);
	vcpu_threads_feed(&m->vcpus, rec);
}

uint64_t run_models_samples_wanted_from(const struct run_models *m, const struct rtl_params *p)
{
	uint64_t from = m->osnoise_aa ? osnoise_aa_samples_wanted_from(m->osnoise_aa) : UINT64_MAX;

	if (p->stop_us && p->stop_us * 1000 < from)
		from = p->stop_us * 1000;
	return from;
}

void run_models_set_analysis_lost(struct run_models *m, int cpu, uint64_t lost)
{
	if (m->aa_lost && cpu >= 0 && cpu < m->noise.nr_cpus + m->lat.nr_cpus)
		m->aa_lost[cpu] = lost;
}

uint64_t run_models_analysis_lost(const struct run_models *m, int cpu)
{
	if (!m->aa_lost || cpu < 0 || cpu >= m->nr_cpus)
		return 0;
	return m->aa_lost[cpu];
}

void run_models_flush(struct run_models *m)
{
	vcpu_threads_flush(&m->vcpus);
}

uint64_t run_models_records(const struct run_models *m)
{
	return m->ops->records(m);
}

/* worst value over @limit_us among the measured cpus; -1 when none is */
static int worst_cpu(const struct run_models *m, const struct rtl_params *p,
		     enum stop_limit limit, uint64_t limit_us)
{
	uint64_t worst = 0;
	int cpu, found = -1;

	for_each_cpu_in(cpu, &p->cpus) {
		uint64_t v = cpu < p->nr_cpus ? m->ops->stop_value(m, cpu, limit) : 0;

		if (stop_over(v, limit_us) && v > worst) {
			worst = v;
			found = cpu;
		}
	}
	return found;
}

int run_models_threshold_cpu(const struct run_models *m, const struct rtl_params *p,
			     bool *total)
{
	int cpu;

	*total = false;
	cpu = worst_cpu(m, p, STOP_LIMIT_SINGLE, p->stop_us);
	if (cpu >= 0)
		return cpu;
	*total = true;
	return worst_cpu(m, p, STOP_LIMIT_TOTAL, p->stop_total_us);
}

bool run_models_passed(const struct run_models *m, const struct rtl_params *p,
		       uint64_t limit_us)
{
	return limit_us && worst_cpu(m, p, STOP_LIMIT_SINGLE, limit_us + 1) >= 0;
}

bool run_models_analyse(struct run_models *m, int cpu)
{
	m->timerlat_aa_done = m->timerlat_aa && cpu >= 0 &&
			      !timerlat_aa_explain(m->timerlat_aa, cpu, &m->timerlat_aa_result);
	return m->timerlat_aa_done;
}

bool run_models_steal_known(const struct run_models *m)
{
	return m->facts && m->facts->steal_ok;
}

uint64_t run_models_steal_ns(const struct run_models *m, int cpu)
{
	if (!run_models_steal_known(m) || cpu < 0 || cpu >= m->facts->nr_cpus)
		return 0;
	return m->facts->steal_ns[cpu];
}

int64_t run_models_smi_count(const struct run_models *m, int cpu)
{
	if (!m->facts || !m->facts->smi_count || cpu < 0 || cpu >= m->facts->nr_cpus)
		return -1;
	return m->facts->smi_count[cpu];
}

const char *run_models_smi_why(const struct run_models *m)
{
	return m->facts && m->facts->smi_count ? m->facts->smi_why : "";
}

static void explain_cpu_sources(struct run_models *m, int cpu)
{
	struct source_row *table = m->osnoise_aa_tables[cpu];
	int *n = &m->nr_osnoise_aa_table[cpu];

	uint64_t steal = run_models_steal_ns(m, cpu);

	*n = osnoise_aa_sources(m->osnoise_aa, cpu, table, OSNOISE_AA_TABLE_LEN);
	if (*n > 0 && steal)
		osnoise_aa_split_vm(table, n, OSNOISE_AA_TABLE_LEN, steal);
}

void run_models_explain_noise(struct run_models *m, const struct rtl_params *p, int cpu)
{
	int c;

	if (!m->osnoise_aa)
		return;
	m->osnoise_aa_sample_done = cpu >= 0 && p->stop_us &&
				    !osnoise_aa_last_over(m->osnoise_aa, cpu, p->stop_us * 1000,
							  &m->osnoise_aa_sample);
	if (p->aa_top)
		m->nr_osnoise_aa_worst = osnoise_aa_worst(m->osnoise_aa, m->osnoise_aa_worst,
							  p->aa_top);
	for_each_cpu_in(c, &p->cpus)
		if (c < p->nr_cpus)
			explain_cpu_sources(m, c);
}

void run_models_noise_balance(const struct run_models *m, int cpu, struct osnoise_aa_balance *b)
{
	const struct cpu_noise *c = cpu < m->noise.nr_cpus ? &m->noise.cpu[cpu] : NULL;

	osnoise_aa_balance(m->osnoise_aa_tables[cpu], m->nr_osnoise_aa_table[cpu],
			   c ? c->sum_noise_us : 0, c ? c->cycles : 0, b);
	b->unsure_ns = osnoise_aa_unsure_ns(m->osnoise_aa, cpu);
	b->samples = osnoise_aa_samples(m->osnoise_aa, cpu);
	b->hw_count = c ? c->hw_count : 0;
	b->counts_known = c != NULL;
	b->nmi_count = c ? c->nmi_count : 0;
	b->irq_count = c ? c->irq_count : 0;
	b->softirq_count = c ? c->softirq_count : 0;
	b->thread_count = c ? c->thread_count : 0;
	b->steal_tick_ns = run_models_steal_known(m) ? m->facts->steal_tick_ns : 0;
}
