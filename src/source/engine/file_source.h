/* SPDX-License-Identifier: GPL-2.0 */
/*
 * file_source - --input FILE: a trace.dat (rtlens --record's, or trace-cmd
 * record's with the osnoise or timerlat tracer) as the source of a run.
 * Opened with libtracecmd; the run takes the recording's settings and
 * system (file_input_apply), then the "file" engine hands out its records.
 */
#ifndef RTLENS_FILE_SOURCE_H
#define RTLENS_FILE_SOURCE_H

#include "base/facts.h"
#include "base/params.h"
#include "source/recording/recording.h"

struct tracecmd_input;

struct file_input {
	const char		*name;	/* the path, as given */
	struct tracecmd_input	*h;
	struct recording	rec;	/* rec.run.by_rtlens: rtlens's metadata */
	/* stop thresholds given to the replay: evaluated on the records */
	bool			own_stops;
};

/* Open and read the headers of @path; -1 with a message saying what is wrong. */
int file_input_open(struct file_input *in, const char *path);
/*
 * The run becomes the recording's: its tool checked against @p's, its
 * CPUs (or the -c ones among them), its tracer settings, its machine in
 * @f (allocated; machine_free() frees it). -1 with a message.
 */
int file_input_apply(struct file_input *in, struct rtl_params *p, struct sys_facts *f);
void file_input_free(struct file_input *in);

#endif
