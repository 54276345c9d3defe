/* SPDX-License-Identifier: GPL-2.0 */
/*
 * recording - the trace.dat files of --record: written (recorder, with
 * libtracecmd's writer) and their rtlens metadata read back for --input
 * (recording). The file engine (engine/file_*) reads their pages.
 */
#ifndef RTLENS_SOURCE_RECORDING_H
#define RTLENS_SOURCE_RECORDING_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>
#include <trace-cmd.h>

#include "base/facts.h"
#include "base/params.h"
#include "base/run_end.h"

/*
 * recording - the metadata of a trace.dat that rtlens --record wrote (its
 * version option, render/recording_json.h), read back for --input: how the
 * tracer was set, how the run went, and the system it ran on
 */
/*
 * --input with stop thresholds of its own: the first record of the
 * recording that reaches one, where the replay stops (the file engine's)
 */
struct replay_stop {
	bool		hit;
	int		cpu;
	bool		total;		/* -S, or timerlat's -T; else -s or -i */
	uint64_t	value_us;	/* the sample's value, compared with the limit */
	double		at_s;		/* its time into the recorded run */
};

/* how the recorded run went: what the replay's report says of it */
struct recorded_run {
	bool		by_rtlens;	/* false: another tool (trace-cmd record) */
	char		version[32];	/* rtlens's version that recorded, or "" */
	char		command[32];	/* "osnoise top", or "" */
	time_t		started;
	double		elapsed_s;
	enum stop_reason reason;
	int		signal;
	uint64_t	lost_events;
	char		data_path[16];
	bool		own_engine;
	uint64_t	record_size;	/* sizeof(struct rtl_record) of the recorder */
	struct replay_stop stop;	/* the replay's, not read from the file */
};

/* what the run was set to, taken over by the replay */
struct recorded_settings {
	char		*cpus;		/* the list, whole; NULL until read */
	int		nr_cpus;
	uint64_t	period_us, runtime_us, stop_us, stop_total_us, threshold_us;
	uint64_t	duration_s, stack_us;
	bool		user_threads, user_load;
};

struct recording {
	struct recorded_run		run;
	struct recorded_settings	set;
	struct sys_facts		facts;	/* steal_ns and tuning_json allocated */
};

/*
 * Parse @text, the version option of a trace.dat. 1 when rtlens wrote it
 * (@rec filled), 0 when another tool did (@rec untouched), -1 with a
 * message when it is rtlens's but damaged (@name names the file).
 */
int recording_parse(struct recording *rec, const char *text, const char *name);
/* The tool word of a command ("osnoise top" -> "osnoise"), into @buf. */
void recording_tool(const char *command, char *buf, size_t len);
void recording_free(struct recording *rec);

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

/*
 * tracecmd_writer - the part of libtracecmd's trace.dat writer rtlens uses.
 * libtracecmd exports these functions, but Debian's libtracecmd-dev (3.1)
 * installs only the reader's header (trace-cmd.h); the prototypes below
 * are those of libtracecmd's trace-cmd-private.h of that release.
 */
struct tracecmd_output;
struct tracecmd_option;

/* a glob "system/event" of the events whose formats the file holds */
struct tracecmd_event_list {
	struct tracecmd_event_list	*next;
	const char			*glob;
};

#define TRACE_DAT_V6	6	/* the version rtlens writes */

/* the option ids rtlens writes (their values are the file format's) */
enum {
	TRACECMD_OPTION_TRACECLOCK	= 4,
	TRACECMD_OPTION_UNAME		= 5,
	TRACECMD_OPTION_VERSION		= 9,
};

struct tracecmd_output *tracecmd_output_create_fd(int fd);
void tracecmd_set_quiet(struct tracecmd_output *handle, bool set_quiet);
int tracecmd_output_set_version(struct tracecmd_output *handle, int file_version);
int tracecmd_output_set_trace_dir(struct tracecmd_output *handle, const char *tracing_dir);
int tracecmd_output_write_headers(struct tracecmd_output *handle,
				  struct tracecmd_event_list *list);
struct tracecmd_option *tracecmd_add_option(struct tracecmd_output *handle,
					    unsigned short id, int size, const void *data);
int tracecmd_write_cmdlines(struct tracecmd_output *handle);
int tracecmd_add_buffer_info(struct tracecmd_output *handle, const char *name, int cpus);
int tracecmd_append_buffer_cpu_data(struct tracecmd_output *handle, const char *name,
				    int cpus, char * const *cpu_data_files);
int tracecmd_append_cpu_data(struct tracecmd_output *handle, int cpus,
			     char * const *cpu_data_files);
void tracecmd_output_close(struct tracecmd_output *handle);

/* the reader's, not in trace-cmd.h either */
const char *tracecmd_get_version(struct tracecmd_input *handle);
const char *tracecmd_get_uname(struct tracecmd_input *handle);
const char *tracecmd_get_trace_clock(struct tracecmd_input *handle);
const char *tracecmd_get_cpustats(struct tracecmd_input *handle);
int tracecmd_cpus(struct tracecmd_input *handle);
struct tep_record *tracecmd_read_cpu_last(struct tracecmd_input *handle, int cpu);
int tracecmd_page_size(struct tracecmd_input *handle);
int tracecmd_long_size(struct tracecmd_input *handle);
unsigned long tracecmd_get_in_file_version(struct tracecmd_input *handle);
struct tep_record *tracecmd_read_next_data(struct tracecmd_input *handle, int *rec_cpu);

#endif
