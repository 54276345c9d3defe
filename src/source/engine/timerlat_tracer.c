// SPDX-License-Identifier: GPL-2.0
/*
 * timerlat_tracer - the kernel engine's timerlat: its period, -A's
 * alignment and -s's stack over what it shares with osnoise
 * (tracer_family.h); its samples are the tracer's own entries, its
 * analysis' events the interference; BPF's counts into the latency model.
 * Its user-space threads (-u) are the engine's (own_workload.h).
 */
#include <stddef.h>

#include "decode/decode.h"
#include "source/engine/bpf_counts.h"
#include "source/engine/timerlat_tracer.h"
#include "source/engine/tracer_family.h"

static int timerlat_globals(const struct rtl_params *p, struct sys_state *st)
{
	if (tracer_family_globals(p, st) ||
	    (p->period_us && sysstate_write_u64(st, "osnoise/timerlat_period_us", p->period_us)) ||
	    (p->aligned_us >= 0 &&
	     sysstate_write_u64(st, TIMERLAT_ALIGN_FILE, (uint64_t)p->aligned_us)) ||
	    sysstate_write_u64(st, "osnoise/print_stack", p->stack_us))
		return -1;
	return 0;
}

static unsigned int timerlat_sets(const struct rtl_params *p)
{
	return DECODE_TIMERLAT | (params_trace_analysis(p) ? DECODE_NOISE_EVENTS : 0) |
	       (p->stack_us ? DECODE_STACK : 0);
}

/* timerlat's samples are the tracer's own entries */
static int no_events(const struct tracer_view *v, struct tracefs_instance *inst)
{
	(void)v;
	(void)inst;
	return 0;
}

static int timerlat_analysis_events(const struct tracer_view *v, struct tracefs_instance *inst)
{
	return tracer_family_noise_events(v->params, inst);
}

static void timerlat_period(uint64_t *period_us, uint64_t *runtime_us)
{
	*period_us = sysstate_read_u64("osnoise/timerlat_period_us");
	*runtime_us = 0;
}

/* @model: the latency model */
static void timerlat_bpf_load(const struct bpf_counts *b, void *model)
{
	bpf_counts_load(b, model);
}

const struct tracer_desc timerlat_tracer = {
	.apply_globals		= timerlat_globals,
	.decode_sets		= timerlat_sets,
	.sample_events		= no_events,
	.analysis_events	= timerlat_analysis_events,
	.effective_period	= timerlat_period,
	.bpf_event		= "timerlat_sample",
	.bpf_load		= timerlat_bpf_load,
	.aa_feed		= AA_FEED_WINDOW,
	.user_threads		= true,
};
