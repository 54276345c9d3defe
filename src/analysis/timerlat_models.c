// SPDX-License-Identifier: GPL-2.0
/*
 * timerlat_models - what a session of timerlat computes from its records:
 * the latency statistics (latency_model), the analysis of the latency that
 * stopped it (timerlat_aa) and the run's sources (timerlat_sources), kept
 * behind run_models.data
 */
#include <stdlib.h>

#include "analysis/timerlat_models.h"

_Static_assert(TIMERLAT_SOURCES_LEN + 1 <= MODELS_SOURCES_MAX,
	       "a CPU's sources and its not explained fit the live pane's");

const struct timerlat_run *timerlat_models_of(const struct run_models *m)
{
	return m->ops == &timerlat_models ? m->data : NULL;
}

static struct timerlat_run *run_of(const struct run_models *m)
{
	return m->data;
}

struct timerlat_aa_result *timerlat_models_stop_result(struct run_models *m)
{
	struct timerlat_run *t = timerlat_models_of(m) ? run_of(m) : NULL;

	return t && t->aa_done ? &t->aa_result : NULL;
}

/* the analysis, and the run's sources it sums into */
static int init_analysis(struct timerlat_run *t, const struct rtl_params *p)
{
	if (!(t->aa = timerlat_aa_new(p->nr_cpus)))
		return -1;
	if (params_whole_run_analysis(p)) {
		t->sources = timerlat_sources_new(p->nr_cpus, p->aa_floor_us * 1000);
		if (!t->sources)
			return -1;
		timerlat_aa_sum_into(t->aa, t->sources);
	}
	if (p->user_threads)
		timerlat_aa_set_user_return(t->aa);
	return 0;
}

static int init_timerlat(struct run_models *m, const struct rtl_params *p)
{
	struct timerlat_run *t = calloc(1, sizeof(*t));

	m->data = t;
	if (!t || latency_model_init(&t->lat, p->nr_cpus, params_divisor(p), p->bucket_size,
				     p->entries))
		return -1;
	if (params_trace_analysis(p) && init_analysis(t, p))
		return -1;
	if (p->dump_tasks && !(t->last_thread = calloc(p->nr_cpus, sizeof(*t->last_thread))))
		return -1;
	return 0;
}

static void free_timerlat(struct run_models *m)
{
	struct timerlat_run *t = run_of(m);

	if (!t)
		return;
	latency_model_free(&t->lat);
	timerlat_aa_free(t->aa);
	timerlat_sources_free(t->sources);
	free(t->last_thread);
	timerlat_window_free(t->live_worst);
	free(t);
}

/* the run's sources start over with the table: each covers the latencies since */
static void reset_timerlat(struct run_models *m)
{
	latency_model_reset(&run_of(m)->lat);
	timerlat_sources_reset(run_of(m)->sources);
	timerlat_window_reset(run_of(m)->live_worst);
}

static void add_timerlat(struct run_models *m, const struct rtl_record *rec)
{
	latency_model_add(&run_of(m)->lat, rec);
}

static void analyse_timerlat(struct run_models *m, const struct rtl_record *rec)
{
	struct timerlat_run *t = run_of(m);

	if (t->aa)
		timerlat_aa_feed(t->aa, rec);
	if (t->last_thread && rec->kind == RECORD_NOISE_EVENT && rec->noise.kind == NOISE_THREAD &&
	    rec->noise.cpu >= 0 && rec->noise.cpu < t->lat.nr_cpus)
		t->last_thread[rec->noise.cpu] = rec->noise;
}

static uint64_t records_timerlat(const struct run_models *m)
{
	return run_of(m)->lat.records;
}

static uint64_t stop_value_timerlat(const struct run_models *m, int cpu, enum stop_limit limit)
{
	const struct latency_model *lat = &run_of(m)->lat;

	return stop_value_latency(&lat->cpu[cpu], lat->divisor, limit);
}

static void *counts_timerlat(struct run_models *m)
{
	return &run_of(m)->lat;
}

/* the pane: with the run's sources only (timerlat's flight recorder is read at a stop) */
static bool live_on_timerlat(struct run_models *m)
{
	struct timerlat_run *t = run_of(m);

	if (!t->sources)
		return false;
	m->live_sources = source_window_new(m->nr_cpus, TL_SOURCE_OTHER);
	t->live_worst = timerlat_window_new(m->nr_cpus);
	return m->live_sources && t->live_worst;
}

/* the rows and their not explained, which add up to the latencies; the second's worst */
static int live_rows_timerlat(struct run_models *m, int cpu, unsigned long second,
			      struct source_row *rows, int max)
{
	struct timerlat_run *t = run_of(m);
	struct timerlat_breakdown worst;
	int n = timerlat_sources_table(t->sources, cpu, rows, max - 1);

	timerlat_sources_unexplained_row(t->sources, cpu, &rows[n++]);
	if (timerlat_sources_take_worst(t->sources, cpu, &worst))
		timerlat_window_add(t->live_worst, second, &worst);
	return n;
}

/* the latency that stopped the run, on @cpu (-1: none) */
static void explain_timerlat(struct run_models *m, const struct rtl_params *p, int cpu)
{
	struct timerlat_run *t = run_of(m);

	(void)p;
	t->aa_done = t->aa && cpu >= 0 && !timerlat_aa_explain(t->aa, cpu, &t->aa_result);
}

/* --tail: each context's latencies but those that include a stop of rtlens */
static bool tail_sample_timerlat(const struct rtl_record *rec, int *cpu, int *context,
				 uint64_t *ns, uint64_t *ts)
{
	const struct timerlat_sample *t = &rec->timerlat;

	if (rec->kind != RECORD_TIMERLAT || t->self_ns ||
	    (unsigned int)t->context >= NR_TIMERLAT_CONTEXTS)
		return false;
	*cpu = t->cpu;
	*context = (int)t->context;
	*ns = t->latency_ns;
	*ts = t->ts;
	return true;
}

static const char *const tail_contexts_timerlat[NR_TIMERLAT_CONTEXTS] = {
	"irq", "thread", "user",
};

/*
 * --until-confident: the latency the workload sees, what -T stops on: the
 * thread's, or with user-space threads (-u, -U) the return to user space,
 * which follows it and includes it
 */
static int tail_main_timerlat(const struct rtl_params *p)
{
	return p->user_threads ? TIMERLAT_USER : TIMERLAT_THREAD;
}

const struct models_ops timerlat_models = {
	.init		= init_timerlat,
	.free		= free_timerlat,
	.reset		= reset_timerlat,
	.add		= add_timerlat,
	.analyse	= analyse_timerlat,
	.records	= records_timerlat,
	.stop_value	= stop_value_timerlat,
	.counts		= counts_timerlat,
	.live_on	= live_on_timerlat,
	.live_rows	= live_rows_timerlat,
	.explain	= explain_timerlat,
	.tail_sample	= tail_sample_timerlat,
	.tail_contexts	= NR_TIMERLAT_CONTEXTS,
	.tail_context_names = tail_contexts_timerlat,
	.tail_main	= tail_main_timerlat,
};
