// SPDX-License-Identifier: GPL-2.0
/*
 * kernel_source - the kernel engine: the kernel's osnoise, timerlat or hwlat
 * tracer in a private tracefs instance. What differs between the tracers
 * is in struct tracer_desc (kernel_tracer.h), one per tracer in a file of
 * its own (NAME_tracer.c), picked from tracers[]; their names are in the
 * tool's description (base/tool.h). The hooks see the engine through
 * struct tracer_view (view_of()): struct engine is this file's own.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event-parse.h>
#include <tracefs.h>

#include "decode/decode.h"
#include "decode/hist_file.h"
#include "source/engine/bpf_counts.h"
#include "source/engine/formats.h"
#include "source/engine/instance.h"
#include "source/engine/sample_queue.h"
#include "base/log.h"
#include "source/engine/engine.h"
#include "source/engine/kernel_tracer.h"
#include "source/engine/osnoise_tracer.h"
#include "source/engine/timerlat_tracer.h"
#include "source/engine/source.h"
#include "source/system/system.h"
#include "source/engine/own_workload.h"
#include "model/stop_rule.h"

#define OPTIONS_FILE	OSNOISE_OPTIONS
#define TIMERLAT_FD	"osnoise/per_cpu/cpu0/timerlat_fd"
/* BPF's samples waiting for their events, per measured CPU (48 bytes each) */
#define SAMPLE_QUEUE_DEPTH	16384
#define SAMPLES_READ_NS		1000000ULL	/* BPF's samples, read again while events come */

/* the window of a stop counted by BPF ends with what the stop's sample brought */
struct window_cut {
	bool		on;
	bool		passed;		/* the stop's sample was handed out */
	bool		ended;		/* and the next sample came: nothing more */
	int		cpu;
	int		context;
	unsigned int	seqnum;
};

struct engine {
	const struct tracer_desc *desc;
	const struct rtl_params	*params;
	struct instances	ins;
	record_fn		fn;
	void			*ctx;
	struct tracefs_hist	*khist;		/* osnoise hist: counted by the kernel */
	int			polled;
	struct own_workload	*uw;		/* timerlat -u: rtlens's threads */
	struct bpf_counts	*bpf;		/* the samples counted in the kernel */
	const char		*bpf_why;	/* why not, when it could have been */
	struct window_cut	cut;		/* read_window: where the stop was */
	/* osnoise analysis with BPF: the samples BPF sends, until their events are in */
	struct sample_queue	*samples;
	uint64_t		samples_read_at;	/* on_aa_event(): BPF's read again from */
	bool			samples_failed;		/* reading BPF's samples failed */
	struct bpf_hw_sum	*hw_seen;	/* per CPU: BPF's counts handed out so far */
	bool			stopped;	/* kstop(): what is queued goes at the drain */
	bool			user_stopped;	/* a user_stop tracer's record reached -s */
};


static bool has_tracer(const struct tool_desc *desc)
{
	char **tracers = tracefs_tracers(NULL);
	bool ok = list_has(tracers, desc->tracer);

	tracefs_list_free(tracers);
	return ok;
}

static int check_tracer(const struct tool_desc *desc)
{
	if (has_tracer(desc))
		return 0;
	err_msg("%s tracer not available: this kernel was built without %s "
		"(boot a kernel that has it, e.g. Debian's linux-image-rt-amd64, or measure "
		"with rtlens's own threads: --engine user)",
		desc->tracer, desc->config);
	return -1;
}

/* the tracers that share one workload: either of them busy takes both */
#define OSNOISE_FAMILY	"osnoise timerlat"

static bool same_tracer(const char *cur, const char *tracer)
{
	return !strncmp(cur, tracer, strlen(tracer));
}

/* does @cur (a current_tracer) keep @desc's tracer from starting? */
static bool tracer_taken(const char *cur, const struct tool_desc *desc)
{
	if (!cur)
		return false;
	if (strstr(OSNOISE_FAMILY, desc->tracer))
		return same_tracer(cur, "osnoise") || same_tracer(cur, "timerlat");
	return same_tracer(cur, desc->tracer);
}

/* Is such a tracer set at the top level or in an instance? */
static char *tracer_user(const struct tool_desc *desc)
{
	char **instances = tracefs_instances(NULL);
	char *who = NULL, **name;
	char *cur = tracefs_instance_file_read(NULL, "current_tracer", NULL);

	if (tracer_taken(cur, desc))
		who = strdup("the top-level tracing directory");
	free(cur);
	for (name = instances; !who && name && *name; name++) {
		struct tracefs_instance *inst = tracefs_instance_alloc(NULL, *name);

		cur = inst ? tracefs_instance_file_read(inst, "current_tracer", NULL) : NULL;
		if (tracer_taken(cur, desc) && asprintf(&who, "instance '%s'", *name) < 0)
			who = NULL;
		free(cur);
		tracefs_instance_free(inst);
	}
	tracefs_list_free(instances);
	return who;
}

static const struct tracer_desc *tracer_of(const struct rtl_params *p);

static bool has_option(const char *option)
{
	char *opts = sysstate_read_options();
	bool found = opts && strstr(opts, option);

	free(opts);
	return found;
}

/* --bpf-action without the BPF counting it runs from: -1 with the message */
static int refuse_bpf_action(const char *why)
{
	err_msg("--bpf-action runs from rtlens's BPF counting, which cannot be had here: %s", why);
	return -1;
}

static int check_features(const struct rtl_params *p)
{
	const char *why;

	if (p->desc->irqs_off && !has_option("OSNOISE_IRQ_DISABLE")) {
		err_msg("hwnoise needs the OSNOISE_IRQ_DISABLE option of the osnoise tracer, "
			"which this kernel's %s lacks (use a newer kernel, or osnoise top)",
			OPTIONS_FILE);
		return -1;
	}
	if (p->bpf_action && !bpf_counts_possible(tracer_of(p)->bpf_event, &why))
		return refuse_bpf_action(why);
	if (p->bpf_action && access(p->bpf_action, R_OK)) {
		err_msg("--bpf-action %s: %s", p->bpf_action, strerror(errno));
		return -1;
	}
	if (p->aligned_us >= 0 && !tracefs_file_exists(NULL, TIMERLAT_ALIGN_FILE)) {
		err_msg("-A needs %s, which this kernel lacks (newer kernels have it): run "
			"without -A", TIMERLAT_ALIGN_FILE);
		return -1;
	}
	/* -u and -U are timerlat's */
	if (!p->user_threads)
		return 0;
	if (!tracefs_file_exists(NULL, TIMERLAT_FD)) {
		err_msg("%s need %s, which this kernel lacks (it came in Linux 6.5): %s",
			p->user_load ? "user-space workloads (-U)" : "user-space threads (-u)",
			TIMERLAT_FD, p->user_load ? "measure with the kernel threads (-k)" :
			"use the kernel threads (-k, the default here)");
		return -1;
	}
	if (p->cgroup) {
		err_msg("-C with -u is not supported: the user-space threads are rtlens's own; "
			"run rtlens itself in the cgroup");
		return -1;
	}
	return 0;
}

/*
 * timerlat measures through user-space threads (-u) where the kernel has
 * timerlat_fd, unless -k says otherwise, as rtla does since 6.9: the
 * latency a user-space task sees, its return to user included. -C (move
 * the tracer's threads into a cgroup) keeps the kernel's threads: rtlens's
 * own are not moved.
 */
static void kchoose(struct rtl_params *p)
{
	if (!tracer_of(p)->user_threads || p->user_threads || p->kernel_threads || p->cgroup)
		return;
	if (!tracefs_file_exists(NULL, TIMERLAT_FD))
		return;
	p->user_threads = true;
	debug_msg("%s is there: user-space threads (-k for the kernel's)", TIMERLAT_FD);
}

/* the events (-e) and the cgroup (-C) are checked by source_check() */
static int kcheck(const struct rtl_params *p)
{
	char *who;

	if (check_tracer(p->desc) || check_features(p))
		return -1;
	who = tracer_user(p->desc);
	if (who) {
		err_msg("the %s tracer is already in use by %s (another rtla or rtlens "
			"session?): wait for it to end, or set its current_tracer to nop",
			strstr(OSNOISE_FAMILY, p->desc->tracer) ? "osnoise/timerlat" : p->desc->tracer,
			who);
		free(who);
		return -1;
	}
	return 0;
}

/* ---- instances ---- */

static int set_tracer(const struct tool_desc *desc, struct tracefs_instance *inst)
{
	if (!tracefs_tracer_set(inst, TRACEFS_TRACER_CUSTOM, desc->tracer))
		return 0;
	err_msg("cannot start the %s tracer: %s", desc->tracer, strerror(errno));
	return -1;
}

static int start_kernel_hist(struct engine *src)
{
	struct tracefs_hist_axis_cnt axes[] = {
		{ "duration", TRACEFS_HIST_KEY_BUCKETS, src->params->bucket_size * 1000 },
		{ "cpu", TRACEFS_HIST_KEY_NORMAL, 0 },
		{ NULL, 0, 0 },
	};

	src->khist = tracefs_hist_alloc_nd_cnt(src->ins.tep, "osnoise", "sample_threshold", axes);
	if (!src->khist || tracefs_hist_start(src->ins.inst, src->khist)) {
		err_msg("cannot start the kernel histogram of osnoise:sample_threshold: %s "
			"(CONFIG_HIST_TRIGGERS?)", strerror(errno));
		return -1;
	}
	return 0;
}

/* each tool's tracer, in a file of its own (kernel_tracer.h) */
static const struct tracer_desc *const tracers[NR_TOOLS] = {
	[TOOL_OSNOISE]	= &osnoise_tracer,
	[TOOL_TIMERLAT]	= &timerlat_tracer,
#define TRACER_UNIT_ROW(name, NAME)	[TOOL_##NAME] = &name##_tracer,
	RTL_TOOL_UNITS(TRACER_UNIT_ROW)
};

static const struct tracer_desc *tracer_of(const struct rtl_params *p)
{
	return tracers[p->tool];
}

/*
 * The analysis' events never share a ring buffer with the samples and
 * summaries the tables are made of: a flood of them can then only make
 * the analysis partial. They go to an instance of their own that runs the
 * tracer too (the kernel stops it with the others at a threshold):
 * - timerlat explains the latency that stopped the run, from what ran on
 *   that CPU just before: the instance is a flight recorder (the ring
 *   buffer overwrites its oldest events), read only at a stop;
 * - osnoise explains every sample of the run: the instance is read as
 *   its events come, and the events it loses are counted per CPU.
 * --record keeps them with the samples, where the recording reads them;
 * so does timerlat --aa, which explains every latency of the run, and
 * its -a, -s, -S, -T on the live screen, whose pane shows the sources as
 * they come: the table and the analysis then read the same samples, in
 * order with the events that explain them.
 */
static bool whole_run_inline(const struct rtl_params *p)
{
	return tracer_of(p)->aa_feed == AA_FEED_WINDOW && params_whole_run_analysis(p);
}

static enum aa_feed feed_of(const struct rtl_params *p)
{
	if (!params_trace_analysis(p) || p->record_path || kernel_counts(p) ||
	    whole_run_inline(p))
		return AA_FEED_INLINE;
	return tracer_of(p)->aa_feed;
}

/*
 * BPF sends the samples: their times are the tracer's clock, which the
 * events' instance must share for the queue to tell which events are in
 */
static int open_sample_queue(struct engine *src)
{
	if (sysstate_instance_write(src->ins.aa_inst, "trace_clock", "local") < 0) {
		err_msg("cannot set the trace clock of the analysis' instance: %s",
			strerror(errno));
		return -1;
	}
	src->samples = sample_queue_new(src->params->nr_cpus, SAMPLE_QUEUE_DEPTH);
	src->hw_seen = calloc(src->params->nr_cpus, sizeof(*src->hw_seen));
	if (!src->samples || !src->hw_seen) {
		err_msg("out of memory");
		return -1;
	}
	return 0;
}

/* the instance the analysis' events go to: one of their own, or the one read */
static struct tracefs_instance *analysis_instance(struct engine *src, struct sys_state *st)
{
	const struct rtl_params *p = src->params;
	struct instances *ins = &src->ins;

	if (feed_of(p) == AA_FEED_INLINE)
		return ins->inst;
	ins->aa_inst = instance_make(st, "-aa", p->buffer_kb);
	ins->aa_streamed = ins->aa_inst && feed_of(p) == AA_FEED_STREAM;
	if (ins->aa_streamed && src->bpf && open_sample_queue(src))
		return NULL;
	return ins->aa_inst;
}

/* what the tracer's hooks know of the engine */
static struct tracer_view view_of(const struct engine *src)
{
	return (struct tracer_view){
		.params		= src->params,
		.tep		= src->ins.tep,
		.bpf		= src->bpf != NULL,
		.aa_feed	= feed_of(src->params),
	};
}

static int open_instances(struct engine *src, struct sys_state *st)
{
	const struct rtl_params *p = src->params;
	struct tracer_view view = view_of(src);
	struct instances *ins = &src->ins;
	struct tracefs_instance *events_inst, *aa_inst;

	ins->inst = instance_make(st, "", p->buffer_kb);
	if (!ins->inst || src->desc->sample_events(&view, ins->inst) ||
	    (src->desc->setup_instance && src->desc->setup_instance(p, ins->inst)))
		return -1;
	aa_inst = analysis_instance(src, st);
	if (!aa_inst || src->desc->analysis_events(&view, aa_inst))
		return -1;
	if (kernel_counts(p) && start_kernel_hist(src))
		return -1;
	if (instances_trace_wanted(p)) {
		ins->trace_inst = instance_make(st, "-trace", p->buffer_kb);
		if (!ins->trace_inst || instance_enable_event(ins->trace_inst, "osnoise", NULL))
			return -1;
	}
	events_inst = ins->trace_inst ? ins->trace_inst : ins->inst;
	if (instance_enable_user_events(p, events_inst))
		return -1;
	/*
	 * the tracers last: setting one starts the workload, and every event
	 * enabled after it patches the kernel's text under it (hwnoise, with
	 * interrupts off, took 50 s to set up on 6.1 so)
	 */
	if (set_tracer(p->desc, ins->inst) ||
	    (ins->aa_inst && set_tracer(p->desc, ins->aa_inst)) ||
	    (ins->trace_inst && set_tracer(p->desc, ins->trace_inst)))
		return -1;
	return 0;
}

static int load_events(struct engine *src)
{
	unsigned int sets = src->desc->decode_sets(src->params);
	const char *systems[] = { "ftrace", "osnoise", NULL, NULL, NULL, NULL, NULL };

	if (sets & DECODE_STD_EVENTS) {		/* a KVM host's vCPU threads */
		systems[2] = "irq";
		systems[3] = "irq_vectors";
		systems[4] = "sched";
		systems[5] = "nmi";
	} else {
		int i = 2;

		if (sets & DECODE_NMI_NAMES)
			systems[i++] = "nmi";
		if (sets & DECODE_RT_SOFTIRQS)
			systems[i++] = "irq";
	}

	return instances_load(&src->ins, systems, sets);
}

static void kclose(struct engine *src);
static void krestart(struct engine *src);

/* timerlat -u: rtlens's threads read timerlat_fd, SCHED_FIFO 95 unless -P (as rtla) */
static int start_user_threads(struct engine *src)
{
	const struct rtl_params *p = src->params;
	struct own_workload_config cfg = {
		.kind = OWN_WORKLOAD_TIMERLAT_FD,
		.cpus = &p->cpus,
		.period_us = p->period_us ? p->period_us : 1000,
		.prio = p->prio,
		.tracing_dir = tracefs_tracing_dir(),
	};

	own_workload_timerlat_prio(&cfg.prio);
	src->uw = own_workload_start(&cfg);
	return src->uw ? 0 : -1;
}

/*
 * The samples counted by a BPF program when nothing needs them one by one
 * from the ring buffer: not --record, not --tail, not --kernel-hist, not an analysis
 * that reads them with the samples (timerlat's reads its own window at a
 * stop; osnoise's gets them from BPF). Attached before the tracer starts,
 * so that it sees the first sample.
 */
static bool bpf_fits(const struct rtl_params *p)
{
	return tracer_of(p)->bpf_event && !p->record_path && !p->tail && !kernel_counts(p) &&
	       (!params_trace_analysis(p) || feed_of(p) != AA_FEED_INLINE);
}

/* -1 when --bpf-action needs the BPF counting and it cannot be had */
static int open_bpf(struct engine *src)
{
	const struct rtl_params *p = src->params;

	if (p->record_path && tracer_of(p)->bpf_event)
		src->bpf_why = "--record: the recording needs every sample, read through tracefs";
	else if (p->tail && tracer_of(p)->bpf_event)
		src->bpf_why = "--tail: the checks of the tail read every sample in its order";
	else if (whole_run_inline(p) && tracer_of(p)->bpf_event)
		src->bpf_why = "--aa: every latency is read with the events that explain it";
	if (!bpf_fits(p))
		return 0;
	if (p->no_bpf)		/* asked for: nothing to explain */
		return 0;
	src->bpf = bpf_counts_open(p, tracer_of(p)->bpf_event, feed_of(p) == AA_FEED_STREAM,
				   &src->bpf_why);
	if (src->bpf)
		return 0;
	if (p->bpf_action)
		return refuse_bpf_action(src->bpf_why);
	debug_msg("samples read through tracefs: %s", src->bpf_why);
	return 0;
}

static struct engine *kopen(const struct rtl_params *p, const struct engine_input *in)
{
	struct engine *src = calloc(1, sizeof(*src));
	struct sys_state *st = in->st;

	if (!src)
		return NULL;
	src->params = p;
	src->desc = tracer_of(p);
	instance_vcpu_note(p, src->desc->decode_sets(p) & DECODE_KVM_VCPU);
	if (load_events(src))
		goto fail;
	debug_msg("event formats read");
	if (src->desc->apply_globals(p, st))
		goto fail;
	if (open_bpf(src) || open_instances(src, st))
		goto fail;
	debug_msg("instances ready");
	/* BPF counts from here, as the ring buffers record from here */
	krestart(src);
	/* -U: the workload is the user's, started by the user */
	if (p->user_threads ? !p->user_load && start_user_threads(src) : tasks_apply(p))
		goto fail;
	return src;
fail:
	kclose(src);
	return NULL;
}

/* ---- reading ---- */

/*
 * false for what comes, on the CPU that stopped, from the sample after the
 * one that stopped it: what the tracer writes between the two (the stack
 * it saves for -s, right after the sample) is the stop's, as where the
 * kernel itself stops the tracer
 */
static bool before_cut(struct window_cut *c, const struct rtl_record *rec)
{
	const struct timerlat_sample *t = &rec->timerlat;

	if (!c->on || rec->period.cpu != c->cpu)
		return true;
	if (c->passed) {
		c->ended |= rec->kind == RECORD_TIMERLAT;
		return !c->ended;
	}
	if (rec->kind == RECORD_TIMERLAT && (int)t->context == c->context &&
	    t->seqnum == c->seqnum)
		c->passed = true;
	return true;
}

static void on_event(struct tep_event *event, struct tep_record *record, int cpu, void *ctx)
{
	struct engine *src = ctx;
	struct rtl_record rec;

	decoder_decode(src->ins.decoder, event, record, cpu, &rec);
	if (rec.kind == RECORD_NONE || !before_cut(&src->cut, &rec) || src->user_stopped)
		return;
	src->polled++;
	src->fn(&rec, src->ctx);
	if (src->desc->user_stop &&
	    stop_record_over(&rec, src->params->stop_us, src->params->stop_total_us, NULL, NULL)) {
		src->user_stopped = true;	/* as the tracer stops: nothing after */
		instances_set_tracing(&src->ins, false);
	}
}

/* where on_event() hands the records, counted in src->polled */
static void set_sink(struct engine *src, record_fn fn, void *ctx)
{
	src->fn = fn;
	src->ctx = ctx;
	src->polled = 0;
}

/* what BPF counts is read when shown (kload_counts), the summaries as they come */
static bool instance_read(const struct engine *src)
{
	return !src->bpf || src->desc->summaries;
}

static int kpoll(struct engine *src, record_fn fn, void *ctx)
{
	if (!instance_read(src))
		return 0;
	set_sink(src, fn, ctx);
	return instances_read(&src->ins, on_event, src) ? -1 : src->polled;
}

static void queue_sample(const struct bpf_noise_sample *b, void *ctx);

/*
 * The analysis' events, and where BPF sends the samples, how far their CPU
 * got. The samples an event comes after go to the analysis before it: the
 * analysis keeps few events waiting for their sample (OSNOISE_AA_MAX_EVENTS),
 * and a poll reads up to 200 ms of events (under emulation, thousands a
 * CPU). The samples BPF sent meanwhile are read when the CPU has none
 * waiting, at most once a SAMPLES_READ_NS of trace time.
 */
static void on_aa_event(struct tep_event *event, struct tep_record *record, int cpu, void *ctx)
{
	struct engine *src = ctx;

	if (src->samples) {
		sample_queue_seen(src->samples, cpu, record->ts);
		if (!sample_queue_waiting(src->samples, cpu) && record->ts >= src->samples_read_at) {
			src->samples_read_at = record->ts + SAMPLES_READ_NS;
			if (bpf_counts_read_samples(src->bpf, queue_sample, src))
				src->samples_failed = true;
		}
		src->polled += sample_queue_flush_cpu(src->samples, cpu, src->fn, src->ctx);
	}
	on_event(event, record, cpu, ctx);
}

static void queue_sample(const struct bpf_noise_sample *b, void *ctx)
{
	struct engine *src = ctx;
	struct noise_sample s = {
		.cpu		= (int)b->cpu,
		.start_ns	= b->start,
		.duration_ns	= b->duration,
		.interference	= b->interference,
	};

	sample_queue_add(src->samples, &s, src->fn, src->ctx);
}

/* the samples without interference BPF counted since the last time, per CPU */
static void hw_into_analysis(struct engine *src)
{
	const struct rtl_params *p = src->params;
	int cpu;

	for_each_cpu_in(cpu, &p->cpus) {
		struct rtl_record rec = { .kind = RECORD_HW_SAMPLES };
		struct bpf_hw_sum now, *seen = &src->hw_seen[cpu];

		if (cpu >= p->nr_cpus)
			continue;
		bpf_counts_hw(src->bpf, cpu, &now);
		if (now.count == seen->count)
			continue;
		rec.hw = (struct hw_samples){ .cpu = cpu, .count = now.count - seen->count,
					      .total_ns = now.total - seen->total,
					      .max_ns = now.max };
		*seen = now;
		src->polled++;
		src->fn(&rec, src->ctx);
	}
}

/* BPF's samples, each once the events inside it are in; all of them at the drain */
static int samples_into_analysis(struct engine *src)
{
	bool all = src->stopped && !instances_have_more(&src->ins);

	if (src->samples_failed || bpf_counts_read_samples(src->bpf, queue_sample, src))
		return -1;
	src->polled += sample_queue_flush(src->samples, all, src->fn, src->ctx);
	hw_into_analysis(src);
	return 0;
}

static void ksamples_wanted_from(struct engine *src, uint64_t ns)
{
	if (src->samples)
		bpf_counts_send_from(src->bpf, ns);
}

static int kpoll_analysis(struct engine *src, record_fn fn, void *ctx)
{
	if (!src->ins.aa_streamed)
		return 0;
	set_sink(src, fn, ctx);
	/* what BPF sent so far, ahead of the events that follow those samples */
	if (src->samples && bpf_counts_read_samples(src->bpf, queue_sample, src))
		return -1;
	if (instances_read_aa(&src->ins, on_aa_event, src))
		return -1;
	if (src->samples && samples_into_analysis(src))
		return -1;
	return src->polled;
}

/* lost by the events' buffer, and by BPF's ring buffer of samples */
static uint64_t kanalysis_lost(struct engine *src, int cpu)
{
	if (!src->ins.aa_streamed)
		return 0;
	return instance_cpu_lost_events(src->ins.aa_inst, cpu) +
	       (src->samples ? bpf_counts_samples_lost(src->bpf, cpu) : 0);
}

/*
 * The kernel stops the tracer on the sample over a threshold, and the
 * window ends there. Where BPF saw the stop, the window of that CPU is cut
 * at the next sample (before_cut()), in case the tracer recorded more
 * before rtlens stopped it (the main loop looks every 250 ms).
 */
static int kread_window(struct engine *src, record_fn fn, void *ctx)
{
	struct window_cut *c = &src->cut;
	int ret;

	if (src->ins.aa_streamed)	/* read as it came */
		return 0;
	c->on = src->bpf && bpf_counts_stop_sample(src->bpf, &c->cpu, &c->context, &c->seqnum);
	set_sink(src, fn, ctx);
	ret = instances_read_window(&src->ins, on_event, src);
	if (c->on)
		debug_msg("the window of the stop (cpu %d, context %d, activation %u): %d records%s",
			  c->cpu, c->context, c->seqnum, src->polled,
			  c->passed ? "" : ", the stop's sample not among them");
	memset(c, 0, sizeof(*c));
	return ret ? -1 : src->polled;
}

static enum aa_feed kaa_feed(const struct engine *src)
{
	return feed_of(src->params);
}

static bool ktracing_stopped(struct engine *src)
{
	return tracefs_trace_is_on(src->ins.inst) == 0 ||
	       (src->bpf && bpf_counts_stopped(src->bpf));
}

/* the ring buffers, then BPF: BPF counts nothing the buffers do not hold */
static void krestart(struct engine *src)
{
	src->stopped = false;
	src->user_stopped = false;
	instances_set_tracing(&src->ins, true);
	if (src->bpf)
		bpf_counts_restart(src->bpf);
}

static void kstop(struct engine *src)
{
	src->stopped = true;
	if (src->bpf)
		bpf_counts_pause(src->bpf);
	own_workload_stop(src->uw);
	instances_set_tracing(&src->ins, false);
}

static void kset_tracing(struct engine *src, bool on)
{
	if (on)
		krestart(src);
	else
		kstop(src);
}

/* an instance nothing reads (BPF counts it all) loses no count by its overruns */
static uint64_t klost_events(struct engine *src)
{
	return instance_read(src) ? instance_lost_events(src->ins.inst, src->params->nr_cpus) : 0;
}

static void kload_counts(struct engine *src, void *model)
{
	if (src->bpf)
		src->desc->bpf_load(src->bpf, model);
}

static const char *kdata_path(const struct engine *src, const char **detail)
{
	*detail = src->bpf ? bpf_counts_hook(src->bpf) : src->bpf_why;
	return src->bpf ? "bpf" : "tracefs";
}

struct khist_ctx {
	hist_bucket_fn	fn;
	void		*ctx;
};

static int kkernel_hist(struct engine *src, hist_bucket_fn fn, void *ctx)
{
	struct tracefs_instance *inst = src->ins.inst;
	char *text;
	int n;

	if (!src->khist)
		return 0;
	tracefs_hist_pause(inst, src->khist);
	text = tracefs_event_file_read(inst, "osnoise", "sample_threshold", "hist", NULL);
	if (!text) {
		err_msg("cannot read the kernel histogram: %s", strerror(errno));
		return -1;
	}
	n = hist_file_parse(text, fn, ctx);
	if (n < 0)
		err_msg("cannot understand the kernel histogram (events/osnoise/sample_threshold/hist)");
	debug_msg("kernel histogram: %d buckets", n);
	free(text);
	return n < 0 ? -1 : 0;
}

static void kdiscard_counts(struct engine *src)
{
	if (src->bpf)
		bpf_counts_clear(src->bpf);
	if (src->khist && tracefs_hist_reset(src->ins.inst, src->khist))
		warn_msg("cannot clear the kernel histogram after the warm-up: %s", strerror(errno));
}

static bool khas_more(const struct engine *src)
{
	return instances_have_more(&src->ins);
}

static int knext_read_ms(const struct engine *src, int longest_ms)
{
	return instances_next_read_ms(&src->ins, longest_ms);
}

static struct tracefs_instance *krecord(struct engine *src, struct recorder *rec)
{
	src->ins.reader.tee = recorder_page;
	src->ins.reader.tee_ctx = rec;
	return src->ins.inst;
}

/* the tracer's instance records every CPU: rtlens's markers too */
static struct tracefs_instance *kmarker_instance(struct engine *src)
{
	return src->ins.inst;
}

static char *ktrace_text(struct engine *src)
{
	return instance_trace_text(src->ins.trace_inst);
}

static void kclose(struct engine *src)
{
	if (!src)
		return;
	if (src->khist) {
		tracefs_hist_destroy(src->ins.inst, src->khist);
		tracefs_hist_free(src->khist);
	}
	own_workload_free(src->uw);
	sample_queue_free(src->samples);
	free(src->hw_seen);
	bpf_counts_close(src->bpf);
	instances_free(&src->ins);
	free(src);
}

static void keffective_period(const struct rtl_params *p, uint64_t *period_us,
			     uint64_t *runtime_us)
{
	tracer_of(p)->effective_period(period_us, runtime_us);
}

static bool kavailable(const struct rtl_params *p)
{
	return has_tracer(p->desc);
}

static const struct engine_tracer_ops kernel_tracer = {
	.available		= kavailable,
	.choose			= kchoose,
	.check			= kcheck,
	.kernel_hist		= kkernel_hist,
	.discard_counts		= kdiscard_counts,
	.load_counts		= kload_counts,
	.aa_feed		= kaa_feed,
	.read_window		= kread_window,
	.poll_analysis		= kpoll_analysis,
	.analysis_lost		= kanalysis_lost,
	.samples_wanted_from	= ksamples_wanted_from,
};

/*
 * @pid's command as the kernel saved it when the task was current in a
 * traced event (tracefs's saved_cmdlines, "PID COMM" lines): a task gone
 * since (a module's thread) still has its name there
 */
static void ktask_comm(struct engine *e, int pid, char *buf, size_t size)
{
	char *text = tracefs_instance_file_read(NULL, "saved_cmdlines", NULL);

	buf[0] = '\0';
	if (text && !tep_parse_saved_cmdlines(e->ins.tep, text))
		formats_comm(e->ins.tep, pid, buf, size);
	free(text);
}

const struct engine_ops kernel_engine = {
	.name			= "kernel",
	.caps			= ENGINE_CAN_IRQS_OFF | ENGINE_CAN_KERNEL_HIST |
				  ENGINE_CAN_USER_LOAD | ENGINE_CAN_BPF | ENGINE_CAN_ALIGN |
				  ENGINE_CAN_PICK_THREADS | ENGINE_CAN_CGROUP | ENGINE_CAN_STACK |
				  ENGINE_CAN_EVENTS | ENGINE_CAN_RECORD | ENGINE_CAN_TRACER_ONLY,
	.tracer			= &kernel_tracer,
	.open			= kopen,
	.close			= kclose,
	.poll			= kpoll,
	.has_more		= khas_more,
	.next_read_ms		= knext_read_ms,
	.set_tracing		= kset_tracing,
	.tracing_stopped	= ktracing_stopped,
	.lost_events		= klost_events,
	.data_path		= kdata_path,
	.trace_text		= ktrace_text,
	.record			= krecord,
	.marker_instance	= kmarker_instance,
	.task_comm		= ktask_comm,
	.effective_period	= keffective_period,
};
