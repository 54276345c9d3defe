// SPDX-License-Identifier: GPL-2.0
/*
 * file_source - --input FILE: a trace.dat replayed through the decoders the
 * kernel engine uses, CPU after CPU, each CPU's records in their order (as
 * the live run reads them); the settings and the system are those of the
 * recording (source/recording.h), or, in a file trace-cmd recorded, what
 * the file itself tells
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event-parse.h>

#include "base/log.h"
#include "decode/decode.h"
#include "source/engine/engine.h"
#include "source/engine/file_parts.h"
#include "source/engine/formats.h"
#include "source/recording/recording.h"

static void no_symbols(struct tep_handle *tep)
{
	(void)tep;	/* the file's kallsyms are in the tep already */
}

static bool has_event(struct tep_handle *tep, const char *sys, const char *name)
{
	return tep_find_event_by_name(tep, sys, name);
}

/* what the analysis of the command needs and the file may lack */
static int check_events(struct engine *e, const char *name)
{
	const struct rtl_params *p = e->p;
	const char *tracer = p->desc->tracer;

	if (params_trace_samples(p) && p->desc->sample_event &&
	    !has_event(e->tep, "osnoise", p->desc->sample_event)) {
		const char *needs = p->mode == MODE_HIST ? p->command :
				    p->tail ? "--tail" : "the analysis";

		err_msg("%s has no osnoise:sample_threshold events, the noise samples that %s "
			"needs: it was recorded without them (record with rtlens osnoise hist or "
			"top --aa or --tail, or trace-cmd record -p osnoise -e osnoise), or replay "
			"it with %s%s", name, needs, p->mode == MODE_HIST ? "osnoise top" : p->command,
			p->mode == MODE_HIST ? "" : p->tail ? " without --tail" : " without --aa");
		return -1;
	}
	if (params_trace_analysis(p) && !has_event(e->tep, "osnoise", "irq_noise")) {
		err_msg("%s has no osnoise:*_noise events, which the analysis needs: it was "
			"recorded without the analysis (record with --aa or -a, or trace-cmd record "
			"-p %s -e osnoise), or replay it with --no-aa", name, tracer);
		return -1;
	}
	return 0;
}

/* the events that follow a KVM host's vCPU threads, all in the file */
static bool has_vcpu_events(struct tep_handle *tep)
{
	const struct std_tracepoint *tp;
	int i, n = std_events_tracepoints(&tp);

	if (!kvm_vcpu_usable(tep))
		return false;
	for (i = 0; i < n; i++)
		if (!tp[i].optional && !has_event(tep, tp[i].system, tp[i].event))
			return false;
	return true;
}

/* recorded on PREEMPT_RT: the kernel's version says so (the file's uname) */
static bool recorded_on_rt(struct tracecmd_input *h)
{
	const char *u = tracecmd_get_uname(h);

	return u && strstr(u, "PREEMPT_RT");
}

static unsigned int decode_sets(const struct engine *e)
{
	const struct rtl_params *p = e->p;
	unsigned int sets = decode_tracer_set(p->desc->tracer);

	if (params_trace_analysis(p))
		sets |= DECODE_NOISE_EVENTS;
	if (p->stack_us)	/* timerlat's --stack */
		sets |= DECODE_STACK;
	if (p->desc->kvm_exits && kvm_exit_usable(e->tep))
		sets |= DECODE_KVM;
	if (has_vcpu_events(e->tep))
		return sets | DECODE_KVM | DECODE_KVM_VCPU | DECODE_STD_EVENTS;
	/* what a live analysis names NMIs and RT's softirqs by, where recorded */
	if (params_trace_analysis(p) && has_event(e->tep, "nmi", "nmi_handler"))
		sets |= DECODE_NMI_NAMES;
	if (params_trace_analysis(p) && has_event(e->tep, "irq", "softirq_entry") &&
	    has_event(e->tep, "irq", "softirq_exit") && recorded_on_rt(e->h))
		sets |= DECODE_RT_SOFTIRQS;
	return sets;
}

/* overruns the file's per-CPU stats tell (trace-cmd record's), summed */
static uint64_t stats_lost(struct tracecmd_input *h)
{
	const char *stats = tracecmd_get_cpustats(h), *at;
	uint64_t lost = 0;

	for (at = stats; at && (at = strstr(at, "overrun:")); at += 8)
		lost += strtoull(at + 8, NULL, 10);
	return lost;
}

static void fclose_engine(struct engine *e);

static struct engine *fopen_engine(struct file_input *in, const struct rtl_params *p)
{
	struct engine *e = calloc(1, sizeof(*e));

	if (!e) {
		err_msg("out of memory");
		return NULL;
	}
	e->fd = -1;
	e->h = in->h;
	in->h = NULL;
	e->name = in->name;
	e->p = p;
	e->tep = tracecmd_get_tep(e->h);
	e->stop.min_sample_ns = p->threshold_us * 1000;
	e->lost = in->rec.run.by_rtlens ? in->rec.run.lost_events : stats_lost(e->h);
	snprintf(e->data_path, sizeof(e->data_path), "%s",
		 in->rec.run.by_rtlens && in->rec.run.data_path[0] ? in->rec.run.data_path :
		 "tracefs");
	if (in->rec.run.own_engine) {
		if (file_open_records(e) || file_cursor_init(&e->cursor, e->records, NULL))
			goto fail;
		return e;
	}
	if (check_events(e, in->name) || file_cursor_init(&e->cursor, e->h, &p->cpus))
		goto fail;
	e->decoder = decoder_new(e->tep, decode_sets(e));
	if (!e->decoder)
		goto fail;
	e->merged = has_vcpu_events(e->tep) && cpu_mask_count(&p->cpus) > 1;
	decoder_set_symbols(e->decoder, no_symbols, NULL);
	if (!file_pages_direct(e, in))
		debug_msg("%s read through libtracecmd's records", in->name);
	return e;
fail:
	fclose_engine(e);
	return NULL;
}

/*
 * every record of the measured CPUs to file_hand_out(); their number: in
 * time order across the CPUs where the records need it, and for
 * --until-confident, asked at the recorded times of a live run's ticks
 */
static int read_all(struct engine *e)
{
	int cpu, n = 0;

	if (e->records || e->merged || e->p->gate_p > 0)
		return file_read_in_time(e);
	/* a CPU's events are in its own buffer: -c's others are not read at all */
	for (cpu = 0; cpu < tracecmd_cpus(e->h); cpu++)
		if (cpu_mask_test(&e->p->cpus, cpu))
			n += file_read_cpu(e, cpu);
	return n;
}

/* a plain replay reads the file at once; --live-replay, what is due by now */
static int fpoll(struct engine *e, record_fn fn, void *ctx)
{
	int n;

	if (e->done)
		return 0;
	e->fn = fn;
	e->ctx = ctx;
	if (e->pace.on) {
		n = file_pace_poll(e);
	} else {
		n = read_all(e);
		e->done = true;
	}
	/* a stop may come before the first period; a sparse tool's quiet run has none */
	if (!e->done || e->samples || e->stop.hit || e->p->desc->sparse)
		return n;
	err_msg("%s holds no %s samples (ftrace:%s events): it was not recorded with the %s "
		"tracer (trace-cmd record -p %s -e osnoise, or rtlens %s --record)", e->name,
		e->p->desc->tracer, e->p->desc->tracer, e->p->desc->tracer, e->p->desc->tracer,
		e->p->command);
	return -1;
}

static bool fhas_more(const struct engine *e)
{
	return e->pace.on ? e->pace.more : !e->done;
}

static int fnext_read_ms(const struct engine *e, int longest_ms)
{
	return e->pace.on ? file_pace_next_ms(e, longest_ms) : 0;
}

static bool fstopped(struct engine *e)
{
	return e->done;
}

/* a file is read whole: nothing starts; a live replay's clock stops */
static void fset_tracing(struct engine *e, bool on)
{
	if (!on)
		file_pace_stop(e);
}

static double freplayed_s(const struct engine *e)
{
	return e->pace.on ? file_pace_replayed_s(e) : e->end_s;
}

static uint64_t flost(struct engine *e)
{
	return e->lost;
}

static const char *fdata_path(const struct engine *e, const char **detail)
{
	*detail = NULL;
	return e->data_path;
}

static char *ftrace_text(struct engine *e)
{
	(void)e;
	errno = ENOTSUP;
	return NULL;
}

static void fclose_engine(struct engine *e)
{
	if (!e)
		return;
	file_cursor_free(&e->cursor);	/* its records before their files */
	decoder_free(e->decoder);
	page_walk_free(&e->walk);
	free(e->page);
	if (e->fd >= 0)
		close(e->fd);
	if (e->records)
		tracecmd_close(e->records);
	tracecmd_close(e->h);
	free(e);
}

/* the replay's stop thresholds: a first pass finds where they stop it */
static void find_stop(struct engine *e, struct recorded_run *run)
{
	e->stop.scanning = true;
	read_all(e);
	e->stop.scanning = false;
	file_stop_found(e, run);
}

/*
 * The run becomes the recording's (in->params, in->facts, in->run), then
 * the engine over it. -d is a live replay's alone (option_checks.c): the
 * recorded time it lasts, in place of the recording's duration.
 */
static struct engine *fopen_input(const struct rtl_params *p, const struct engine_input *in)
{
	uint64_t cut_s = in->params->duration_s;
	struct file_input fin;
	struct engine *e;

	if (file_input_open(&fin, in->path))
		return NULL;
	if (file_input_apply(&fin, in->params, in->facts)) {
		file_input_free(&fin);
		return NULL;
	}
	*in->run = fin.rec.run;
	e = fopen_engine(&fin, p);
	if (e && fin.own_stops)
		find_stop(e, in->run);
	if (e)
		file_pace_setup(e, cut_s, in->run);
	if (cut_s)
		in->params->duration_s = cut_s;
	file_input_free(&fin);
	return e;
}

static void fperiod(const struct rtl_params *p, uint64_t *period_us, uint64_t *runtime_us)
{
	*period_us = p->period_us;
	*runtime_us = p->runtime_us;
}

/* the recording's saved cmdlines (trace-cmd's, rtlens's) name a pid */
static void ftask_comm(struct engine *e, int pid, char *buf, size_t size)
{
	formats_comm(e->tep, pid, buf, size);
}

/* what describes the recorded run; it measures nothing, records nothing */
const struct engine_ops file_engine = {
	.name			= "file",
	.caps			= ENGINE_CAN_IRQS_OFF | ENGINE_CAN_STACK | ENGINE_CAN_TRACER_ONLY,
	.open			= fopen_input,
	.close			= fclose_engine,
	.poll			= fpoll,
	.has_more		= fhas_more,
	.next_read_ms		= fnext_read_ms,
	.set_tracing		= fset_tracing,
	.tracing_stopped	= fstopped,
	.lost_events		= flost,
	.data_path		= fdata_path,
	.trace_text		= ftrace_text,
	.task_comm		= ftask_comm,
	.effective_period	= fperiod,
	.replayed_s		= freplayed_s,
};
