// SPDX-License-Identifier: GPL-2.0
/*
 * file_input - a trace.dat opened for --input: its headers, rtlens's
 * metadata or what trace-cmd's options tell, and the run made the
 * recording's
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <event-parse.h>

#include "base/log.h"
#include "base/records.h"
#include "source/engine/file_source.h"
#include "source/recording/recording.h"

/* the osnoise tracer's threshold when tracing_thresh is 0 (and the user engine's) */
#define TRACER_THRESHOLD_US	5

/*
 * tracecmd_open(), but for libtracecmd 3.1's tracecmd_close() of a handle
 * whose CPU data failed to load (a file cut short in its data): it walks
 * lists of CPUs never set up and crashes. Such a handle is left open, kept
 * here (reachable: not a leak to LeakSanitizer); rtlens exits soon after.
 */
static struct tracecmd_input *volatile unclosable;

static struct tracecmd_input *open_data(const char *path)
{
	struct tracecmd_input *h = tracecmd_open_head(path, TRACECMD_FL_LOAD_NO_PLUGINS);

	if (!h || !tracecmd_init_data(h))
		return h;
	unclosable = h;
	return NULL;
}

/*
 * libtracecmd printf()s some complaints ("File possibly truncated...") on
 * stdout, where a --json - report goes: they go to /dev/null (the message
 * rtlens gives says what is wrong).
 */
static struct tracecmd_input *open_trace_dat(const char *path)
{
	int null = open("/dev/null", O_WRONLY | O_CLOEXEC), saved;
	struct tracecmd_input *h;

	fflush(stdout);
	saved = null >= 0 ? fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3) : -1;
	if (saved >= 0)
		dup2(null, STDOUT_FILENO);
	h = open_data(path);
	fflush(stdout);
	if (saved >= 0) {
		dup2(saved, STDOUT_FILENO);
		close(saved);
	}
	if (null >= 0)
		close(null);
	return h;
}

int file_input_open(struct file_input *in, const char *path)
{
	struct stat st;

	memset(in, 0, sizeof(*in));
	in->name = path;
	if (stat(path, &st)) {
		err_msg("cannot read %s: %s", path, strerror(errno));
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		err_msg("%s is not a regular file: --input reads a trace.dat", path);
		return -1;
	}
	tracecmd_set_loglevel(TEP_LOG_NONE);
	in->h = open_trace_dat(path);
	if (!in->h) {
		err_msg("%s is not a trace.dat that libtracecmd can read: not one, or cut short "
			"or damaged (record it again; trace-cmd report %s may say more)", path, path);
		return -1;
	}
	if (recording_parse(&in->rec, tracecmd_get_version(in->h), path) < 0) {
		file_input_free(in);
		return -1;
	}
	return 0;
}

void file_input_free(struct file_input *in)
{
	if (in->h)
		tracecmd_close(in->h);
	in->h = NULL;
	recording_free(&in->rec);
}

/* ---- a recording of rtlens ---- */

static int check_tool(const struct file_input *in, const struct rtl_params *p)
{
	char tool[32];

	recording_tool(in->rec.run.command, tool, sizeof(tool));
	if (!strcmp(tool, p->desc->name))
		return 0;
	err_msg("%s is a recording of rtlens %s: replay it with rtlens %s%s --input %s",
		in->name, in->rec.run.command, tool, strcmp(tool, "hwnoise") ? " top or hist" : "",
		in->name);
	return -1;
}

/* -c on a replay picks among the recorded CPUs */
static int set_cpus(const struct file_input *in, struct rtl_params *p, const char *recorded)
{
	struct cpu_mask user = { 0 }, rec = { 0 };
	char *asked = cpu_mask_list(&p->cpus);
	const char *why = NULL;
	int cpu, ret = -1;

	cpu_mask_free(&p->cpus);
	cpu_mask_free(&p->hk_cpus);
	if (!asked || cpu_mask_init(&p->cpus, p->nr_cpus) ||
	    cpu_mask_init(&p->hk_cpus, p->nr_cpus) || cpu_mask_init(&rec, p->nr_cpus) ||
	    cpu_mask_init(&user, p->nr_cpus)) {
		err_msg("out of memory");
		goto out;
	}
	if (cpu_mask_parse(&rec, recorded, &why)) {
		char *shown __shown = log_arg(recorded);

		err_msg("%s: the recorded CPU list \"%s\" is damaged: %s", in->name, shown, why);
		goto out;
	}
	if (p->cpus_set && cpu_mask_parse(&user, asked, &why)) {
		err_msg("-c %s: %s in the recording (it measured CPU %s)", asked, why, recorded);
		goto out;
	}
	for_each_cpu_in(cpu, p->cpus_set ? &user : &rec) {
		if (!cpu_mask_test(&rec, cpu)) {
			err_msg("-c %s: CPU %d was not measured in %s (it measured CPU %s)", asked,
				cpu, in->name, recorded);
			goto out;
		}
		cpu_mask_set(&p->cpus, cpu);
	}
	ret = 0;
out:
	cpu_mask_free(&user);
	cpu_mask_free(&rec);
	free(asked);
	return ret;
}

/*
 * The stop thresholds given to the replay replace the recording's, and are
 * evaluated on its records (file_stop.c); without any, the replay ends as
 * the recorded run did.
 */
static void take_stops(struct file_input *in, struct rtl_params *p)
{
	in->own_stops = p->stop_us || p->stop_total_us;
	if (in->own_stops)
		return;
	p->stop_us = in->rec.set.stop_us;
	p->stop_total_us = in->rec.set.stop_total_us;
}

/*
 * osnoise's -T: the samples over it, of those the recording holds. The
 * tracer traced none under its own threshold (0: its default), and the
 * per-period summaries of top were counted over that one: neither can
 * change.
 */
static int take_threshold(const struct file_input *in, struct rtl_params *p)
{
	uint64_t asked = p->threshold_us, recorded = in->rec.set.threshold_us;
	uint64_t floor = recorded ? recorded : TRACER_THRESHOLD_US;

	p->threshold_us = recorded;
	if (!asked || asked == floor)
		return 0;
	if (asked < floor) {
		err_msg("-T %llu: %s holds only the noise over its own threshold, %llu us (shorter "
			"noise was never traced): record again with -T %llu",
			(unsigned long long)asked, in->name, (unsigned long long)floor,
			(unsigned long long)asked);
		return -1;
	}
	if (!p->desc->per_sample[p->mode]) {
		err_msg("-T %llu: the table of %s is the tracer's per-period summaries, counted over "
			"the recorded threshold (%llu us), which -T cannot change: a hist replay "
			"applies -T to its samples", (unsigned long long)asked, p->command,
			(unsigned long long)floor);
		return -1;
	}
	p->threshold_us = asked;
	return 0;
}

static int take_settings(struct file_input *in, struct rtl_params *p)
{
	const struct recorded_settings *s = &in->rec.set;

	p->engine = in->rec.run.own_engine ? ENGINE_OWN : ENGINE_KERNEL;
	p->period_us = s->period_us;
	p->runtime_us = s->runtime_us;
	take_stops(in, p);
	p->duration_s = s->duration_s;
	if (!p->stack_us)
		p->stack_us = s->stack_us;
	p->user_threads = s->user_threads;
	p->user_load = s->user_load;
	return take_threshold(in, p);
}

static int apply_rtlens(struct file_input *in, struct rtl_params *p, struct sys_facts *f)
{
	struct recording *rec = &in->rec;

	if (check_tool(in, p))
		return -1;
	if (rec->run.own_engine && rec->run.record_size != sizeof(struct rtl_record)) {
		err_msg("%s was recorded by rtlens %s with the user engine, whose records this "
			"rtlens (%s) lays out otherwise: replay it with rtlens %s", in->name,
			rec->run.version, RTLENS_VERSION, rec->run.version);
		return -1;
	}
	p->nr_cpus = rec->set.nr_cpus;
	if (set_cpus(in, p, rec->set.cpus))
		return -1;
	if (take_settings(in, p))
		return -1;
	*f = rec->facts;		/* steal_ns, tuning and tuning_json move to @f */
	rec->facts.steal_ns = NULL;
	rec->facts.smi_count = NULL;
	rec->facts.tuning = NULL;
	rec->facts.tuning_json = NULL;
	return 0;
}

/* ---- a recording of trace-cmd ---- */

/* "sysname nodename release version machine", as trace-cmd writes it */
static void take_uname(struct tracecmd_input *h, struct sys_facts *f)
{
	const char *u = tracecmd_get_uname(h);

	snprintf(f->hostname, sizeof(f->hostname), "unknown");
	snprintf(f->kernel_release, sizeof(f->kernel_release), "unknown");
	if (u)
		sscanf(u, "%*s %64s %64s", f->hostname, f->kernel_release);
	snprintf(f->virt.hypervisor, sizeof(f->virt.hypervisor), "none");
	snprintf(f->virt.source, sizeof(f->virt.source), "none");
}

/* the CPUs with records, and the time from the first record to the last */
static int scan_cpus(struct file_input *in, struct rtl_params *p, double *elapsed_s)
{
	unsigned long long first = ~0ULL, last = 0;
	struct cpu_mask found;
	struct tep_record *r;
	char *list;
	int cpu, ret;

	if (cpu_mask_init(&found, p->nr_cpus)) {
		err_msg("out of memory");
		return -1;
	}
	for (cpu = 0; cpu < p->nr_cpus; cpu++) {
		r = tracecmd_read_cpu_first(in->h, cpu);
		if (!r)
			continue;
		cpu_mask_set(&found, cpu);
		first = r->ts < first ? r->ts : first;
		tracecmd_free_record(r);
		r = tracecmd_read_cpu_last(in->h, cpu);
		if (r && r->ts > last)
			last = r->ts;
		tracecmd_free_record(r);
	}
	*elapsed_s = last > first ? (last - first) / 1e9 : 0;
	if (!cpu_mask_count(&found)) {
		cpu_mask_free(&found);
		err_msg("%s holds no events: nothing to replay", in->name);
		return -1;
	}
	list = cpu_mask_list(&found);
	cpu_mask_free(&found);
	if (!list) {
		err_msg("out of memory");
		return -1;
	}
	ret = set_cpus(in, p, list);	/* -c among them */
	free(list);
	return ret;
}

static int apply_other(struct file_input *in, struct rtl_params *p, struct sys_facts *f)
{
	struct recorded_run *run = &in->rec.run;
	struct stat st;

	if (p->threshold_us) {
		err_msg("-T %llu: %s was recorded by another tool, which does not say the threshold "
			"it traced with: replay it without -T", (unsigned long long)p->threshold_us,
			in->name);
		return -1;
	}
	in->own_stops = p->stop_us || p->stop_total_us;
	p->engine = ENGINE_KERNEL;
	p->nr_cpus = tracecmd_cpus(in->h);
	if (p->nr_cpus <= 0) {
		err_msg("%s holds no CPU buffers: nothing to replay", in->name);
		return -1;
	}
	if (scan_cpus(in, p, &run->elapsed_s))
		return -1;
	memset(f, 0, sizeof(*f));
	f->nr_cpus = p->nr_cpus;
	f->steal_ns = calloc(p->nr_cpus, sizeof(*f->steal_ns));
	if (!f->steal_ns) {
		err_msg("out of memory");
		return -1;
	}
	take_uname(in->h, f);
	run->reason = STOP_USER;	/* how trace-cmd's run ended is not known */
	run->started = stat(in->name, &st) ? 0 : st.st_mtime - (time_t)run->elapsed_s;
	p->duration_s = 0;
	return 0;
}

int file_input_apply(struct file_input *in, struct rtl_params *p, struct sys_facts *f)
{
	int ret = in->rec.run.by_rtlens ? apply_rtlens(in, p, f) : apply_other(in, p, f);

	p->warmup_s = 0;		/* recorded after the warm-up */
	p->trace_output = NULL;		/* -a's default: the trace is the file */
	return ret;
}
