/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tool - what tells one tool from another, as data: the description the
 * command table points at. Each layer keeps its own table of what it does
 * per tool (the models, the renderers, the engines' setup), indexed by
 * desc->tool, the tracer the tool runs; hwnoise is a variant of osnoise.
 */
#ifndef RTLENS_TOOL_H
#define RTLENS_TOOL_H

#include <stdbool.h>
#include <stdint.h>

#include "base/records.h"
#include "base/tool_units.h"

#define TOOL_UNIT_ENUM(name, NAME)	TOOL_##NAME,

/* The tracer a tool runs: the index of each layer's per-tool table. */
enum rtl_tool {
	TOOL_OSNOISE,
	TOOL_TIMERLAT,
	RTL_TOOL_UNITS(TOOL_UNIT_ENUM)
	NR_TOOLS,
};

/* The index of each layer's per-mode table. */
enum rtl_mode {
	MODE_TOP,
	MODE_HIST,
	NR_MODES,
};

/*
 * What a tool's samples are, and so how its reports load, compare and
 * merge: each layer that reads reports keeps its per-shape hooks in a
 * const object per shape, in a table indexed by the shape.
 */
enum tool_shape {
	SHAPE_NOISE,	/* per CPU: the noise within each runtime, its samples (osnoise) */
	SHAPE_LATENCY,	/* per CPU and context (IRQ, thread, user): latencies (timerlat) */
	SHAPE_GAPS,	/* per CPU: each window's longest gap (hwlat; not read back yet) */
	NR_SHAPES,
};

struct tool_desc {
	const char	*name;		/* the command word: "hwnoise" */
	enum rtl_tool	tool;		/* the tracer it runs and its models */
	const char	*tracer;	/* the tracer's name: "osnoise" */
	const char	*config;	/* the kernel's option for it */
	const char	*trace_file;	/* -t without a name, -a, --auto */
	const char	*kthread_prefix; /* the tracer's kernel threads: "osnoise/" */
	const char	*self_tag;	/* the user engine's threads: rtlens-osn/N */
	const char	*sample[2];	/* what one measurement is called: one, more */
	enum record_kind sample_record;	/* the record of one (a recording holds some) */
	const char	*sample_event;	/* osnoise:<this> is each sample; NULL: the
					 * tracer's own entries are */
	const char	*report_name;	/* its reports, in a sentence: "an osnoise" */
	enum tool_shape	shape;		/* what its samples are: how its reports read */
	bool		has_runtime;	/* a runtime within each period */
	bool		hw_noise;	/* it counts hardware noise (osnoise's
					 * HW column, all of hwlat's), which in
					 * a guest is partly the hypervisor's */
	bool		aa_default;	/* the analysis is on unless --no-aa */
	bool		kvm_exits;	/* its analysis reads KVM exits (vCPU threads) */
	bool		irqs_off;	/* the workload runs with IRQs disabled */
	bool		tracer_only;	/* no user engine: only its kernel tracer measures */
	bool		sparse;		/* a sample only over a threshold: none is a result */
	bool		aa_at_threshold; /* its analysis explains a threshold hit only */
	bool		per_sample[NR_MODES]; /* the mode shows every sample, not the
					       * tracer's periodic summaries alone */
	uint64_t	default_period_us;	/* 0: the kernel's, unless -p or -r;
						 * the user engine's without -p */
	uint64_t	default_runtime_us;
};

extern const struct tool_desc tool_osnoise;
extern const struct tool_desc tool_timerlat;
extern const struct tool_desc tool_hwnoise;
#define TOOL_UNIT_DESC(name, NAME)	extern const struct tool_desc tool_##name;
RTL_TOOL_UNITS(TOOL_UNIT_DESC)

/* The plain tool running @tool (osnoise, timerlat). */
const struct tool_desc *tool_desc_of(enum rtl_tool tool);
/*
 * The tool of a command as a report names it: a plain tool's name and
 * mode ("osnoise top", "timerlat hist"), a variant's name alone
 * ("hwnoise"); NULL if none.
 */
const struct tool_desc *tool_desc_by_command(const char *command);

#endif
