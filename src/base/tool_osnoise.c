// SPDX-License-Identifier: GPL-2.0
/*
 * tool_osnoise - the descriptions of osnoise and of its variant hwnoise
 * (osnoise with IRQs disabled)
 */
#include "base/tool.h"

/* what hwnoise shares with osnoise */
#define OSNOISE_TRACER						\
	.tool		= TOOL_OSNOISE,				\
	.tracer		= "osnoise",				\
	.config		= "CONFIG_OSNOISE_TRACER",		\
	.trace_file	= "osnoise_trace.txt",			\
	.kthread_prefix	= "osnoise/",				\
	.self_tag	= "osn",				\
	.sample		= { "sample", "samples" },		\
	.sample_record	= RECORD_OSNOISE_PERIOD,		\
	.sample_event	= "sample_threshold",			\
	.report_name	= "an osnoise",				\
	.has_runtime	= true,					\
	.hw_noise	= true,					\
	.per_sample	= { [MODE_HIST] = true },		\
	.kvm_exits	= true,					\
	.default_period_us = 1000000

/*
 * Without -p and -r, the tracer's own defaults are written, as rtla 7.3
 * does: a period left by another tool (600 s, in rtla's own tests) would
 * measure nothing for minutes.
 */
const struct tool_desc tool_osnoise = {
	.name		= "osnoise",
	OSNOISE_TRACER,
	.default_runtime_us = 1000000,
};

/* osnoise with IRQs disabled: the noise left is the hardware's */
const struct tool_desc tool_hwnoise = {
	.name		= "hwnoise",
	OSNOISE_TRACER,
	.irqs_off	= true,
	.default_runtime_us = 750000,	/* IRQs stay off: leave a quarter of each period */
};
