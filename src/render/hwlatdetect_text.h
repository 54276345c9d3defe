/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hwlatdetect_text - hwlat in rt-tests' hwlatdetect's words: hwlat_render's
 * hooks when the tool is tool_hwlatdetect
 */
#ifndef RTLENS_HWLATDETECT_TEXT_H
#define RTLENS_HWLATDETECT_TEXT_H

#include "render/render.h"

/* the parameters and "Starting test" (tool_render.begin) */
void hwlatdetect_begin(FILE *out, const struct rtl_params *p);
/* the summary, the SMIs, where the report went, the samples unless --watch */
void hwlatdetect_screen(FILE *out, const struct run_models *m, const struct rtl_params *p,
			const struct run_view *v);
/* a sample a line: as it comes (--watch), and all of them (the --report file) */
void hwlatdetect_record(FILE *out, const struct rtl_record *rec, const struct rtl_params *p);
/* --quiet: nothing after the samples, no note either */
bool hwlatdetect_quiet(const struct rtl_params *p);
void hwlatdetect_samples(FILE *out, const struct run_models *m, const struct rtl_params *p);

#endif
