// SPDX-License-Identifier: GPL-2.0
/*
 * source - pick the engine of a run, refuse the options it cannot honour,
 * open it on its input and forward every call to it
 */
#include <stdlib.h>

#include "source/engine/engine.h"
#include "base/log.h"
#include "source/engine/instance.h"
#include "source/recording/recording.h"
#include "source/engine/source.h"

struct source {
	const struct engine_ops	*ops;
	struct engine		*e;
};

static const struct engine_ops *const engines[NR_ENGINE_INPUTS] = {
	[ENGINE_INPUT_TRACEFS]		= &kernel_engine,
	[ENGINE_INPUT_OWN_THREADS]	= &own_engine,
	[ENGINE_INPUT_FILE]		= &file_engine,
};

static enum engine_input_kind input_of(const struct rtl_params *p)
{
	if (p->input_path)
		return ENGINE_INPUT_FILE;
	return p->engine == ENGINE_OWN ? ENGINE_INPUT_OWN_THREADS : ENGINE_INPUT_TRACEFS;
}

static const struct engine_ops *engine_of(const struct rtl_params *p)
{
	return engines[input_of(p)];
}

/* the capabilities the options of @p ask for */
static unsigned int caps_asked(const struct rtl_params *p)
{
	return (p->desc->irqs_off ? ENGINE_CAN_IRQS_OFF : 0) |
	       (p->desc->tracer_only ? ENGINE_CAN_TRACER_ONLY : 0) |
	       (p->kernel_hist ? ENGINE_CAN_KERNEL_HIST : 0) |
	       (p->user_load ? ENGINE_CAN_USER_LOAD : 0) |
	       (p->bpf_action ? ENGINE_CAN_BPF : 0) |
	       (p->aligned_us >= 0 ? ENGINE_CAN_ALIGN : 0) |
	       (p->user_threads || p->kernel_threads ? ENGINE_CAN_PICK_THREADS : 0) |
	       (p->cgroup ? ENGINE_CAN_CGROUP : 0) |
	       /* -s with -T is a threshold too: without the stack, it still is one */
	       (p->stack_us && !p->stop_total_us ? ENGINE_CAN_STACK : 0);
}

/* no --engine, and no tracer: rtlens's own threads stand in, if they can */
static bool fell_back;

void source_choose(struct rtl_params *p)
{
	const struct engine_ops *ops;

	fell_back = false;
	if (p->engine == ENGINE_AUTO) {
		p->engine = kernel_engine.tracer->available(p) ? ENGINE_KERNEL : ENGINE_OWN;
		fell_back = p->engine == ENGINE_OWN;
		/* what they cannot do is refused by source_check(), said once */
		if (fell_back && !(caps_asked(p) & ~own_engine.caps))
			info_msg("this kernel has no %s tracer: measuring with rtlens's own "
				 "threads (--engine user)", p->desc->tracer);
	}
	ops = engine_of(p);
	if (ops->tracer)
		ops->tracer->choose(p);
}

/* why an engine that lacks a capability cannot honour its option, in the order told */
static const struct {
	unsigned int	cap;
	const char	*why;
} refusals[] = {
	{ ENGINE_CAN_IRQS_OFF, "hwnoise measures with interrupts disabled, which only the "
	  "kernel's osnoise tracer can do" },
	{ ENGINE_CAN_TRACER_ONLY, "the tool is its kernel tracer's alone" },
	{ ENGINE_CAN_KERNEL_HIST, "--kernel-hist counts in a hist trigger on the osnoise "
	  "tracer's events" },
	{ ENGINE_CAN_USER_LOAD, "-U measures a workload through the timerlat tracer's "
	  "timerlat_fd" },
	{ ENGINE_CAN_BPF, "--bpf-action runs from rtlens's BPF program on the timerlat "
	  "tracer's samples" },
	{ ENGINE_CAN_ALIGN, "-A aligns the timerlat tracer's wakeups" },
	{ ENGINE_CAN_PICK_THREADS, "-u and -k choose the timerlat tracer's threads" },
	{ ENGINE_CAN_CGROUP, "-C moves the tracer's threads into a cgroup" },
	{ ENGINE_CAN_STACK, "-s saves the kernel stack from the timerlat tracer" },
};

/* the first option @ops cannot honour: -1 with its message */
static int check_caps(const struct engine_ops *ops, const struct rtl_params *p)
{
	unsigned int missing = caps_asked(p) & ~ops->caps;
	size_t i;

	for (i = 0; i < sizeof(refusals) / sizeof(refusals[0]); i++) {
		if (!(missing & refusals[i].cap))
			continue;
		if (fell_back)
			err_msg("this kernel has no %s tracer, and rtlens's own threads cannot "
				"stand in for it here: %s (use a kernel with %s)", p->desc->tracer,
				refusals[i].why, p->desc->config);
		else
			err_msg("not with the %s engine: %s (use a kernel with %s and "
				"--engine kernel)", ops->name, refusals[i].why, p->desc->config);
		return -1;
	}
	if (p->stack_us && !(ops->caps & ENGINE_CAN_STACK))
		warn_msg("the %s engine cannot save kernel stacks: -s/-a take no stack", ops->name);
	return 0;
}

/* runtime <= period, the period the run will have where -p leaves it open */
static int check_runtime(const struct engine_ops *ops, const struct rtl_params *p)
{
	uint64_t period_us, runtime_us;

	if (!p->runtime_us || !p->desc->has_runtime)	/* hwlat's width: its tracer's check */
		return 0;
	period_us = p->period_us;
	if (!period_us)
		ops->effective_period(p, &period_us, &runtime_us);
	return params_check_runtime(p->runtime_us, period_us);
}

int source_check(const struct rtl_params *p)
{
	const struct engine_ops *ops = engine_of(p);

	if (check_caps(ops, p) || (ops->tracer && ops->tracer->check(p)))
		return -1;
	if ((ops->caps & ENGINE_CAN_EVENTS) && instance_check_events(p))
		return -1;
	if ((ops->caps & ENGINE_CAN_CGROUP) && tasks_check(p))
		return -1;
	return check_runtime(ops, p);
}

static struct source *open_source(const struct rtl_params *p, const struct engine_input *in)
{
	struct source *src = calloc(1, sizeof(*src));

	if (!src) {
		err_msg("out of memory");
		return NULL;
	}
	src->ops = engines[in->kind];
	src->e = src->ops->open(p, in);
	if (!src->e) {
		free(src);
		return NULL;
	}
	return src;
}

struct source *source_open(const struct rtl_params *p, struct sys_state *st)
{
	struct engine_input in = { .kind = input_of(p), .st = st };

	return open_source(p, &in);
}

struct source *source_open_input(struct rtl_params *p, struct sys_facts *f,
				 struct recorded_run *run)
{
	struct engine_input in = {
		.kind = ENGINE_INPUT_FILE, .path = p->input_path,
		.params = p, .facts = f, .run = run,
	};

	return open_source(p, &in);
}

int source_poll(struct source *src, record_fn fn, void *ctx)
{
	return src->ops->poll(src->e, fn, ctx);
}

/* ---- the tracer's own: nothing where the engine has no tracer ---- */

static const struct engine_tracer_ops *tracer_of(const struct source *src)
{
	return src->ops->tracer;
}

int source_kernel_hist(struct source *src, hist_bucket_fn fn, void *ctx)
{
	return tracer_of(src) ? tracer_of(src)->kernel_hist(src->e, fn, ctx) : 0;
}

void source_load_counts(struct source *src, void *model)
{
	if (tracer_of(src))
		tracer_of(src)->load_counts(src->e, model);
}

enum aa_feed source_aa_feed(const struct source *src)
{
	return tracer_of(src) ? tracer_of(src)->aa_feed(src->e) : AA_FEED_INLINE;
}

int source_read_window(struct source *src, record_fn fn, void *ctx)
{
	return tracer_of(src) ? tracer_of(src)->read_window(src->e, fn, ctx) : 0;
}

int source_poll_analysis(struct source *src, record_fn fn, void *ctx)
{
	return tracer_of(src) ? tracer_of(src)->poll_analysis(src->e, fn, ctx) : 0;
}

uint64_t source_analysis_lost(struct source *src, int cpu)
{
	return tracer_of(src) ? tracer_of(src)->analysis_lost(src->e, cpu) : 0;
}

void source_samples_wanted_from(struct source *src, uint64_t ns)
{
	if (tracer_of(src))
		tracer_of(src)->samples_wanted_from(src->e, ns);
}

void source_discard_counts(struct source *src)
{
	if (tracer_of(src))
		tracer_of(src)->discard_counts(src->e);
}

/* ---- every engine ---- */

const char *source_data_path(const struct source *src, const char **detail)
{
	*detail = NULL;
	return src->ops->data_path(src->e, detail);
}

bool source_has_more(const struct source *src)
{
	return src->ops->has_more(src->e);
}

int source_next_read_ms(const struct source *src, int longest_ms)
{
	return src->ops->next_read_ms(src->e, longest_ms);
}

bool source_tracing_stopped(struct source *src)
{
	return src->ops->tracing_stopped(src->e);
}

void source_restart(struct source *src)
{
	src->ops->set_tracing(src->e, true);
}

void source_stop(struct source *src)
{
	src->ops->set_tracing(src->e, false);
}

uint64_t source_lost_events(struct source *src)
{
	return src->ops->lost_events(src->e);
}

void source_task_comm(struct source *src, int pid, char *buf, size_t size)
{
	buf[0] = '\0';
	if (src->ops->task_comm)
		src->ops->task_comm(src->e, pid, buf, size);
}

char *source_trace_text(struct source *src)
{
	return src->ops->trace_text(src->e);
}

struct tracefs_instance *source_record(struct source *src, struct recorder *rec)
{
	if (!(src->ops->caps & ENGINE_CAN_RECORD))
		return NULL;
	return src->ops->record(src->e, rec);
}

struct tracefs_instance *source_marker_instance(struct source *src)
{
	return src->ops->marker_instance ? src->ops->marker_instance(src->e) : NULL;
}

double source_replayed_s(const struct source *src)
{
	return src->ops->replayed_s ? src->ops->replayed_s(src->e) : 0;
}

void source_close(struct source *src)
{
	if (!src)
		return;
	src->ops->close(src->e);
	free(src);
}

void source_effective_period(const struct rtl_params *p, uint64_t *period_us,
			     uint64_t *runtime_us)
{
	engine_of(p)->effective_period(p, period_us, runtime_us);
}
