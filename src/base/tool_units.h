/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tool_units - the tools that are units of code, one line each
 * (Documentation/architecture.md, "Where to add -> A tool"). Each layer's
 * table of tools takes its rows from this list, by the names the unit's
 * own files define: tool_NAME (base/tool_NAME.c), NAME_decoders and
 * nr_NAME_decoders (decode/), NAME_models (analysis/), NAME_render
 * (render/), NAME_tracer (source/engine/); the enumerators, TOOL_ and
 * DECODE_ with the name in upper case, are made from it.
 */
#ifndef RTLENS_TOOL_UNITS_H
#define RTLENS_TOOL_UNITS_H

/* X(name, NAME) for each unit */
#define RTL_TOOL_UNITS(X)	\
	X(hwlat, HWLAT)

#endif
