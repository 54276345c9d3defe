/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kernel_tracer - what the kernel engine (kernel_source.c) does per tracer:
 * its settings, the events it reads, the BPF counting it may have. The
 * tracers of the osnoise family are in kernel_source.c; those of the tools
 * that are units in NAME_tracer.c (base/tool_units.h).
 */
#ifndef RTLENS_KERNEL_TRACER_H
#define RTLENS_KERNEL_TRACER_H

#include <stdbool.h>
#include <stdint.h>
#include <tracefs.h>

#include "base/params.h"
#include "model/latency_model.h"
#include "model/noise_model.h"
#include "source/engine/source.h"
#include "source/system/system.h"

struct engine;
struct bpf_counts;

struct tracer_desc {
	int		(*apply_globals)(const struct rtl_params *p, struct sys_state *st);
	unsigned int	(*decode_sets)(const struct rtl_params *p);
	/* the events the models need, in the instance rtlens reads */
	int		(*sample_events)(const struct engine *src, struct tracefs_instance *inst);
	/* the instance rtlens reads, before the tracer starts in it; NULL: nothing */
	int		(*setup_instance)(const struct rtl_params *p, struct tracefs_instance *inst);
	/* the analysis' events, in the instance feed_of() says */
	int		(*analysis_events)(const struct engine *src, struct tracefs_instance *inst);
	void		(*effective_period)(uint64_t *period_us, uint64_t *runtime_us);
	/* the tracepoint osnoise:<bpf_event> that bpf_counts.c counts its samples at */
	const char	*bpf_event;
	/*
	 * the tracer writes a summary per period (osnoise): the instance is
	 * read where BPF counts the samples too; else (timerlat) it holds
	 * only what BPF counts, and is not read
	 */
	bool		summaries;
	/* BPF's counts into the tool's model */
	void		(*bpf_load)(const struct bpf_counts *b, struct noise_model *nm,
				    struct latency_model *lm);
	enum aa_feed	aa_feed;	/* where its analysis' events go (not --record) */
	/* measures through user-space threads where the kernel has timerlat_fd */
	bool		user_threads;
	/* the tracer does not stop itself at -s: rtlens stops it at the record that reaches it */
	bool		user_stop;
};

/* the tracers of the tools that are units, in files of their own */
#define TRACER_UNIT_DESC(name, NAME)	extern const struct tracer_desc name##_tracer;
RTL_TOOL_UNITS(TRACER_UNIT_DESC)

#endif
