/* SPDX-License-Identifier: GPL-2.0 */
/*
 * engine - what a source of records implements: the kernel tracer
 * (kernel_source.c), the user-space workload (own_source.c) or a replayed
 * file (file_source.c). source.c picks one per run, opens it with one
 * struct engine_input, refuses the options its capabilities lack, and
 * forwards the calls of source.h to it.
 */
#ifndef RTLENS_ENGINE_H
#define RTLENS_ENGINE_H

#include <stdbool.h>
#include <stdint.h>

#include "decode/hist_file.h"
#include "base/params.h"
#include "model/latency_model.h"
#include "source/engine/page_reader.h"
#include "source/recording/recording.h"
#include "source/engine/source.h"
#include "source/system/system.h"

/* Each engine defines struct engine, its state, in its own file. */
struct engine;

/* what an engine reads its records from */
enum engine_input_kind {
	ENGINE_INPUT_TRACEFS,		/* the kernel's tracer, live */
	ENGINE_INPUT_OWN_THREADS,	/* rtlens's threads and the standard tracepoints, live */
	ENGINE_INPUT_FILE,		/* a trace.dat (--input) */
	NR_ENGINE_INPUTS,
};

struct engine_input {
	enum engine_input_kind	kind;
	struct sys_state	*st;		/* live: every change to the system goes here */
	/* file: its path; the run, its machine and how it went become the recording's */
	const char		*path;
	struct rtl_params	*params;
	struct sys_facts	*facts;
	struct recorded_run	*run;
};

/* The options an engine honours; source_check() refuses the others. */
enum engine_caps {
	ENGINE_CAN_IRQS_OFF	= 1 << 0,	/* hwnoise: the workload with IRQs disabled */
	ENGINE_CAN_KERNEL_HIST	= 1 << 1,	/* --kernel-hist */
	ENGINE_CAN_USER_LOAD	= 1 << 2,	/* -U */
	ENGINE_CAN_BPF		= 1 << 3,	/* --bpf-action (BPF counting) */
	ENGINE_CAN_ALIGN	= 1 << 4,	/* -A */
	ENGINE_CAN_PICK_THREADS	= 1 << 5,	/* -u, -k */
	ENGINE_CAN_CGROUP	= 1 << 6,	/* -C */
	ENGINE_CAN_STACK	= 1 << 7,	/* -s: the kernel stack saved */
	ENGINE_CAN_EVENTS	= 1 << 8,	/* -e: the events checked and traced */
	ENGINE_CAN_RECORD	= 1 << 9,	/* --record: the record hook */
	ENGINE_CAN_TRACER_ONLY	= 1 << 10,	/* a tool only its kernel tracer measures */
};

/*
 * The kernel tracer's own: its checks, its choice of threads, the counts
 * it keeps outside the records (a hist trigger, BPF), the analysis' events
 * in an instance of their own. NULL for the engines without them: their
 * analysis' events come inline, they count nothing outside the records.
 */
struct engine_tracer_ops {
	/* Is the tracer here at all? No message: source.c decides. */
	bool		(*available)(const struct rtl_params *p);
	/* what the tracer chooses where the options leave it open */
	void		(*choose)(struct rtl_params *p);
	/* the tracer, its features, nobody else using it; -1 with a message */
	int		(*check)(const struct rtl_params *p);
	int		(*kernel_hist)(struct engine *e, hist_bucket_fn fn, void *ctx);
	void		(*discard_counts)(struct engine *e);
	/* counts kept outside the records (BPF): into @model, the tool's count model */
	void		(*load_counts)(struct engine *e, void *model);
	enum aa_feed	(*aa_feed)(const struct engine *e);
	/* AA_FEED_WINDOW: the analysis' flight recorder, read at a stop */
	int		(*read_window)(struct engine *e, record_fn fn, void *ctx);
	/* AA_FEED_STREAM: the analysis' own instance, read as it comes */
	int		(*poll_analysis)(struct engine *e, record_fn fn, void *ctx);
	/* AA_FEED_STREAM: the analysis' events lost on @cpu */
	uint64_t	(*analysis_lost)(struct engine *e, int cpu);
	/* source_samples_wanted_from() */
	void		(*samples_wanted_from)(struct engine *e, uint64_t ns);
};

struct engine_ops {
	const char	*name;		/* "kernel", "user", "file" */
	unsigned int	caps;		/* enum engine_caps */
	const struct engine_tracer_ops *tracer;	/* NULL: none */

	/* NULL with a message */
	struct engine	*(*open)(const struct rtl_params *p, const struct engine_input *in);
	void		(*close)(struct engine *e);
	int		(*poll)(struct engine *e, record_fn fn, void *ctx);
	bool		(*has_more)(const struct engine *e);
	int		(*next_read_ms)(const struct engine *e, int longest_ms);
	/* on: record (again, after a stop threshold); off: stop, keep the buffers */
	void		(*set_tracing)(struct engine *e, bool on);
	bool		(*tracing_stopped)(struct engine *e);
	uint64_t	(*lost_events)(struct engine *e);
	/* "bpf", "tracefs", "user"; *detail: bpf: where it counts; tracefs: why not BPF */
	const char	*(*data_path)(const struct engine *e, const char **detail);
	/* the trace instance's text (-t), to be freed; NULL with errno set */
	char		*(*trace_text)(struct engine *e);
	/*
	 * ENGINE_CAN_RECORD (--record): what is read from now on goes to
	 * @rec too; returns the instance whose pages it keeps, NULL with a
	 * message
	 */
	struct tracefs_instance *(*record)(struct engine *e, struct recorder *rec);
	/*
	 * After record(): the instance whose trace_marker a thread of rtlens
	 * on any CPU writes into the recording (--host-sync); NULL: none
	 */
	struct tracefs_instance *(*marker_instance)(struct engine *e);
	/* @pid's command from the trace's own saved cmdlines ("" when none); NULL: none kept */
	void		(*task_comm)(struct engine *e, int pid, char *buf, size_t size);
	void		(*effective_period)(const struct rtl_params *p, uint64_t *period_us,
					    uint64_t *runtime_us);
	/* a replay: source_replayed_s(); NULL: a live engine */
	double		(*replayed_s)(const struct engine *e);
};

extern const struct engine_ops kernel_engine;
extern const struct engine_ops own_engine;
extern const struct engine_ops file_engine;

#endif
