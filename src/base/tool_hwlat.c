// SPDX-License-Identifier: GPL-2.0
/*
 * tool_hwlat - the description of hwlat: the kernel's hwlat tracer, a
 * thread that spins with IRQs off on a CPU and reports the gaps no
 * software can have made (SMIs, firmware, the hypervisor)
 */
#include "base/tool.h"

const struct tool_desc tool_hwlat = {
	.name		= "hwlat",
	.tool		= TOOL_HWLAT,
	.tracer		= "hwlat",
	.config		= "CONFIG_HWLAT_TRACER",
	.trace_file	= "hwlat_trace.txt",
	.kthread_prefix	= "hwlatd",
	.self_tag	= "hwl",
	.sample		= { "sample", "samples" },
	.report_name	= "an hwlat",
	.tracer_only	= true,
	.sparse		= true,
	.unread_reports	= true,
	.per_sample	= { [MODE_TOP] = true, [MODE_HIST] = true },
};
