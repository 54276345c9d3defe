/* SPDX-License-Identifier: GPL-2.0 */
/*
 * recording_json - what a --record file says of its run, in its version
 * option: a first line "rtlens VERSION recording", then one JSON object
 * (Documentation/rtlens-record.md): the command line, the settings the
 * tracer ran with, how the run went, the system and its tuning.
 * source/recording.c reads it back for --input.
 */
#ifndef RTLENS_RECORDING_JSON_H
#define RTLENS_RECORDING_JSON_H

#include "render/render.h"

struct json_writer;

/* The text of the option, to be freed; NULL when out of memory. */
char *render_recording_meta(const struct run_models *m, const struct rtl_params *p,
			    const struct run_view *v);

#endif
