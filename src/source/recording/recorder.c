// SPDX-License-Identifier: GPL-2.0
/*
 * recorder - the pages read, one unnamed file per CPU, made into a
 * trace.dat with libtracecmd's writer at the end
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <tracefs.h>

#include "base/log.h"
#include "base/outfile.h"
#include "base/run_end.h"
#include "source/recording/recording.h"

#define CPU_FILE_BUF	(64 * 1024)

/* the pages of one buffer of the file, a temporary file per CPU */
struct page_set {
	FILE			**cpu;
	char			**name;		/* per CPU: /proc/self/fd/N */
	bool			used;
};

struct recorder {
	struct outfile		out;
	int			nr_cpus;
	struct page_set		trace;		/* the instance's: the file's top buffer */
	struct page_set		records;	/* rtlens's own records (user engine) */
	bool			on;
	int			error;		/* the first write error (errno) */
	unsigned long long	pages;
};

/* an unnamed file in @dir: O_TMPFILE, else a name removed at once */
static int unnamed_file(const char *dir)
{
	char *tmpl;
	int fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);

	if (fd >= 0 || asprintf(&tmpl, "%s/.rtlens-cpu-XXXXXX", dir) < 0)
		return fd;
	fd = mkostemp(tmpl, O_CLOEXEC);
	if (fd >= 0)
		unlink(tmpl);
	free(tmpl);
	return fd;
}

/* next to the recording when it is a file, else in $TMPDIR */
static int cpu_file(const struct recorder *r)
{
	const char *tmp = getenv("TMPDIR");
	char *copy = r->out.direct ? NULL : strdup(r->out.target);
	int fd = copy ? unnamed_file(dirname(copy)) : -1;

	free(copy);
	if (fd < 0)
		fd = unnamed_file(tmp && *tmp ? tmp : "/tmp");
	return fd;
}

static int open_cpu(struct recorder *r, struct page_set *set, int cpu)
{
	int fd = cpu_file(r);

	if (fd < 0)
		return -1;
	set->cpu[cpu] = fdopen(fd, "w+");
	if (!set->cpu[cpu]) {
		close(fd);
		return -1;
	}
	setvbuf(set->cpu[cpu], NULL, _IOFBF, CPU_FILE_BUF);
	return asprintf(&set->name[cpu], "/proc/self/fd/%d", fd) < 0 ? -1 : 0;
}

static int open_set(struct recorder *r, struct page_set *set)
{
	int cpu;

	set->cpu = calloc(r->nr_cpus, sizeof(*set->cpu));
	set->name = calloc(r->nr_cpus, sizeof(*set->name));
	if (!set->cpu || !set->name)
		return -1;
	for (cpu = 0; cpu < r->nr_cpus; cpu++)
		if (open_cpu(r, set, cpu))
			return -1;
	return 0;
}

static void close_set(struct recorder *r, struct page_set *set)
{
	int cpu;

	for (cpu = 0; cpu < r->nr_cpus; cpu++) {
		if (set->cpu && set->cpu[cpu])
			fclose(set->cpu[cpu]);
		if (set->name)
			free(set->name[cpu]);
	}
	free(set->cpu);
	free(set->name);
}

struct recorder *recorder_open(const char *path, int nr_cpus)
{
	struct recorder *r = calloc(1, sizeof(*r));

	if (!r || nr_cpus <= 0) {
		err_msg("out of memory");
		free(r);
		return NULL;
	}
	if (outfile_open(&r->out, path, "recording")) {
		free(r);
		return NULL;
	}
	r->nr_cpus = nr_cpus;
	if (open_set(r, &r->trace) || open_set(r, &r->records)) {
		err_msg("cannot make the temporary files of the recording %s: %s (is its "
			"directory writable, or $TMPDIR?)", path, strerror(errno));
		recorder_abort(r);
		return NULL;
	}
	return r;
}

void recorder_set_on(struct recorder *r, bool on)
{
	if (r)
		r->on = on;
}

static void keep_page(struct recorder *r, struct page_set *set, int cpu, const void *page,
		      int size)
{
	if (!r || !r->on || r->error || cpu < 0 || cpu >= r->nr_cpus || size <= 0)
		return;
	if (fwrite(page, size, 1, set->cpu[cpu]) != 1) {
		r->error = errno ? errno : EIO;
		return;
	}
	r->pages++;
	set->used = true;
}

void recorder_page(void *recorder, int cpu, const void *page, int size)
{
	struct recorder *r = recorder;

	keep_page(r, r ? &r->trace : NULL, cpu, page, size);
}

void recorder_records_page(void *recorder, int cpu, const void *page, int size)
{
	struct recorder *r = recorder;

	keep_page(r, r ? &r->records : NULL, cpu, page, size);
}

unsigned long long recorder_pages(const struct recorder *r)
{
	return r ? r->pages : 0;
}

/* "sys:event" lines of the instance's set_event as globs "sys/event" */
static struct tracecmd_event_list *event_globs(struct tracefs_instance *inst, char **text)
{
	struct tracecmd_event_list *list = NULL, *e;
	char *line, *save = NULL, *colon;

	*text = tracefs_instance_file_read(inst, "set_event", NULL);
	for (line = *text ? strtok_r(*text, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		colon = strchr(line, ':');
		e = colon ? calloc(1, sizeof(*e)) : NULL;
		if (!e)
			continue;
		*colon = '/';
		e->glob = line;
		e->next = list;
		list = e;
	}
	/*
	 * none enabled (osnoise top reads the tracer's own ftrace events, whose
	 * formats always go in): a glob of none, as no list means all
	 */
	if (!list && (list = calloc(1, sizeof(*list))))
		list->glob = "rtlens-none/none";
	return list;
}

static void free_globs(struct tracecmd_event_list *list)
{
	struct tracecmd_event_list *next;

	for (; list; list = next) {
		next = list->next;
		free(list);
	}
}

/* as trace-cmd writes it: sysname nodename release version machine */
static void add_uname(struct tracecmd_output *h)
{
	struct utsname u;
	char *text;

	if (uname(&u) || asprintf(&text, "%s %s %s %s %s", u.sysname, u.nodename, u.release,
				  u.version, u.machine) < 0)
		return;
	tracecmd_add_option(h, TRACECMD_OPTION_UNAME, strlen(text) + 1, text);
	free(text);
}

static int add_options(struct tracecmd_output *h, struct tracefs_instance *inst,
		       const char *meta)
{
	char *clock = tracefs_instance_file_read(inst, "trace_clock", NULL);
	int ret = 0;

	if (clock && !tracecmd_add_option(h, TRACECMD_OPTION_TRACECLOCK, strlen(clock) + 1, clock))
		ret = -1;
	free(clock);
	add_uname(h);
	if (!tracecmd_add_option(h, TRACECMD_OPTION_VERSION, strlen(meta) + 1, meta))
		ret = -1;
	return ret;
}

static int flush_cpus(struct recorder *r)
{
	int cpu;

	for (cpu = 0; cpu < r->nr_cpus; cpu++)
		if ((fflush(r->trace.cpu[cpu]) || fflush(r->records.cpu[cpu])) && !r->error)
			r->error = errno;
	return r->error ? -1 : 0;
}

/* rtlens's records as a buffer of their own, after the top one (as trace-cmd's instances) */
static int add_records_info(struct recorder *r, struct tracecmd_output *h)
{
	return r->records.used ? tracecmd_add_buffer_info(h, RECORDING_RECORDS_BUFFER, 0) : 0;
}

static int append_records(struct recorder *r, struct tracecmd_output *h)
{
	if (!r->records.used)
		return 0;
	return tracecmd_append_buffer_cpu_data(h, RECORDING_RECORDS_BUFFER, r->nr_cpus,
					       r->records.name);
}

/* the trace.dat, written through its own descriptor of the outfile's */
static int write_file(struct recorder *r, struct tracefs_instance *inst, const char *meta)
{
	struct tracecmd_event_list *globs;
	struct tracecmd_output *h;
	char *events;
	int fd = dup(fileno(r->out.f)), ret = -1;

	h = fd >= 0 ? tracecmd_output_create_fd(fd) : NULL;
	if (!h) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	/* libtracecmd's progress and its warning of v6's unnamed top buffer */
	tracecmd_set_quiet(h, true);
	tracecmd_set_loglevel(TEP_LOG_NONE);
	globs = event_globs(inst, &events);
	if (!tracecmd_output_set_version(h, TRACE_DAT_V6) &&
	    !tracecmd_output_set_trace_dir(h, tracefs_tracing_dir()) &&
	    !tracecmd_output_write_headers(h, globs) && !add_options(h, inst, meta) &&
	    !add_records_info(r, h) && !tracecmd_write_cmdlines(h) &&
	    !tracecmd_append_cpu_data(h, r->nr_cpus, r->trace.name) && !append_records(r, h))
		ret = 0;
	tracecmd_output_close(h);
	free_globs(globs);
	free(events);
	return ret;
}

int recorder_commit(struct recorder *r, struct tracefs_instance *inst, const char *meta)
{
	if (flush_cpus(r)) {
		err_msg("cannot keep the pages of the recording %s: %s", r->out.path,
			strerror(r->error));
		recorder_abort(r);
		return -1;
	}
	if (write_file(r, inst, meta)) {
		err_msg("cannot write the recording %s as a trace.dat (libtracecmd failed: %s)",
			r->out.path, strerror(errno ? errno : EIO));
		recorder_abort(r);
		return -1;
	}
	debug_msg("recording: %llu pages", r->pages);
	if (outfile_commit(&r->out, "recording")) {
		recorder_abort(r);
		return -1;
	}
	recorder_abort(r);	/* what is left: the temporary files */
	return 0;
}

void recorder_abort(struct recorder *r)
{
	if (!r)
		return;
	outfile_abort(&r->out);
	close_set(r, &r->trace);
	close_set(r, &r->records);
	free(r);
}
