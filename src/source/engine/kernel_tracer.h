/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kernel_tracer - what the kernel engine (kernel_source.c) does per tracer:
 * its settings, the events it reads, the BPF counting it may have. Each
 * tracer is a const struct tracer_desc in a file of its own, NAME_tracer.c:
 * osnoise's and timerlat's declared in NAME_tracer.h (what the two share
 * is in tracer_family.c), those of the tools that are units below, by
 * base/tool_units.h.
 * A tracer's hooks see the engine through struct tracer_view, which the
 * engine fills: its struct engine stays kernel_source.c's own.
 */
#ifndef RTLENS_KERNEL_TRACER_H
#define RTLENS_KERNEL_TRACER_H

#include <stdbool.h>
#include <stdint.h>
#include <tracefs.h>

#include "base/params.h"
#include "source/engine/source.h"
#include "source/system/system.h"

struct bpf_counts;
struct tep_handle;

/*
 * --kernel-hist: the kernel counts the samples in a hist trigger (duration
 * buckets x cpu) and nothing is lost, however many there are. Opt-in: the
 * VM tests saw Debian's 6.1-rt guest freeze under QEMU TCG with it.
 */
static inline bool kernel_counts(const struct rtl_params *p)
{
	return p->kernel_hist;	/* an option of osnoise hist only */
}

/* what a tracer's hooks know of the engine, as it sets the instances up */
struct tracer_view {
	const struct rtl_params	*params;
	struct tep_handle	*tep;		/* the formats of the events loaded */
	bool			bpf;		/* BPF counts the samples */
	enum aa_feed		aa_feed;	/* where the analysis' events go */
};

struct tracer_desc {
	int		(*apply_globals)(const struct rtl_params *p, struct sys_state *st);
	unsigned int	(*decode_sets)(const struct rtl_params *p);
	/* the events the models need, in the instance rtlens reads */
	int		(*sample_events)(const struct tracer_view *v, struct tracefs_instance *inst);
	/* the instance rtlens reads, before the tracer starts in it; NULL: nothing */
	int		(*setup_instance)(const struct rtl_params *p, struct tracefs_instance *inst);
	/* the analysis' events, in the instance tracer_view.aa_feed says */
	int		(*analysis_events)(const struct tracer_view *v, struct tracefs_instance *inst);
	void		(*effective_period)(uint64_t *period_us, uint64_t *runtime_us);
	/* the tracepoint osnoise:<bpf_event> that bpf_counts.c counts its samples at */
	const char	*bpf_event;
	/*
	 * the tracer writes a summary per period (osnoise): the instance is
	 * read where BPF counts the samples too; else (timerlat) it holds
	 * only what BPF counts, and is not read
	 */
	bool		summaries;
	/* BPF's counts into @model, the tool's count model (source_load_counts()) */
	void		(*bpf_load)(const struct bpf_counts *b, void *model);
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
