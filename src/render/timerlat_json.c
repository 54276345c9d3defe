// SPDX-License-Identifier: GPL-2.0
/*
 * timerlat_json - the timerlat sections of the JSON report: per-CPU latency
 * statistics, histograms (hist) and the auto-analysis
 */
#include "analysis/timerlat_models.h"
#include "render/json_writer.h"
#include "render/render.h"

static const char *const ctx_names[NR_TIMERLAT_CONTEXTS] = { "irq", "thread", "user" };

void json_timerlat_config(struct json_writer *w, const struct rtl_params *p)
{
	json_u64_or_null(w, "irq_stop_us", p->stop_us);
	json_u64_or_null(w, "thread_stop_us", p->stop_total_us);
	json_u64_or_null(w, "stack_us", p->stack_us);
	json_string(w, "unit", p->nano ? "ns" : "us");
	if (p->dma_latency_us >= 0)
		json_i64(w, "dma_latency_us", p->dma_latency_us);
	else
		json_null(w, "dma_latency_us");
	if (p->deepest_idle >= 0)
		json_i64(w, "deepest_idle_state", p->deepest_idle);
	else
		json_null(w, "deepest_idle_state");
	/* the user engine's threads are rtlens's own, neither the tracer's kind */
	json_string(w, "threads", p->engine == ENGINE_OWN ? "rtlens" : p->user_threads ? "user" : "kernel");
	json_bool(w, "user_load", p->user_load);
	if (p->aligned_us >= 0)
		json_i64(w, "aligned_us", p->aligned_us);
	else
		json_null(w, "aligned_us");
	json_string(w, "stack_format", stack_format_names[p->stack_format]);
	if (p->bpf_action)
		json_string(w, "bpf_action", p->bpf_action);
	else
		json_null(w, "bpf_action");
	json_bool(w, "auto_analysis", !p->no_aa);
	json_bool(w, "aa_only", p->aa_only);
	json_bool(w, "no_irq", p->no_irq);
	json_bool(w, "no_thread", p->no_thread);
}

static int nr_contexts(const struct rtl_params *p)
{
	return p->user_threads ? NR_TIMERLAT_CONTEXTS : TIMERLAT_USER;
}

static void json_stats(struct json_writer *w, const char *key, const struct latency_stats *s)
{
	json_begin_object(w, key);
	json_u64(w, "count", s->count);
	if (s->count) {
		json_u64(w, "cur", s->cur);
		json_u64(w, "min", s->min);
		json_double(w, "avg", (double)s->sum / s->count);
		json_u64(w, "max", s->max);
	} else {
		json_null(w, "cur");
		json_null(w, "min");
		json_null(w, "avg");
		json_null(w, "max");
	}
	json_end_object(w);
}

/* each context of a CPU: its statistics, or its histogram */
typedef void (*ctx_json_fn)(struct json_writer *w, const struct cpu_latency *c, int ctx);

static void json_ctx_stats(struct json_writer *w, const struct cpu_latency *c, int ctx)
{
	json_stats(w, ctx_names[ctx], &c->stats[ctx]);
}

static void json_ctx_hist(struct json_writer *w, const struct cpu_latency *c, int ctx)
{
	json_begin_object(w, ctx_names[ctx]);
	json_hist_fields(w, &c->hist[ctx]);
	json_end_object(w);
}

/* the array "cpus": an object a measured CPU, @fn for each context */
static void json_tl_per_cpu(struct json_writer *w, const struct latency_model *m,
			    const struct rtl_params *p, ctx_json_fn fn)
{
	int cpu, ctx;

	json_begin_array(w, "cpus");
	for_each_cpu_in(cpu, &p->cpus) {
		if (cpu >= m->nr_cpus)
			continue;
		json_begin_object(w, NULL);
		json_u64(w, "cpu", cpu);
		for (ctx = 0; ctx < nr_contexts(p); ctx++)
			fn(w, &m->cpu[cpu], ctx);
		json_end_object(w);
	}
	json_end_array(w);
}

static void json_tl_cpus(struct json_writer *w, const struct latency_model *m,
			 const struct rtl_params *p)
{
	json_tl_per_cpu(w, m, p, json_ctx_stats);
}

static void json_tl_hist(struct json_writer *w, const struct latency_model *m,
			 const struct rtl_params *p)
{
	json_begin_object(w, "histogram");
	json_string(w, "unit", p->nano ? "ns" : "us");
	json_u64(w, "bucket_size", p->bucket_size);
	json_u64(w, "entries", p->entries);
	json_tl_per_cpu(w, m, p, json_ctx_hist);
	json_end_object(w);
}

static void json_tl_analysis(struct json_writer *w, const struct timerlat_run *t)
{
	if (t->aa_done)
		timerlat_aa_json(w, "analysis", &t->aa_result);
	else
		json_null(w, "analysis");
}

/* 2.3, --aa: each measured CPU's sources of latency over the run, else null */
static void json_tl_sources(struct json_writer *w, const struct timerlat_run *t,
			    const struct rtl_params *p)
{
	struct source_row table[TIMERLAT_SOURCES_LEN];
	struct timerlat_sources_sum sum;
	int cpu, n;

	/* the pane's feed (params_whole_run_analysis) is not the report's */
	if (!t->sources || !p->aa) {
		json_null(w, "latency_sources");
		return;
	}
	json_begin_object(w, "latency_sources");
	json_us(w, "floor_us", (int64_t)timerlat_sources_floor_ns(t->sources));
	json_string(w, "latency", p->user_threads ? "user" : "thread");
	json_begin_array(w, "cpus");
	for_each_cpu_in(cpu, &p->cpus) {
		if (cpu >= p->nr_cpus)
			continue;
		n = timerlat_sources_table(t->sources, cpu, table, TIMERLAT_SOURCES_LEN);
		timerlat_sources_sum(t->sources, cpu, &sum);
		json_begin_object(w, NULL);
		json_u64(w, "cpu", cpu);
		timerlat_sources_json_sum(w, &sum);
		timerlat_sources_json_sources(w, "sources", table, n);
		json_end_object(w);
	}
	json_end_array(w);
	json_end_object(w);
}

void json_timerlat_top(struct json_writer *w, const struct run_models *m,
		       const struct rtl_params *p)
{
	const struct timerlat_run *t = timerlat_models_of(m);

	json_tl_cpus(w, &t->lat, p);
	json_tl_analysis(w, t);
	json_tl_sources(w, t, p);
}

void json_timerlat_hist(struct json_writer *w, const struct run_models *m,
			const struct rtl_params *p)
{
	const struct timerlat_run *t = timerlat_models_of(m);

	json_tl_cpus(w, &t->lat, p);
	json_tl_hist(w, &t->lat, p);
	json_tl_analysis(w, t);
	json_tl_sources(w, t, p);
}
