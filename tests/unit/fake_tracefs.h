/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fake_tracefs - a temporary directory that looks like tracefs, with the
 * osnoise and timerlat tracers (or without them), for unit tests of what
 * rtlens writes there, saves and puts back, without a kernel and without
 * root. libtracefs is pointed at it (tracefs_set_tracing_dir) and
 * $RTLENS_RUN_DIR at a run directory of its own, beside it.
 *
 * The tree: available_tracers, current_tracer, tracing_on, tracing_thresh,
 * buffer_size_kb, trace, trace_clock, tracing_cpumask, error_log; osnoise/
 * with its knobs and options; events/ with header_page and the events rtlens
 * decodes (ftrace, osnoise, irq, irq_vectors, sched, nmi, timer), their
 * enable, filter, trigger, id and a format in the kernel's layout; instances/.
 *
 * A plain directory is not tracefs: what the kernel would do, the fake does
 * by standing in for libtracefs calls (the test binary's definitions take
 * precedence over the library's, for rtlens and for libtracefs itself):
 *
 *  - tracefs_instance_get_dir(NULL): the fake's directory (libtracefs 1.6
 *    gives the system's tracefs there even after tracefs_set_tracing_dir(),
 *    and tracefs_file_exists(NULL, ...) and tracefs_instance_exists() would
 *    look at the machine's tracefs);
 *  - tracefs_instance_create: mkdir fills the new instance with its files
 *    and its events, as the kernel does;
 *  - tracefs_instance_destroy: the instance goes with everything in it;
 *  - tracefs_instance_file_write, at the top level: a knob reads back its
 *    value and a newline; osnoise/period_us refuses a period under
 *    runtime_us and runtime_us one over period_us (EINVAL); osnoise/options
 *    takes one option a write (NAME sets it, NO_NAME clears it); every such
 *    write is logged, in order (fake_tracefs_writes);
 *  - open64("/proc/kallsyms") from libtracefs, which reads the kernel's
 *    symbols with the event formats: the fake kernel's three (this
 *    machine's 100000 cost libtracefs seconds a run under the sanitizers).
 *
 * Other files are plain files: a write replaces their content, or, where
 * libtracefs writes without O_TRUNC (tracing_on, current_tracer), writes
 * over its start. fake_tracefs_refuse() makes a top-level file refuse
 * every write, for the error paths.
 *
 * Anything that needs the running tracer (its threads, the ring buffers,
 * trace_pipe_raw) is out of its reach. One fake at a time: libtracefs's
 * tracing directory is global.
 */
#ifndef RTLENS_FAKE_TRACEFS_H
#define RTLENS_FAKE_TRACEFS_H

#include <stdbool.h>

struct fake_tracefs;

/* @tracers: available_tracers offers osnoise and timerlat, and osnoise/ exists */
struct fake_tracefs *fake_tracefs_new(bool tracers);
/* Remove the tree and the run directory; libtracefs looks for tracefs again. */
void fake_tracefs_free(struct fake_tracefs *f);

/* $RTLENS_RUN_DIR: where sysstate keeps its lock and its record */
const char *fake_tracefs_run_dir(const struct fake_tracefs *f);

/* @file (relative to the tracing directory): its content, to be freed; NULL if none */
char *fake_tracefs_read(const struct fake_tracefs *f, const char *file);
bool fake_tracefs_exists(const struct fake_tracefs *f, const char *file);
/* Set @file's content as it is (its directories made), without the kernel's rules and unlogged. */
void fake_tracefs_put(const struct fake_tracefs *f, const char *file, const char *content);
/* Assert that @file holds @content. */
void fake_tracefs_expect(const struct fake_tracefs *f, const char *file, const char *content);

/* The record in the run directory, to be freed; NULL if there is none. */
char *fake_tracefs_record(const struct fake_tracefs *f);
/* Write @text as the record, as a killed session would have left it. */
void fake_tracefs_put_record(const struct fake_tracefs *f, const char *text);

/*
 * Every directory and file with its content, one a line, sorted; without
 * instances/ when @instances is false. To be freed.
 */
char *fake_tracefs_snapshot(const struct fake_tracefs *f, bool instances);
/* Assert that the tree is as @before (a snapshot), naming the first difference. */
void fake_tracefs_expect_snapshot(const struct fake_tracefs *f, const char *before,
				  bool instances);

/*
 * The top-level writes so far, one a line: "FILE VALUE", and " refused"
 * after one the kernel would refuse. fake_tracefs_forget_writes() empties it.
 */
const char *fake_tracefs_writes(const struct fake_tracefs *f);
void fake_tracefs_forget_writes(struct fake_tracefs *f);

/* From now on every top-level write of @file fails (EBUSY); NULL: none does. */
void fake_tracefs_refuse(struct fake_tracefs *f, const char *file);

#endif
