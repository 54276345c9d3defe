// SPDX-License-Identifier: GPL-2.0
/*
 * tool - the descriptions of osnoise, timerlat and hwnoise, and the list
 * of every tool's (a unit's is in tool_NAME.c: base/tool_units.h)
 */
#include <string.h>

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

/* osnoise with IRQs disabled: the noise left is the hardware's */
const struct tool_desc tool_hwnoise = {
	.name		= "hwnoise",
	OSNOISE_TRACER,
	.irqs_off	= true,
	.default_runtime_us = 750000,	/* IRQs stay off: leave a quarter of each period */
};

/* every tool, each plain one before its variants */
static const struct tool_desc *const all[] = {
	&tool_osnoise,
	&tool_timerlat,
	&tool_hwnoise,
#define TOOL_UNIT_ROW(name, NAME)	&tool_##name,
	RTL_TOOL_UNITS(TOOL_UNIT_ROW)
};

#define NR_ALL	(sizeof(all) / sizeof(all[0]))

const struct tool_desc *tool_desc_of(enum rtl_tool tool)
{
	size_t i;

	for (i = 0; i < NR_ALL; i++)
		if (all[i]->tool == tool)
			return all[i];
	return NULL;
}

const struct tool_desc *tool_desc_by_command(const char *command)
{
	static const char *const modes[NR_MODES] = { [MODE_TOP] = "top", [MODE_HIST] = "hist" };
	const struct tool_desc *d;
	size_t i, n;
	int m;

	for (i = 0; i < NR_ALL; i++) {
		d = all[i];
		n = strlen(d->name);
		if (strncmp(command, d->name, n))
			continue;
		if (d != tool_desc_of(d->tool)) {	/* a variant: its name alone */
			if (!command[n])
				return d;
			continue;
		}
		for (m = 0; m < NR_MODES; m++)
			if (command[n] == ' ' && !strcmp(command + n + 1, modes[m]))
				return d;
	}
	return NULL;
}
