/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tool_hwlat - hwlat's variant: hwlat run as rt-tests' hwlatdetect
 * (tool_hwlat.c); hwlat itself is in the list of tool_units.h
 */
#ifndef RTLENS_TOOL_HWLAT_H
#define RTLENS_TOOL_HWLAT_H

#include "base/tool.h"

extern const struct tool_desc tool_hwlatdetect;

#endif
