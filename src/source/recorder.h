/* SPDX-License-Identifier: GPL-2.0 */
/*
 * recorder - --record FILE: the pages rtlens reads from the ring buffers,
 * kept as they are in one temporary file per CPU (unnamed, O_TMPFILE, next
 * to FILE: nothing is left behind by a kill), then written at the end as
 * trace-cmd's trace.dat with libtracecmd: the formats of the events traced,
 * kallsyms, printk formats, saved cmdlines, the instance's trace clock, the
 * uname, and rtlens's metadata (its version, the command, the run and the
 * system, as JSON) in the file's version option. FILE itself is replaced
 * only when the file is complete (base/outfile.h).
 */
#ifndef RTLENS_RECORDER_H
#define RTLENS_RECORDER_H

#include <stdbool.h>

struct recorder;
struct tracefs_instance;

/* Checked and opened before the run; NULL with a message. */
struct recorder *recorder_open(const char *path, int nr_cpus);
/* Keep pages from now on (after the warm-up), or not. */
void recorder_set_on(struct recorder *r, bool on);
/*
 * A page of @cpu as read from trace_pipe_raw (@recorder: a struct recorder,
 * as a page_tee_fn takes it); a write error is kept for commit.
 */
void recorder_page(void *recorder, int cpu, const void *page, int size);
/*
 * The same for the pages of rtlens's own records (the user engine's, whose
 * samples are not trace events): the file's buffer RECORDING_RECORDS_BUFFER.
 */
void recorder_records_page(void *recorder, int cpu, const void *page, int size);
/*
 * Write the trace.dat: the formats of the events enabled in @inst (and the
 * tracer's, ftrace's), its trace clock, @meta in the version option; then
 * put it in place. -1 with a message; the named file stays as it was.
 */
int recorder_commit(struct recorder *r, struct tracefs_instance *inst, const char *meta);
/* Drop everything; the named file stays as it was. NULL is fine. */
void recorder_abort(struct recorder *r);
/* What was kept, for the closing message. */
unsigned long long recorder_pages(const struct recorder *r);

#endif
