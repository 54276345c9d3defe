// SPDX-License-Identifier: GPL-2.0
/*
 * ctx_tracker - per-CPU stacks of the open IRQs and softirqs and the running
 * task, from the standard tracepoints' edges, giving the interference events
 * (net durations) the osnoise tracer would give; rules in ctx_tracker.h
 */
#include <stdlib.h>
#include <string.h>

#include "model/ctx_tracker.h"
#include "base/noise_event.h"

enum frame_kind {
	FRAME_IRQ,		/* irq:irq_handler_entry */
	FRAME_VECTOR,		/* irq_vectors:*_entry */
	FRAME_SOFTIRQ,		/* irq:softirq_entry */
};

/* an open IRQ or softirq */
struct frame {
	enum frame_kind	kind;
	int		vector;
	uint64_t	start;
	uint64_t	nested;		/* time of what ran inside it */
	char		name[NOISE_NAME_LEN];
};

/* the task running on a CPU */
struct task_run {
	bool		known;		/* its switch-in was seen */
	bool		noise;		/* neither idle nor the workload */
	int		pid;
	uint64_t	start;
	uint64_t	nested;
	char		comm[CTX_COMM_LEN];
};

struct cpu_ctx {
	struct frame	stack[CTX_MAX_DEPTH];
	int		depth;
	struct task_run	task;
	bool		seen;		/* an edge came since the start or the flush */
	uint64_t	last_ts;
	/* the last wakeup of a task to run here, and the nested time then */
	int		wake_pid;
	uint64_t	wake_ts;
	uint64_t	wake_nested;
	/* the NMI whose handlers are running: more may come */
	bool		nmi_open;
	bool		nmi_claimed;	/* a handler handled it: its name */
	int		nmi_ran;	/* handlers of it so far */
	uint64_t	nmi_handler[CTX_NMI_HANDLERS];
	struct noise_event nmi;
	/* the workload's thread switched out stopped, until it runs again */
	bool		stopped;
	int		stop_pid;
	uint64_t	stop_start;
};

struct ctx_tracker {
	int			nr_cpus;
	ctx_own_fn		is_own;
	void			*own_ctx;
	struct ctx_tracker_stats stats;
	struct cpu_ctx		cpu[];
};

/* where the events go */
struct sink {
	ctx_emit_fn	emit;
	void		*ectx;
};

struct ctx_tracker *ctx_tracker_new(int nr_cpus, ctx_own_fn is_own, void *ctx)
{
	struct ctx_tracker *t;

	if (nr_cpus < 1)
		return NULL;
	t = calloc(1, sizeof(*t) + (size_t)nr_cpus * sizeof(t->cpu[0]));
	if (!t)
		return NULL;
	t->nr_cpus = nr_cpus;
	t->is_own = is_own;
	t->own_ctx = ctx;
	return t;
}

void ctx_tracker_free(struct ctx_tracker *t)
{
	free(t);
}

void ctx_tracker_stats(const struct ctx_tracker *t, struct ctx_tracker_stats *out)
{
	*out = t->stats;
}

/* one of the caller's workload threads */
static bool own_task(const struct ctx_tracker *t, int pid)
{
	return t->is_own && t->is_own(pid, t->own_ctx);
}

/* ---- time ---- */

static uint64_t span(uint64_t start, uint64_t end)
{
	return end > start ? end - start : 0;
}

static uint64_t net(uint64_t gross, uint64_t nested)
{
	return gross > nested ? gross - nested : 0;
}

/* ns of a nested context, taken from what it interrupted */
static void charge(struct cpu_ctx *c, uint64_t ns)
{
	if (c->depth)
		c->stack[c->depth - 1].nested += ns;
	else if (c->task.known)
		c->task.nested += ns;
}

/* ---- events ---- */

static void emit_event(struct ctx_tracker *t, const struct sink *s, const struct noise_event *ev)
{
	struct rtl_record rec;

	memset(&rec, 0, sizeof(rec));
	rec.kind = RECORD_NOISE_EVENT;
	rec.noise = *ev;
	t->stats.emitted++;
	if (s->emit)
		s->emit(&rec, s->ectx);
}

/* copies the string in src[slen] into dst[dlen], cut to fit, terminated */
static void copy_name(char *dst, size_t dlen, const char *src, size_t slen)
{
	size_t n = strnlen(src, dlen - 1 < slen ? dlen - 1 : slen);

	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* pops the top frame, emits it as ending at end and charges its parent */
static void close_top(struct ctx_tracker *t, struct cpu_ctx *c, const struct sink *s,
		      int cpu, uint64_t end)
{
	const struct frame *f = &c->stack[--c->depth];
	uint64_t gross = span(f->start, end);
	struct noise_event ev = {
		.cpu = cpu,
		.ts = end,
		.kind = f->kind == FRAME_SOFTIRQ ? NOISE_SOFTIRQ : NOISE_IRQ,
		.start_ns = f->start,
		.duration_ns = net(gross, f->nested),
		.vector = f->vector,
	};

	copy_name(ev.name, sizeof(ev.name), f->name, sizeof(f->name));
	emit_event(t, s, &ev);
	charge(c, gross);
}

/* emits the running task as ending at end, if it is interference */
static void end_task(struct ctx_tracker *t, struct cpu_ctx *c, const struct sink *s,
		     int cpu, uint64_t end)
{
	const struct task_run *r = &c->task;
	struct noise_event ev = {
		.cpu = cpu,
		.ts = end,
		.kind = NOISE_THREAD,
		.start_ns = r->start,
		.duration_ns = net(span(r->start, end), r->nested),
		.pid = r->pid,
	};

	if (!r->known || !r->noise)
		return;
	copy_name(ev.name, sizeof(ev.name), r->comm, sizeof(r->comm));
	emit_event(t, s, &ev);
}

/* ---- edges ---- */

static void on_ctx_entry(struct ctx_tracker *t, struct cpu_ctx *c, const struct ctx_edge *e,
			 enum frame_kind kind)
{
	struct frame *f;

	if (c->depth == CTX_MAX_DEPTH) {
		t->stats.overflows++;
		return;
	}
	f = &c->stack[c->depth++];
	f->kind = kind;
	f->vector = e->vector;
	f->start = e->ts;
	f->nested = 0;
	copy_name(f->name, sizeof(f->name), e->name, sizeof(e->name));
}

/* a softirq starts in thread context only: what is open lost its exit */
static void on_softirq_entry(struct ctx_tracker *t, struct cpu_ctx *c, const struct ctx_edge *e)
{
	t->stats.dropped += c->depth;
	c->depth = 0;
	on_ctx_entry(t, c, e, FRAME_SOFTIRQ);
}

static int find_frame(const struct cpu_ctx *c, enum frame_kind kind, int vector)
{
	int i;

	for (i = c->depth - 1; i >= 0; i--)
		if (c->stack[i].kind == kind && c->stack[i].vector == vector)
			return i;
	return -1;
}

static void on_ctx_exit(struct ctx_tracker *t, struct cpu_ctx *c, const struct sink *s,
			const struct ctx_edge *e, enum frame_kind kind)
{
	int i = find_frame(c, kind, e->vector);

	if (i < 0) {
		t->stats.unmatched++;
		return;
	}
	/* the frames above lost their exits: their time stays in this one */
	t->stats.dropped += c->depth - 1 - i;
	c->depth = i + 1;
	close_top(t, c, s, e->cpu, e->ts);
}

/* the NMI whose handlers ran, emitted */
static void nmi_close(struct ctx_tracker *t, struct cpu_ctx *c, const struct sink *s)
{
	if (!c->nmi_open)
		return;
	c->nmi_open = false;
	emit_event(t, s, &c->nmi);
}

static void nmi_name(struct cpu_ctx *c, const struct ctx_edge *e)
{
	if (c->nmi_claimed || !e->ret || !e->name[0])
		return;
	copy_name(c->nmi.name, sizeof(c->nmi.name), e->name, sizeof(e->name));
	c->nmi_claimed = true;
}

/* @e's handler is the next one of the NMI under way: not yet run in it, soon after */
static bool nmi_goes_on(const struct cpu_ctx *c, const struct ctx_edge *e, uint64_t start)
{
	int i;

	if (!c->nmi_open || start > c->nmi.ts + CTX_NMI_GAP_NS || e->ts < c->nmi.ts ||
	    c->nmi_ran == CTX_NMI_HANDLERS)
		return false;
	for (i = 0; i < c->nmi_ran; i++)
		if (c->nmi_handler[i] == e->handler)
			return false;
	return true;
}

/* a handler of the NMI under way, or the first of the next one */
static void on_nmi(struct ctx_tracker *t, struct cpu_ctx *c, const struct sink *s,
		   const struct ctx_edge *e)
{
	uint64_t start = e->ts - (e->delta_ns < e->ts ? e->delta_ns : e->ts);
	uint64_t before;

	if (nmi_goes_on(c, e, start)) {
		c->nmi_handler[c->nmi_ran++] = e->handler;
		before = c->nmi.duration_ns;
		c->nmi.ts = e->ts;
		c->nmi.duration_ns = e->ts - c->nmi.start_ns;
		nmi_name(c, e);
		charge(c, c->nmi.duration_ns - before);
		return;
	}
	nmi_close(t, c, s);
	memset(&c->nmi, 0, sizeof(c->nmi));
	c->nmi.cpu = e->cpu;
	c->nmi.kind = NOISE_NMI;
	c->nmi.start_ns = start;
	c->nmi.ts = e->ts;
	c->nmi.duration_ns = e->ts - start;
	strcpy(c->nmi.name, "nmi");
	c->nmi_open = true;
	c->nmi_claimed = false;
	c->nmi_ran = 1;
	c->nmi_handler[0] = e->handler;
	nmi_name(c, e);
	charge(c, c->nmi.duration_ns);
}

/* a softirq open at a switch was preempted (PREEMPT_RT); an IRQ lost its exit */
static void close_for_switch(struct ctx_tracker *t, struct cpu_ctx *c, const struct sink *s,
			     const struct ctx_edge *e)
{
	while (c->depth) {
		if (c->stack[c->depth - 1].kind == FRAME_SOFTIRQ) {
			t->stats.switch_closed++;
			close_top(t, c, s, e->cpu, e->ts);
		} else {
			t->stats.dropped++;
			c->depth--;
		}
	}
}

static void start_task(struct ctx_tracker *t, struct cpu_ctx *c, const struct ctx_edge *e)
{
	struct task_run *r = &c->task;

	r->known = true;
	r->pid = e->next_pid;
	r->noise = e->next_pid != 0 && !own_task(t, e->next_pid);
	r->start = e->ts;
	r->nested = 0;
	copy_name(r->comm, sizeof(r->comm), e->next_comm, sizeof(e->next_comm));
}

/*
 * The switch out of idle was not traced (seen on some kernels for some
 * CPUs): the task switched out now ran since its wakeup to this CPU, if
 * that was seen while the CPU was idle, else since the CPU went idle.
 */
static void infer_idle_exit(struct ctx_tracker *t, struct cpu_ctx *c, const struct ctx_edge *e)
{
	struct task_run *r = &c->task;

	if (c->wake_pid == e->prev_pid && c->wake_ts >= r->start && c->wake_ts <= e->ts) {
		r->start = c->wake_ts;
		r->nested -= min_u64(r->nested, c->wake_nested);
	}
	r->pid = e->prev_pid;
	r->noise = !own_task(t, e->prev_pid);
	copy_name(r->comm, sizeof(r->comm), e->prev_comm, sizeof(e->prev_comm));
	t->stats.idle_exits++;
}

/* a wakeup to run on CPU @c: the start of the task, if its switch is not traced */
static void on_wakeup(struct cpu_ctx *c, const struct ctx_edge *e)
{
	c->wake_pid = e->next_pid;
	c->wake_ts = e->ts;
	c->wake_nested = 0;
	if (!c->task.known || c->task.pid)
		return;
	/* the waking interrupt, still open, is charged to idle at its exit: its part
	 * before the wakeup is not the woken task's */
	c->wake_nested = c->task.nested + (c->depth ? span(c->stack[0].start, e->ts) : 0);
}

/* ---- the workload's own thread stopped (SIGSTOP, SIGTSTP, a debugger) ---- */

static void emit_own_stop(const struct cpu_ctx *c, const struct sink *s, int cpu, uint64_t ts,
			  bool resumed, uint64_t end)
{
	struct rtl_record rec;

	memset(&rec, 0, sizeof(rec));
	rec.kind = RECORD_OWN_STOP;
	rec.stop.cpu = cpu;
	rec.stop.ts = ts;
	rec.stop.resumed = resumed;
	rec.stop.start_ns = c->stop_start;
	rec.stop.end_ns = end;
	rec.stop.pid = c->stop_pid;
	if (s->emit)
		s->emit(&rec, s->ectx);
}

static void stop_begin(struct ctx_tracker *t, struct cpu_ctx *c, const struct sink *s,
		       const struct ctx_edge *e)
{
	c->stopped = true;
	c->stop_pid = e->prev_pid;
	c->stop_start = e->ts;
	t->stats.own_stops++;
	emit_own_stop(c, s, e->cpu, e->ts, false, 0);
}

static void stop_end(struct cpu_ctx *c, const struct sink *s, int cpu, uint64_t ts, uint64_t end)
{
	c->stopped = false;
	emit_own_stop(c, s, cpu, ts, true, end);
}

/*
 * The stopped thread runs again: switched in, or switched out when its
 * switch-in was not traced (out of idle, on some kernels): then it ran
 * since its wakeup, if that was seen, else for an unknown time.
 */
static void own_resumed(struct cpu_ctx *c, const struct sink *s, const struct ctx_edge *e)
{
	uint64_t end = e->ts;

	if (e->prev_pid == c->stop_pid && c->wake_pid == c->stop_pid &&
	    c->wake_ts >= c->stop_start && c->wake_ts <= e->ts)
		end = c->wake_ts;
	if (e->next_pid == c->stop_pid || e->prev_pid == c->stop_pid)
		stop_end(c, s, e->cpu, e->ts, end);
}

static void on_switch(struct ctx_tracker *t, struct cpu_ctx *c, const struct sink *s,
		      const struct ctx_edge *e)
{
	close_for_switch(t, c, s, e);
	if (c->stopped)
		own_resumed(c, s, e);
	if (c->task.known && !c->task.pid && e->prev_pid)
		infer_idle_exit(t, c, e);
	if (c->task.known && c->task.pid != e->prev_pid)
		t->stats.lost_switches++;
	else
		end_task(t, c, s, e->cpu, e->ts);
	start_task(t, c, e);
	if (e->prev_stopped && e->prev_pid && own_task(t, e->prev_pid))
		stop_begin(t, c, s, e);
}

static void dispatch(struct ctx_tracker *t, struct cpu_ctx *c, const struct sink *s,
		     const struct ctx_edge *e)
{
	if (e->kind != CTX_NMI)		/* the NMI before it ended */
		nmi_close(t, c, s);
	switch (e->kind) {
	case CTX_IRQ_ENTRY:
		on_ctx_entry(t, c, e, FRAME_IRQ);
		break;
	case CTX_IRQ_EXIT:
		on_ctx_exit(t, c, s, e, FRAME_IRQ);
		break;
	case CTX_VECTOR_ENTRY:
		on_ctx_entry(t, c, e, FRAME_VECTOR);
		break;
	case CTX_VECTOR_EXIT:
		on_ctx_exit(t, c, s, e, FRAME_VECTOR);
		break;
	case CTX_SOFTIRQ_ENTRY:
		on_softirq_entry(t, c, e);
		break;
	case CTX_SOFTIRQ_EXIT:
		on_ctx_exit(t, c, s, e, FRAME_SOFTIRQ);
		break;
	case CTX_NMI:
		on_nmi(t, c, s, e);
		break;
	case CTX_SWITCH:
		on_switch(t, c, s, e);
		break;
	case CTX_WAKEUP:
		break;
	}
}

void ctx_tracker_feed(struct ctx_tracker *t, const struct rtl_record *rec,
		      ctx_emit_fn emit, void *ectx)
{
	const struct ctx_edge *e = &rec->edge;
	struct sink s = { emit, ectx };
	struct cpu_ctx *c;

	if (rec->kind != RECORD_CTX)
		return;
	t->stats.edges++;
	if (e->kind == CTX_WAKEUP) {
		/* recorded where the waker ran; it concerns the target CPU */
		if (e->vector >= 0 && e->vector < t->nr_cpus)
			on_wakeup(&t->cpu[e->vector], e);
		return;
	}
	if (e->cpu < 0 || e->cpu >= t->nr_cpus) {
		t->stats.bad_cpu++;
		return;
	}
	c = &t->cpu[e->cpu];
	c->seen = true;
	if (e->ts > c->last_ts)
		c->last_ts = e->ts;
	dispatch(t, c, &s, e);
}

void ctx_tracker_settle(struct ctx_tracker *t, uint64_t before, ctx_emit_fn emit, void *ectx)
{
	struct sink s = { emit, ectx };
	int cpu;

	for (cpu = 0; cpu < t->nr_cpus; cpu++)
		if (t->cpu[cpu].nmi_open && t->cpu[cpu].nmi.ts < before)
			nmi_close(t, &t->cpu[cpu], &s);
}

void ctx_tracker_close_nmi(struct ctx_tracker *t, int cpu, ctx_emit_fn emit, void *ectx)
{
	struct sink s = { emit, ectx };

	if (cpu >= 0 && cpu < t->nr_cpus)
		nmi_close(t, &t->cpu[cpu], &s);
}

void ctx_tracker_flush(struct ctx_tracker *t, uint64_t end_ts, ctx_emit_fn emit, void *ectx)
{
	struct sink s = { emit, ectx };
	int cpu;

	for (cpu = 0; cpu < t->nr_cpus; cpu++) {
		struct cpu_ctx *c = &t->cpu[cpu];
		uint64_t end = end_ts > c->last_ts ? end_ts : c->last_ts;

		if (!c->seen)
			continue;
		nmi_close(t, c, &s);
		while (c->depth)
			close_top(t, c, &s, cpu, end);
		end_task(t, c, &s, cpu, end);
		if (c->stopped)
			stop_end(c, &s, cpu, end, end);
		memset(c, 0, sizeof(*c));
	}
}
