/* SPDX-License-Identifier: GPL-2.0 */
/*
 * engine - what a source of records implements: the kernel tracer
 * (kernel_source.c) or the user-space workload (user_source.c). source.c
 * picks one per run and forwards the calls of source.h to it.
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

struct engine_ops {
	const char	*name;		/* "kernel", "user" */
	/* Can this engine run here at all? No message: source.c decides. */
	bool		(*available)(const struct rtl_params *p);
	/* optional: what the engine chooses where the options leave it open */
	void		(*choose)(struct rtl_params *p);
	int		(*check)(const struct rtl_params *p);
	struct engine	*(*open)(const struct rtl_params *p, struct sys_state *st);
	int		(*poll)(struct engine *e, record_fn fn, void *ctx);
	int		(*kernel_hist)(struct engine *e, hist_bucket_fn fn, void *ctx);
	void		(*discard_counts)(struct engine *e);
	bool		(*has_more)(const struct engine *e);
	int		(*next_read_ms)(const struct engine *e, int longest_ms);
	bool		(*tracing_stopped)(struct engine *e);
	void		(*restart)(struct engine *e);
	void		(*stop)(struct engine *e);
	uint64_t	(*lost_events)(struct engine *e);
	/* counts kept outside the records (BPF): into @m */
	void		(*load_counts)(struct engine *e, struct noise_model *nm,
				       struct latency_model *lm);
	/* the analysis' flight recorder, read at a stop; NULL: none */
	int		(*read_window)(struct engine *e, record_fn fn, void *ctx);
	/* the analysis' own instance, read as it comes; NULL: none */
	int		(*poll_analysis)(struct engine *e, record_fn fn, void *ctx);
	/* NULL: AA_FEED_INLINE */
	enum aa_feed	(*aa_feed)(const struct engine *e);
	/* optional: the analysis' events lost on @cpu, where they have a buffer of their own */
	uint64_t	(*analysis_lost)(struct engine *e, int cpu);
	/* optional: source_samples_wanted_from() */
	void		(*samples_wanted_from)(struct engine *e, uint64_t ns);
	/* "bpf", "tracefs", "user"; *detail: bpf: where it counts; tracefs: why not BPF */
	const char	*(*data_path)(const struct engine *e, const char **detail);
	char		*(*trace_text)(struct engine *e);
	/*
	 * optional (--record): what is read from now on goes to @rec too;
	 * returns the instance whose pages it keeps, NULL with a message
	 */
	struct tracefs_instance *(*record)(struct engine *e, struct recorder *rec);
	void		(*close)(struct engine *e);
	void		(*effective_period)(const struct rtl_params *p, uint64_t *period_us,
					    uint64_t *runtime_us);
};

extern const struct engine_ops kernel_engine;
extern const struct engine_ops user_engine;
extern const struct engine_ops file_engine;

#endif
