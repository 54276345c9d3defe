// SPDX-License-Identifier: GPL-2.0
/*
 * own_source - the user engine: rtlens's own measuring threads
 * (own_workload) give the samples, the tracepoints every kernel has give
 * what interfered (std_events -> ctx_tracker), and own_merge puts both in
 * the order and form of the kernel tracer's records. For kernels built
 * without the osnoise and timerlat tracers.
 *
 * The private instance traces only the measured CPUs (tracing_cpumask),
 * with the "mono" trace clock: its timestamps are CLOCK_MONOTONIC, as the
 * threads' are.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include <event-parse.h>
#include <tracefs.h>

#include "model/ctx_tracker.h"
#include "decode/decode.h"
#include "source/engine/engine.h"
#include "source/engine/instance.h"
#include "base/log.h"
#include "source/engine/own_records.h"
#include "source/engine/own_merge.h"
#include "source/engine/own_workload.h"

#define DEFAULT_THRESHOLD_NS		5000ULL
#define MAX_BEHIND			5
/* a trace record can still be in flight this long after its timestamp */
#define SETTLE_NS			2000000ULL

/* timerlat: the measuring thread's timer on one CPU, between start and expiry */
struct sleep_timer {
	uint64_t	hrtimer;
	int64_t		due_ns;
	bool		armed;
};

struct engine {
	const struct rtl_params	*params;
	struct own_workload_config	cfg;
	struct instances	ins;
	struct own_workload	*uw;
	struct ctx_tracker	*ctx;
	struct own_merge	*merge;
	struct sleep_timer	*timer;		/* timerlat: per CPU */
	int			polled;
	bool			oom;
	bool			stopped;	/* source_stop() */
	bool			flushed;	/* ctx_tracker_flush() done */
	bool			vcpus;		/* a KVM host's vCPU threads followed */
	uint64_t		events;		/* trace events read */
	int			behind;		/* polls that left events in the buffers */
	uint64_t		started_ns;
	struct sys_state	*st;
	struct own_records	rec;		/* --record: the records handed out */
};

static void no_prio(struct sched_attr_req *prio)
{
	(void)prio;
}

/* What the user engine does per tool. */
struct own_tool {
	enum own_workload_kind	kind;			/* the measuring threads' loop */
	unsigned int	decode;			/* the decoders of its own events */
	bool		timer_events;		/* the sleepers' timers */
	void		(*prio)(struct sched_attr_req *prio);	/* its default priority */
};

static const struct own_tool own_tools[NR_TOOLS] = {
	[TOOL_OSNOISE] = {
		.kind			= OWN_WORKLOAD_OSNOISE,
		.prio			= no_prio,
	},
	[TOOL_TIMERLAT] = {
		.kind			= OWN_WORKLOAD_TIMERLAT,
		.decode			= DECODE_HRTIMER,
		.timer_events		= true,
		.prio			= own_workload_timerlat_prio,
	},
};

static const struct own_tool *own_tool_of(const struct rtl_params *p)
{
	return &own_tools[p->tool];
}

/* osnoise runs the whole period unless -r; timerlat has no runtime */
static void user_period(const struct rtl_params *p, uint64_t *period_us, uint64_t *runtime_us)
{
	*period_us = p->period_us ? p->period_us : p->desc->default_period_us;
	*runtime_us = 0;
	if (p->desc->has_runtime)
		*runtime_us = p->runtime_us ? p->runtime_us : *period_us;
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* ---- setup ---- */

/* KVM exits for the osnoise analysis; with entries, vCPU threads followed */
static bool kvm_wanted(const struct rtl_params *p)
{
	return instance_kvm_wanted(p) || instance_vcpu_wanted(p);
}

static unsigned int decode_sets(const struct rtl_params *p)
{
	return DECODE_STD_EVENTS | own_tool_of(p)->decode |
	       (kvm_wanted(p) ? DECODE_KVM : 0) |
	       (instance_vcpu_wanted(p) ? DECODE_KVM_VCPU : 0);
}

static int load_events(struct engine *e)
{
	const char *systems[] = { "irq", "irq_vectors", "sched", "nmi", "timer", NULL };

	return instances_load(&e->ins, systems, decode_sets(e->params));
}

static int enable_std_events(struct engine *e, struct tracefs_instance *inst)
{
	if (instance_enable_std_events(inst, e->ins.tep, NULL)) {
		err_msg("the user engine needs the standard tracepoints");
		return -1;
	}
	return 0;
}

/* The address of hrtimer_wakeup, the function of every sleeper's timer; 0 if unknown. */
static unsigned long long sleeper_function(void)
{
	FILE *f = fopen("/proc/kallsyms", "r");
	unsigned long long addr = 0, a;
	char type, name[256];

	while (f && fscanf(f, "%llx %c %255s%*[^\n]", &a, &type, name) == 3) {
		if (!strcmp(name, "hrtimer_wakeup")) {
			addr = a;
			break;
		}
	}
	if (f)
		fclose(f);
	return addr;
}

/* timerlat: the sleepers' timers, where they are armed and where they expire */
static int enable_timer_events(struct engine *e, struct tracefs_instance *inst)
{
	static const char *const events[] = { "hrtimer_start", "hrtimer_expire_entry" };
	unsigned long long fn = sleeper_function();
	char filter[64];
	size_t i;

	if (!own_tool_of(e->params)->timer_events)
		return 0;
	snprintf(filter, sizeof(filter), "function == 0x%llx", fn);
	for (i = 0; i < sizeof(events) / sizeof(events[0]); i++) {
		if (instance_enable_event(inst, "timer", events[i]))
			return -1;
		/* without the filter, every timer of the measured cpus: more events */
		if (fn && tracefs_event_file_write(inst, "timer", events[i], "filter", filter) < 0)
			debug_msg("cannot filter timer:%s on hrtimer_wakeup: %s", events[i],
				  strerror(errno));
	}
	return 0;
}

/* the measured CPUs only, on the threads' clock */
static int set_instance_scope(const struct rtl_params *p, struct tracefs_instance *inst)
{
	char mask[4096];

	if (sysstate_instance_write(inst, "trace_clock", "mono") < 0) {
		err_msg("cannot set the trace clock to mono: %s", strerror(errno));
		return -1;
	}
	if (cpu_mask_format_hex(&p->cpus, mask, sizeof(mask)) < 0 ||
	    sysstate_instance_write(inst, "tracing_cpumask", mask) < 0) {
		err_msg("cannot trace only the measured cpus (tracing_cpumask %s): %s", mask,
			strerror(errno));
		return -1;
	}
	return 0;
}

static int open_instances(struct engine *e, struct sys_state *st)
{
	const struct rtl_params *p = e->params;
	struct instances *ins = &e->ins;

	ins->inst = instance_make(st, "", p->buffer_kb);
	if (!ins->inst || set_instance_scope(p, ins->inst) || enable_std_events(e, ins->inst) ||
	    enable_timer_events(e, ins->inst))
		return -1;
	/* the instance traces the measured cpus only: no filter */
	if (kvm_wanted(p))
		instance_enable_kvm_exit(ins->inst, NULL);
	if (instance_vcpu_wanted(p))
		instance_enable_kvm_vcpu(ins->inst, NULL);
	if (instances_trace_wanted(p)) {
		ins->trace_inst = instance_make(st, "-trace", p->buffer_kb);
		if (!ins->trace_inst || set_instance_scope(p, ins->trace_inst) ||
		    enable_std_events(e, ins->trace_inst) ||
		    enable_timer_events(e, ins->trace_inst))
			return -1;
	}
	return instance_enable_user_events(p, ins->trace_inst ? ins->trace_inst : ins->inst);
}

static void fill_config(struct engine *e)
{
	const struct rtl_params *p = e->params;

	e->cfg.kind = own_tool_of(p)->kind;
	e->cfg.cpus = &p->cpus;
	user_period(p, &e->cfg.period_us, &e->cfg.runtime_us);
	e->cfg.threshold_ns = p->threshold_us ? p->threshold_us * 1000 : DEFAULT_THRESHOLD_NS;
	e->cfg.prio = p->prio;
	own_tool_of(p)->prio(&e->cfg.prio);
}

static bool is_own(int tid, void *ctx)
{
	struct engine *e = ctx;

	return e->uw && own_workload_is_own_tid(e->uw, tid);
}

static void set_tracing(struct engine *e, bool on)
{
	instances_set_tracing(&e->ins, on);
}

static int start_workload(struct engine *e)
{
	set_tracing(e, true);
	e->uw = own_workload_start(&e->cfg);
	if (!e->uw)
		return -1;
	e->started_ns = now_ns();
	e->stopped = false;
	return 0;
}

static void uclose(struct engine *e);

/* what it cannot honour is refused by source_check() (its caps) */
static struct engine *uopen(const struct rtl_params *p, const struct engine_input *in)
{
	struct sys_state *st = in->st;
	struct engine *e = calloc(1, sizeof(*e));
	struct rtl_params eff;

	if (!e) {
		err_msg("out of memory");
		return NULL;
	}
	e->params = p;
	e->rec.fd = -1;		/* not recording */
	fill_config(e);
	eff = *p;
	eff.period_us = e->cfg.period_us;
	eff.runtime_us = e->cfg.runtime_us;
	e->merge = own_merge_new(&eff);
	e->ctx = ctx_tracker_new(p->nr_cpus, is_own, e);
	e->timer = calloc(p->nr_cpus, sizeof(*e->timer));
	if (!e->merge || !e->ctx || !e->timer) {
		err_msg("out of memory");
		goto fail;
	}
	e->st = st;
	e->vcpus = instance_vcpu_wanted(p);
	instance_vcpu_note(p, e->vcpus);
	if (load_events(e) || open_instances(e, st) || start_workload(e))
		goto fail;
	return e;
fail:
	uclose(e);
	return NULL;
}

/* ---- reading ---- */

static void queue_to(struct engine *e, enum own_merge_stream stream, const struct rtl_record *rec)
{
	if (own_merge_add(e->merge, stream, rec))
		e->oom = true;
}

/* from the trace: noise events (ctx_tracker), timerlat IRQs (on_hrtimer) */
static void queue(const struct rtl_record *rec, void *ctx)
{
	queue_to(ctx, OWN_MERGE_TRACE, rec);
}

/* from the measuring threads */
static void queue_work(const struct rtl_record *rec, void *ctx)
{
	queue_to(ctx, OWN_MERGE_WORK, rec);
}

/*
 * The measuring thread arms its timer for the period's start (softexpires);
 * the timer's interrupt runs it at "now": the difference is the IRQ latency,
 * a timerlat IRQ record (own_merge gives it the seqnum).
 */
static void on_hrtimer(struct engine *e, const struct hrtimer_edge *h)
{
	struct sleep_timer *t;
	struct rtl_record rec;

	if (h->cpu < 0 || h->cpu >= e->params->nr_cpus || !e->uw)
		return;
	t = &e->timer[h->cpu];
	if (!h->expire) {
		if (h->pid == own_workload_tid(e->uw, h->cpu)) {
			t->hrtimer = h->hrtimer;
			t->due_ns = h->time_ns;
			t->armed = true;
		}
		return;
	}
	if (!t->armed || t->hrtimer != h->hrtimer)
		return;
	t->armed = false;
	memset(&rec, 0, sizeof(rec));
	rec.kind = RECORD_TIMERLAT;
	rec.timerlat.cpu = h->cpu;
	rec.timerlat.ts = h->ts;
	rec.timerlat.context = TIMERLAT_IRQ;
	rec.timerlat.latency_ns = h->time_ns > t->due_ns ? h->time_ns - t->due_ns : 0;
	queue(&rec, e);
}

static void on_event(struct tep_event *event, struct tep_record *record, int cpu, void *ctx)
{
	struct engine *e = ctx;
	struct rtl_record rec;

	e->events++;
	decoder_decode(e->ins.decoder, event, record, cpu, &rec);
	if (rec.kind == RECORD_CTX && e->vcpus) {
		/* the vCPU threads' too, after the NMI they follow */
		if (rec.edge.kind != CTX_NMI)
			ctx_tracker_close_nmi(e->ctx, rec.edge.cpu, queue, e);
		queue(&rec, e);
	}
	if (rec.kind == RECORD_CTX)
		ctx_tracker_feed(e->ctx, &rec, queue, e);
	else if (rec.kind == RECORD_HRTIMER)
		on_hrtimer(e, &rec.hrtimer);
	else if (rec.kind == RECORD_KVM)
		queue(&rec, e);		/* before the thread's noise event, as in the trace */
}

struct hand {
	struct engine	*e;
	record_fn	fn;
	void		*ctx;
};

static void pass_on(const struct rtl_record *rec, void *ctx)
{
	struct hand *h = ctx;

	h->e->polled++;
	own_records_write(&h->e->rec, rec);
	h->fn(rec, h->ctx);
}

static int upoll(struct engine *e, record_fn fn, void *ctx)
{
	uint64_t until = now_ns() - SETTLE_NS;
	struct hand h = { e, fn, ctx };

	e->polled = 0;
	if (instances_read(&e->ins, on_event, e))
		return -1;
	/*
	 * The buffers hold more: merge once they are read, or the threads'
	 * records would go out ahead of the events that explain them; but
	 * not for longer than MAX_BEHIND polls, which would only pile up.
	 */
	if (e->ins.reader.budget_hit && ++e->behind < MAX_BEHIND)
		return 0;
	e->behind = 0;
	if (e->stopped && !e->flushed && !e->ins.reader.budget_hit) {
		/* the end, every edge read: the threads still running interfered until now */
		ctx_tracker_flush(e->ctx, now_ns(), queue, e);
		e->flushed = true;
	}
	/* NMIs no more handler can come to, before what follows them goes out */
	ctx_tracker_settle(e->ctx, now_ns() - SETTLE_NS / 2, queue, e);
	if (e->uw)
		own_workload_drain(e->uw, queue_work, e, until);
	if (e->oom) {
		err_msg("out of memory while merging the records");
		return -1;
	}
	own_merge_flush(e->merge, e->stopped ? UINT64_MAX : until, pass_on, &h);
	/* the buffers read to the end: what explains a stop is in, then it */
	if (!e->ins.reader.budget_hit)
		own_merge_release(e->merge, pass_on, &h);
	own_records_read(&e->rec);
	if (own_merge_stopped(e->merge) && e->uw && !e->stopped) {
		/* a stop threshold: as the kernel tracer does, stop recording */
		own_workload_stop(e->uw);
		set_tracing(e, false);
	}
	return e->polled;
}

static bool uhas_more(const struct engine *e)
{
	return e->ins.reader.budget_hit;
}

static int unext_read_ms(const struct engine *e, int longest_ms)
{
	return instances_next_read_ms(&e->ins, longest_ms);
}

static bool utracing_stopped(struct engine *e)
{
	return own_merge_stopped(e->merge);
}

static void urestart(struct engine *e)
{
	own_workload_free(e->uw);
	e->uw = NULL;
	own_merge_resume(e->merge);
	if (start_workload(e))
		warn_msg("cannot restart the measuring threads: the run ends here");
}

/* -D: what the engine cost (bench/user-engine.sh reads these lines) */
static void report_cost(struct engine *e)
{
	double secs = (now_ns() - e->started_ns) / 1e9, cpu_s;
	struct rusage ru;
	int cpu;

	/* this thread reads, decodes and merges everything */
	getrusage(RUSAGE_THREAD, &ru);
	cpu_s = ru.ru_utime.tv_sec + ru.ru_stime.tv_sec +
		(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
	debug_msg("user engine: %llu trace events in %.1f s (%.0f/s), %.3f s of cpu for rtlens's "
		  "main thread (%.2f %% of one cpu)", (unsigned long long)e->events, secs,
		  secs > 0 ? e->events / secs : 0, cpu_s, secs > 0 ? 100 * cpu_s / secs : 0);
	for_each_cpu_in(cpu, &e->params->cpus) {
		double mean;
		uint64_t min;

		own_workload_loop_cost(e->uw, cpu, &mean, &min);
		if (mean > 0)
			debug_msg("user engine: cpu %d: one clock read per loop, %.1f ns on "
				  "average, %llu ns at least", cpu, mean, (unsigned long long)min);
	}
}

/* Stop the threads; the last poll hands out everything they left. */
static void ustop(struct engine *e)
{
	if (e->uw) {
		own_workload_stop(e->uw);
		report_cost(e);
	}
	set_tracing(e, false);
	e->stopped = true;
}

static void uset_tracing(struct engine *e, bool on)
{
	if (on)
		urestart(e);
	else
		ustop(e);
}

static uint64_t ulost_events(struct engine *e)
{
	return instance_lost_events(e->ins.inst, e->params->nr_cpus) + (e->uw ? own_workload_lost(e->uw) : 0);
}

/*
 * --record: the instance's pages (the standard events, for trace-cmd and
 * KernelShark) and, in a buffer of their own, the records handed out
 * (the samples are the threads', not trace events): what a replay reads
 */
static struct tracefs_instance *urecord(struct engine *e, struct recorder *rec)
{
	if (own_records_open(&e->rec, e->st, e->ins.tep, rec))
		return NULL;
	e->ins.reader.tee = recorder_page;
	e->ins.reader.tee_ctx = rec;
	return e->ins.inst;
}

/*
 * The instance of the records: it records every CPU (the events' traces
 * only the measured ones, where rtlens's main thread does not run)
 */
static struct tracefs_instance *umarker_instance(struct engine *e)
{
	return e->rec.inst;
}

static const char *udata_path(const struct engine *e, const char **detail)
{
	(void)e;
	*detail = NULL;
	return "user";
}

static char *utrace_text(struct engine *e)
{
	return instance_trace_text(e->ins.trace_inst);
}

static void uclose(struct engine *e)
{
	if (!e)
		return;
	own_workload_free(e->uw);
	own_records_close(&e->rec);
	free(e->timer);
	ctx_tracker_free(e->ctx);
	own_merge_free(e->merge);
	instances_free(&e->ins);
	free(e);
}

const struct engine_ops own_engine = {
	.name			= "user",
	.caps			= ENGINE_CAN_EVENTS | ENGINE_CAN_RECORD,
	.open			= uopen,
	.close			= uclose,
	.poll			= upoll,
	.has_more		= uhas_more,
	.next_read_ms		= unext_read_ms,
	.set_tracing		= uset_tracing,
	.tracing_stopped	= utracing_stopped,
	.lost_events		= ulost_events,
	.data_path		= udata_path,
	.trace_text		= utrace_text,
	.record			= urecord,
	.marker_instance	= umarker_instance,
	.effective_period	= user_period,
};
