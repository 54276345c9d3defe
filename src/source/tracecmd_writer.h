/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tracecmd_writer - the part of libtracecmd's trace.dat writer rtlens uses.
 * libtracecmd exports these functions, but Debian's libtracecmd-dev (3.1)
 * installs only the reader's header (trace-cmd.h); the prototypes below
 * are those of libtracecmd's trace-cmd-private.h of that release.
 */
#ifndef RTLENS_TRACECMD_WRITER_H
#define RTLENS_TRACECMD_WRITER_H

#include <stdbool.h>

#include <trace-cmd.h>

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
