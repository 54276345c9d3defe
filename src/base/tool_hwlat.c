// SPDX-License-Identifier: GPL-2.0
/*
 * tool_hwlat - the description of hwlat: the kernel's hwlat tracer, a
 * thread that spins with IRQs off on a CPU and reports the gaps no
 * software can have made (SMIs, firmware, the hypervisor); and of
 * hwlatdetect, hwlat run as rt-tests' script of that name runs it
 */
#include "base/tool_hwlat.h"

#define HWLAT_TRACER						\
	.tool		= TOOL_HWLAT,				\
	.tracer		= "hwlat",				\
	.config		= "CONFIG_HWLAT_TRACER",		\
	.trace_file	= "hwlat_trace.txt",			\
	.kthread_prefix	= "hwlatd",				\
	.self_tag	= "hwl",				\
	.sample		= { "sample", "samples" },		\
	.sample_record	= RECORD_HWLAT,				\
	.report_name	= "an hwlat",				\
	.hw_noise	= true,					\
	.tracer_only	= true,					\
	.sparse		= true,					\
	.shape		= SHAPE_GAPS,				\
	.per_sample	= { [MODE_TOP] = true, [MODE_HIST] = true }

const struct tool_desc tool_hwlat = {
	.name		= "hwlat",
	HWLAT_TRACER,
};

/*
 * Its options, summary, sample list and exit status are the script's
 * (cli/cmd_hwlatdetect.c, render/hwlatdetect_text.c); it writes no report
 * and no recording, so no report names it.
 */
const struct tool_desc tool_hwlatdetect = {
	.name		= "hwlatdetect",
	HWLAT_TRACER,
};
