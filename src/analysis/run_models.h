/* SPDX-License-Identifier: GPL-2.0 */
/*
 * run_models - everything a session computes from its records: the osnoise
 * summary, the timerlat statistics, the timerlat auto-analysis, a KVM host's
 * vCPU threads
 */
#ifndef RTLENS_RUN_MODELS_H
#define RTLENS_RUN_MODELS_H

#include <stdbool.h>

#include "base/facts.h"
#include "model/latency_model.h"
#include "model/noise_model.h"
#include "analysis/osnoise_aa.h"
#include "base/params.h"
#include "model/self_stop.h"
#include "model/stop_rule.h"
#include "analysis/timerlat_window.h"
#include "analysis/source_window.h"
#include "analysis/timerlat_aa.h"
#include "analysis/timerlat_sources.h"
#include "analysis/vm_join.h"
#include "analysis/vcpu_threads.h"

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
};

/* the tools whose models live in files of their own, with their state in data */
#define MODELS_UNIT_OPS(name, NAME)	extern const struct models_ops name##_models;
RTL_TOOL_UNITS(MODELS_UNIT_OPS)

struct run_models {
	const struct models_ops	*ops;		/* the tool's models */
	void			*data;		/* a tool's own state, opaque (its ops') */
	int			nr_cpus;
	struct noise_model	noise;		/* osnoise */
	struct latency_model	lat;		/* timerlat */
	struct timerlat_aa		*timerlat_aa;	/* timerlat without --no-aa */
	bool			timerlat_aa_done; /* timerlat_aa_result holds an analysis */
	struct timerlat_aa_result	timerlat_aa_result;
	struct timerlat_sources	*tl_sources;	/* timerlat --aa: the run's sources */

	/* timerlat --dump-tasks: the last thread seen on each CPU */
	struct noise_event	*last_thread;

	/* osnoise root-cause analysis (with -a, -s, -S, --aa, --aa-top) */
	struct osnoise_aa		*osnoise_aa;
	bool			osnoise_aa_sample_done; /* osnoise_aa_sample: the threshold's */
	struct osnoise_aa_sample	osnoise_aa_sample;
	struct osnoise_aa_sample	*osnoise_aa_worst;	/* --aa-top N */
	int			nr_osnoise_aa_worst;
	struct source_row	(*osnoise_aa_tables)[OSNOISE_AA_TABLE_LEN];	/* per CPU */
	int			*nr_osnoise_aa_table;

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

	/* the live screen's pane: the sources per second, the worst latencies */
	struct source_window	*live_sources;	/* NULL: no pane */
	struct timerlat_window	*live_worst;	/* timerlat --aa's; NULL: none */
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
/* Analyse @cpu's last latency into timerlat_aa_result; false when nothing is known. */
bool run_models_analyse(struct run_models *m, int cpu);
/* The steal time of @cpu over the measurement (0 when not known). */
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
/* osnoise: the threshold's sample (cpu >= 0), the worst samples, the tables. */
void run_models_explain_noise(struct run_models *m, const struct rtl_params *p, int cpu);
/* osnoise: @cpu's sources (run_models_explain_noise()) against its row of the table. */
void run_models_noise_balance(const struct run_models *m, int cpu, struct osnoise_aa_balance *b);

#endif
