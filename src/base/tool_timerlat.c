// SPDX-License-Identifier: GPL-2.0
/*
 * tool_timerlat - the description of timerlat
 */
#include "base/tool.h"

const struct tool_desc tool_timerlat = {
	.name		= "timerlat",
	.tool		= TOOL_TIMERLAT,
	.tracer		= "timerlat",
	.config		= "CONFIG_TIMERLAT_TRACER",
	.trace_file	= "timerlat_trace.txt",
	.kthread_prefix	= "timerlat/",
	.self_tag	= "tl",
	.sample		= { "latency", "latencies" },
	.sample_record	= RECORD_TIMERLAT,
	.report_name	= "a timerlat",
	.shape		= SHAPE_LATENCY,
	.aa_default	= true,
	.aa_at_threshold = true,
	.per_sample	= { [MODE_TOP] = true, [MODE_HIST] = true },
	.default_period_us = 1000,	/* the tracer's, written as osnoise's */
};
