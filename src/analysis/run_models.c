// SPDX-License-Identifier: GPL-2.0
/*
 * run_models - route each record to the models of the session's tool
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "analysis/run_models.h"
#include "model/stop_rule.h"
#include "analysis/osnoise_models.h"
#include "analysis/timerlat_models.h"

static const struct models_ops *const models_of_tool[NR_TOOLS] = {
	[TOOL_OSNOISE]	= &osnoise_models,
	[TOOL_TIMERLAT]	= &timerlat_models,
#define MODELS_UNIT_ROW(name, NAME)	[TOOL_##NAME] = &name##_models,
	RTL_TOOL_UNITS(MODELS_UNIT_ROW)
};

static int init_tail(struct run_models *m, const struct rtl_params *p)
{
	m->tail = malloc(sizeof(*m->tail));
	if (!m->tail || tail_set_init(m->tail, p->nr_cpus, m->ops->tail_contexts))
		return -1;
	if (!(p->gate_p > 0))
		return 0;
	m->gate = malloc(sizeof(*m->gate));
	return m->gate ? tail_gate_init(m->gate, p->gate_p, p->gate_us * 1000,
					m->ops->tail_main(p), &p->cpus, p->nr_cpus) : -1;
}

static void free_estimates(struct run_models *m)
{
	if (m->tail_done)
		tail_run_free(m->tail_done);
	free(m->tail_done);
	m->tail_done = NULL;
}

static void free_tail(struct run_models *m)
{
	if (m->tail)
		tail_set_free(m->tail);
	free(m->tail);
	m->tail = NULL;
	if (m->gate)
		tail_gate_free(m->gate);
	free(m->gate);
	m->gate = NULL;
	free_estimates(m);
}

/* the estimates of the series, once, at the end: tens of ms each */
static void estimate_tail(struct run_models *m, const struct rtl_params *p)
{
	free_estimates(m);
	if (!m->tail || !(m->tail_done = malloc(sizeof(*m->tail_done))))
		return;
	if (tail_run_estimate(m->tail_done, m->tail, &p->cpus, p->tail_horizons_s,
			      p->nr_tail_horizons)) {
		warn_msg("--tail: no estimate made: %s", strerror(errno));
		free_estimates(m);
	}
}

/* a sample of the tool's into the tail's series */
static void add_tail(struct run_models *m, const struct rtl_record *rec)
{
	uint64_t ns, ts;
	int cpu, context;

	if (m->tail && m->ops->tail_sample(rec, &cpu, &context, &ns, &ts))
		tail_set_add(m->tail, cpu, context, ns, ts);
}

const struct tail_set *run_models_tail(const struct run_models *m)
{
	return m->tail;
}

struct tail_gate *run_models_gate(const struct run_models *m)
{
	return m->gate;
}

const struct tail_run *run_models_tail_estimates(const struct run_models *m)
{
	return m->tail_done;
}

const char *run_models_tail_context(const struct run_models *m, int context)
{
	if (!m->ops->tail_context_names || context < 0 || context >= m->ops->tail_contexts)
		return "?";
	return m->ops->tail_context_names[context];
}

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
	if (p->tail && m->ops->tail_sample && init_tail(m, p))
		return -1;
	return m->ops->init(m, p);
}

void run_models_free(struct run_models *m)
{
	if (m->ops && m->ops->free)
		m->ops->free(m);
	m->data = NULL;
	self_stop_free(&m->self);
	vm_join_free(m->join);
	m->join = NULL;
	free(m->aa_lost);
	m->aa_lost = NULL;
	vcpu_threads_free(&m->vcpus);
	source_window_free(m->live_sources);
	m->live_sources = NULL;
	free_tail(m);
}

void run_models_reset(struct run_models *m)
{
	m->ops->reset(m);
	if (m->tail)
		tail_set_reset(m->tail);
	if (m->gate)
		tail_gate_reset(m->gate);
	free_estimates(m);
	vcpu_threads_free(&m->vcpus);
	source_window_reset(m->live_sources);
}

bool run_models_live_on(struct run_models *m)
{
	return m->ops->live_on && m->ops->live_on(m);
}

static void live_tick_cpu(struct run_models *m, int cpu, unsigned long second)
{
	struct source_row rows[MODELS_SOURCES_MAX];
	int n = m->ops->live_rows(m, cpu, second, rows, MODELS_SOURCES_MAX);

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
	add_tail(m, rec);
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
	uint64_t from = m->ops->samples_wanted_from ? m->ops->samples_wanted_from(m) : UINT64_MAX;

	if (p->stop_us && p->stop_us * 1000 < from)
		from = p->stop_us * 1000;
	return from;
}

void run_models_set_analysis_lost(struct run_models *m, int cpu, uint64_t lost)
{
	if (m->aa_lost && cpu >= 0 && cpu < m->nr_cpus)
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

void *run_models_counts(struct run_models *m)
{
	return m->ops->counts ? m->ops->counts(m) : NULL;
}

void run_models_add_kernel_bucket(int cpu, uint64_t low_ns, uint64_t count, void *models)
{
	struct run_models *m = models;

	if (m->ops->add_samples)
		m->ops->add_samples(m, cpu, low_ns / 1000, count);
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

bool run_models_runtime_ns(const struct run_models *m, int cpu, uint64_t *ns)
{
	return m->ops->runtime_ns && m->ops->runtime_ns(m, cpu, ns);
}

void run_models_explain(struct run_models *m, const struct rtl_params *p, int cpu)
{
	if (m->ops->explain)
		m->ops->explain(m, p, cpu);
	estimate_tail(m, p);
}
