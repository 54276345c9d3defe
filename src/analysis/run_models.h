/* SPDX-License-Identifier: GPL-2.0 */
/*
 * run_models - everything a session computes from its records: its tool's
 * models, behind struct models_ops (NAME_models.c: the tool's figures and
 * analysis), and what every tool has: the machine's facts, the stops of
 * rtlens's own threads, a KVM host's vCPU threads, the live pane's window
 */
#ifndef RTLENS_RUN_MODELS_H
#define RTLENS_RUN_MODELS_H

#include <stdbool.h>

#include "base/facts.h"
#include "base/params.h"
#include "model/self_stop.h"
#include "model/stop_rule.h"
#include "analysis/source_table.h"
#include "analysis/source_window.h"
#include "analysis/vm_join.h"
#include "analysis/vcpu_threads.h"
#include "analysis/tail_estimate.h"
#include "analysis/tail_gate.h"

struct run_models;

/* The models of a tool, and what the session asks of them. */
struct models_ops {
	int		(*init)(struct run_models *m, const struct rtl_params *p);
	void		(*free)(struct run_models *m);		/* NULL: nothing of its own */
	void		(*reset)(struct run_models *m);
	void		(*add)(struct run_models *m, const struct rtl_record *rec);
	void		(*analyse)(struct run_models *m, const struct rtl_record *rec);
	uint64_t	(*records)(const struct run_models *m);
	uint64_t	(*stop_value)(const struct run_models *m, int cpu, enum stop_limit limit);
	/* the model the engine loads what the kernel counted into; NULL: none */
	void		*(*counts)(struct run_models *m);
	/* @count samples of @value_us counted by the kernel's histogram; NULL: none */
	void		(*add_samples)(struct run_models *m, int cpu, uint64_t value_us,
				       uint64_t count);
	/* the live pane: its window made (live_sources), and @cpu's rows at @second */
	bool		(*live_on)(struct run_models *m);	/* NULL: no pane */
	int		(*live_rows)(struct run_models *m, int cpu, unsigned long second,
				     struct source_row *rows, int max);
	/* the shortest sample the analysis needs one by one; NULL: UINT64_MAX */
	uint64_t	(*samples_wanted_from)(const struct run_models *m);
	/* the time it measured on @cpu (osnoise's runtime); NULL, or false: the run's */
	bool		(*runtime_ns)(const struct run_models *m, int cpu, uint64_t *ns);
	/* the end: the stop's sample on @cpu (-1: none) and the whole run's */
	void		(*explain)(struct run_models *m, const struct rtl_params *p, int cpu);
	/* --tail: a sample of @rec for the tail's series (true), its CPU, context, ns and time */
	bool		(*tail_sample)(const struct rtl_record *rec, int *cpu, int *context,
				       uint64_t *ns, uint64_t *ts);
	int		tail_contexts;			/* the contexts it has */
	const char *const *tail_context_names;		/* their names */
	/* --until-confident: the context of the series it watches on each CPU */
	int		(*tail_main)(const struct rtl_params *p);
};

/* the most rows of a CPU's sources a tool gives the live pane (live_rows) */
#define MODELS_SOURCES_MAX	72

/* the tools whose models live in files of their own, with their state in data */
#define MODELS_UNIT_OPS(name, NAME)	extern const struct models_ops name##_models;
RTL_TOOL_UNITS(MODELS_UNIT_OPS)

struct run_models {
	const struct models_ops	*ops;		/* the tool's models */
	void			*data;		/* a tool's own state, opaque (its ops') */
	int			nr_cpus;

	/* the machine: guest or not, and what the hypervisor took */
	const struct sys_facts	*facts;		/* NULL: nothing known */

	/* --host-input: the guest's samples joined with its host's recording */
	struct vm_join		*join;

	/* the stops of rtlens's own measuring threads (user engine) */
	struct self_stop	self;

	/*
	 * per CPU: the analysis' events lost (their own buffer overflowed):
	 * the analysis of that CPU is partial, the tables are not; NULL
	 * without an analysis
	 */
	uint64_t		*aa_lost;

	/* a KVM host: its vCPU threads (RECORD_KVM, RECORD_CTX of the engines) */
	struct vcpu_threads	vcpus;

	/* the live screen's pane: the sources per second */
	struct source_window	*live_sources;	/* NULL: no pane */

	/* --tail: the series of the tail estimates; NULL without */
	struct tail_set		*tail;
	/* --until-confident: its CPUs' levels and verdict; NULL without */
	struct tail_gate	*gate;
	/* and their estimates, made at the end (run_models_explain()); NULL before */
	struct tail_run		*tail_done;
};

/* @facts (may be NULL) must outlive the models. */
int run_models_init(struct run_models *m, const struct rtl_params *p,
		    const struct sys_facts *facts);
void run_models_free(struct run_models *m);
void run_models_reset(struct run_models *m);
/*
 * The live screen's pane on: the sources of each CPU kept per second
 * (run_models_live_tick()); false when the run has no sources to show (no
 * analysis, or timerlat's read only at a stop) or out of memory.
 */
bool run_models_live_on(struct run_models *m);
/* The tables of @p's CPUs as they are now, at @second of what they count. */
void run_models_live_tick(struct run_models *m, const struct rtl_params *p,
			  unsigned long second);
/* A record to the models and to the analysis. */
void run_models_add(struct run_models *m, const struct rtl_record *rec);
/* The same, split: when the analysis reads its own window (source_aa_on_demand). */
void run_models_add_models(struct run_models *m, const struct rtl_record *rec);
void run_models_add_analysis(struct run_models *m, const struct rtl_record *rec);
uint64_t run_models_records(const struct run_models *m);
/* The CPU over a stop threshold (-1: none found) and which threshold. */
int run_models_threshold_cpu(const struct run_models *m, const struct rtl_params *p,
			     bool *total);
/* Was a sample of a measured CPU over @limit_us, strictly (0: no limit, false)? */
bool run_models_passed(const struct run_models *m, const struct rtl_params *p,
		       uint64_t limit_us);
/* The model the engine loads the kernel's counts into (source_load_counts()); NULL: none. */
void *run_models_counts(struct run_models *m);
/* A bucket of the kernel's histogram: @count samples of @low_ns on @cpu (hist_bucket_fn). */
void run_models_add_kernel_bucket(int cpu, uint64_t low_ns, uint64_t count, void *models);
/* run_facts.c: the steal time of @cpu over the measurement (0 when not known) */
bool run_models_steal_known(const struct run_models *m);
uint64_t run_models_steal_ns(const struct run_models *m, int cpu);
/* SMIs @cpu's counter (MSR 0x34) counted over what the table counts; -1 unknown */
int64_t run_models_smi_count(const struct run_models *m, int cpu);
/* why some SMI counts are unknown ("" when all are known or none was read) */
const char *run_models_smi_why(const struct run_models *m);
/*
 * The shortest sample without interference the analysis still needs one by
 * one (samples at -s or over, and those that may enter --aa-top's list);
 * UINT64_MAX: none, the hardware sources take them as counts.
 */
uint64_t run_models_samples_wanted_from(const struct run_models *m, const struct rtl_params *p);
/* The analysis' events lost on @cpu so far (the engine counts them). */
void run_models_set_analysis_lost(struct run_models *m, int cpu, uint64_t lost);
/* 0 when all of @cpu's were seen, or without an analysis. */
uint64_t run_models_analysis_lost(const struct run_models *m, int cpu);
/* The end of the records: what the analyses held for order is taken in. */
void run_models_flush(struct run_models *m);
/* The time the tool measured on @cpu, when it is not the run's (osnoise's runtime). */
bool run_models_runtime_ns(const struct run_models *m, int cpu, uint64_t *ns);
/* --tail's series (NULL: none) and the name of its @context */
const struct tail_set *run_models_tail(const struct run_models *m);
const char *run_models_tail_context(const struct run_models *m, int context);
/* --until-confident's gate, on the tail's series (NULL: none) */
struct tail_gate *run_models_gate(const struct run_models *m);
/* --tail's estimates, made at the end by run_models_explain(); NULL: none made */
const struct tail_run *run_models_tail_estimates(const struct run_models *m);
/*
 * The end: the sample or latency that stopped the run on @cpu (-1: none),
 * the run's sources; with --tail, the estimates of its series.
 */
void run_models_explain(struct run_models *m, const struct rtl_params *p, int cpu);

#endif
