// SPDX-License-Identifier: GPL-2.0
/*
 * timerlat_aa - timerlat auto-analysis: explains a CPU's last latency
 *
 * Per CPU, the noise events since the previous timerlat thread sample are
 * kept (bounded). When the thread sample arrives, they are sorted into the
 * parts of its latency (timerlat_aa.h), by time:
 *
 *   E  expected expiry = IRQ sample ts - IRQ latency
 *   S  start of the timerlat IRQ = start of the IRQ event around the IRQ sample
 *   T  time the thread ran = E + thread latency
 *
 *   IRQ/NMI ending in (E, S]		previous IRQ (only their part after E)
 *   (S - E) - previous IRQ		IRQ handler delay
 *   the IRQ event around the sample	timerlat IRQ duration
 *   thread started by the IRQ sample	blocking thread (net time after S)
 *   other events ending after S,	NMI, IRQ, softirq, thread interference
 *   starting before T
 *
 * In timerlat mode the kernel restarts the accounting of the preempted thread
 * and softirq at the timerlat IRQ: their duration already counts only what
 * follows it, and the thread's start is set inside that IRQ. A thread event
 * that starts before S anyway is trimmed to its net run time after S, so that
 * the time between E and S is counted once, in the IRQ handler delay.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/noise_event.h"
#include "decode/softirq.h"
#include "analysis/timerlat_aa.h"
#include "analysis/timerlat_sources.h"

struct timerlat_aa_cpu {
	struct noise_event	ev[TIMERLAT_AA_MAX_EVENTS];	/* in arrival order */
	int			nr_ev;
	uint64_t		dropped;	/* lost after the IRQ sample */
	uint64_t		early_dropped;	/* lost before it: maybe stale */
	uint64_t		early_max_end;	/* latest end among those */
	bool			waiting_thread;	/* IRQ sample seen, thread not yet */
	struct timerlat_sample	irq;
	struct timerlat_aa_stack	stack;		/* stack of the current period */
	bool			have_result;
	struct timerlat_aa_result	last;		/* of the last thread sample */
	bool			waiting_user;	/* -u: thread sample seen, user not yet */
	uint64_t		thread_seq;
	uint64_t		thread_ns;	/* its latency */
};

struct timerlat_aa {
	int			nr_cpus;
	bool			user_return;	/* -u: a period ends at its user sample */
	struct timerlat_sources	*sources;	/* --aa: every latency summed, or NULL */
	struct timerlat_aa_cpu	**cpu;		/* allocated on first use */
};

/* The instants of one period (see the top of this file). */
struct tl_window {
	uint64_t	expiry;
	uint64_t	irq_ts;
	uint64_t	irq_start;
	uint64_t	thread_run;
	int		timer_irq;	/* index of the timerlat IRQ event, or -1 */
	bool		thread;
};

struct timerlat_aa *timerlat_aa_new(int nr_cpus)
{
	struct timerlat_aa *aa;

	if (nr_cpus <= 0)
		return NULL;
	aa = calloc(1, sizeof(*aa));
	if (!aa)
		return NULL;
	aa->cpu = calloc(nr_cpus, sizeof(*aa->cpu));
	if (!aa->cpu) {
		free(aa);
		return NULL;
	}
	aa->nr_cpus = nr_cpus;
	return aa;
}

void timerlat_aa_free(struct timerlat_aa *aa)
{
	int cpu;

	if (!aa)
		return;
	for (cpu = 0; cpu < aa->nr_cpus; cpu++)
		free(aa->cpu[cpu]);
	free(aa->cpu);
	free(aa);
}


static uint64_t sample_expiry(const struct timerlat_sample *s)
{
	return s->ts > s->latency_ns ? s->ts - s->latency_ns : 0;
}

static struct timerlat_aa_cpu *cpu_state(struct timerlat_aa *aa, int cpu)
{
	if (!aa || cpu < 0 || cpu >= aa->nr_cpus)
		return NULL;
	if (!aa->cpu[cpu])
		aa->cpu[cpu] = calloc(1, sizeof(*aa->cpu[cpu]));
	return aa->cpu[cpu];
}

/* Forget the events that ended before the expiry: they cannot explain it. */
static void prune_stale(struct timerlat_aa_cpu *c, uint64_t expiry)
{
	int i, kept = 0;

	for (i = 0; i < c->nr_ev; i++) {
		if (ev_end(&c->ev[i]) <= expiry)
			continue;
		if (kept != i)
			c->ev[kept] = c->ev[i];
		kept++;
	}
	c->nr_ev = kept;
}

/* Before the IRQ sample: drop the older half, remember how late they ended. */
static void drop_oldest(struct timerlat_aa_cpu *c)
{
	int i, n = c->nr_ev / 2;

	for (i = 0; i < n; i++)
		c->early_max_end = max_u64(c->early_max_end, ev_end(&c->ev[i]));
	c->early_dropped += n;
	memmove(c->ev, c->ev + n, (c->nr_ev - n) * sizeof(c->ev[0]));
	c->nr_ev -= n;
}

static void feed_noise(struct timerlat_aa_cpu *c, const struct noise_event *e)
{
	if (c->nr_ev == TIMERLAT_AA_MAX_EVENTS) {
		if (c->waiting_thread)
			prune_stale(c, sample_expiry(&c->irq));
		else
			drop_oldest(c);
	}
	if (c->nr_ev == TIMERLAT_AA_MAX_EVENTS) {
		c->dropped++;
		return;
	}
	c->ev[c->nr_ev++] = *e;
}

static void copy_stack(struct timerlat_aa_stack *dst, const struct stack_trace *st)
{
	int i, depth = st->depth;

	if (depth < 0)
		depth = 0;
	if (depth > STACK_MAX_DEPTH)
		depth = STACK_MAX_DEPTH;
	for (i = 0; i < depth; i++) {
		dst->known[i] = st->sym[i];
		if (st->sym[i])
			snprintf(dst->sym[i], TIMERLAT_AA_SYM_LEN, "%s", st->sym[i]);
		else
			snprintf(dst->sym[i], TIMERLAT_AA_SYM_LEN, "0x%llx",
				 (unsigned long long)st->ip[i]);
	}
	dst->depth = depth;
}

/*
 * The kernel saves the stack in the timerlat IRQ and writes it either there
 * (when the IRQ stops the trace) or right after the thread sample; with -u
 * the period is still open then: the stack is the analysed thread's, and
 * the return to user's to come.
 */
static void feed_stack(struct timerlat_aa_cpu *c, const struct stack_trace *st)
{
	if (c->waiting_thread)
		copy_stack(&c->stack, st);
	if (c->have_result && (c->waiting_user || !c->waiting_thread))
		copy_stack(&c->last.stack, st);
}

static const char *event_name(const struct noise_event *e)
{
	const char *name;

	switch (e->kind) {
	case NOISE_NMI:
		return "nmi";
	case NOISE_SOFTIRQ:
		name = softirq_name(e->vector);
		if (name)
			return name;
		break;
	default:
		break;
	}
	return e->name[0] ? e->name : "<...>";
}

/* Adds ns of event e to its source in g; past the bound, to "other" (of e's kind). */
static void group_add(struct timerlat_aa_group *g, const struct noise_event *e, uint64_t ns)
{
	const struct source_id id = {
		.kind = e->kind,
		.name = event_name(e),
		.vector = (e->kind == NOISE_IRQ || e->kind == NOISE_SOFTIRQ) ? e->vector : -1,
		.pid = e->kind == NOISE_THREAD ? e->pid : -1,
	};

	g->total_ns += ns;
	source_row_add(source_table_row(g->sources, &g->nr_sources, TIMERLAT_AA_MAX_SOURCES, &id,
					e->kind), ns);
}

/* The IRQ event that was running when the IRQ sample was written. */
static int find_timer_irq(const struct timerlat_aa_cpu *c, uint64_t irq_ts)
{
	int i, found = -1;

	for (i = 0; i < c->nr_ev; i++) {
		const struct noise_event *e = &c->ev[i];

		if (e->kind != NOISE_IRQ || e->start_ns > irq_ts || ev_end(e) < irq_ts)
			continue;
		if (found < 0 || e->start_ns > c->ev[found].start_ns)
			found = i;
	}
	return found;
}

static uint64_t overlap(uint64_t a0, uint64_t a1, uint64_t b0, uint64_t b1)
{
	uint64_t lo = max_u64(a0, b0), hi = min_u64(a1, b1);

	return hi > lo ? hi - lo : 0;
}

/* Net run time of thread event t before until: its span less nested events. */
static uint64_t run_before(const struct timerlat_aa_cpu *c, const struct noise_event *t,
			   uint64_t until)
{
	uint64_t span = until - t->start_ns, nested = 0;
	int i;

	for (i = 0; i < c->nr_ev; i++) {
		const struct noise_event *e = &c->ev[i];

		if (e == t || e->kind == NOISE_THREAD)
			continue;
		nested += min_u64(e->duration_ns,
				  overlap(e->start_ns, ev_end(e), t->start_ns, until));
	}
	return min_u64(span > nested ? span - nested : 0, t->duration_ns);
}

static void set_blocking(const struct timerlat_aa_cpu *c, const struct noise_event *e,
			 const struct tl_window *w, struct timerlat_aa_result *r)
{
	uint64_t ns = e->duration_ns;

	if (e->start_ns < w->irq_start)
		ns -= run_before(c, e, w->irq_start);
	r->blocking.found = true;
	snprintf(r->blocking.name, sizeof(r->blocking.name), "%s", event_name(e));
	r->blocking.pid = e->pid;
	r->blocking.ns = ns;
}

/* An event that ended between the expiry and the timerlat IRQ. */
static void before_irq(const struct noise_event *e, const struct tl_window *w,
		       struct timerlat_aa_result *r)
{
	uint64_t ns = e->duration_ns;

	if (e->kind != NOISE_IRQ && e->kind != NOISE_NMI)
		return;		/* softirqs and threads do not hold IRQs back */
	if (e->start_ns < w->expiry)
		ns = min_u64(ns, ev_end(e) - w->expiry);
	group_add(&r->previous_irq, e, ns);
}

/* An event that ended after the timerlat IRQ began, before the thread ran. */
static void after_irq(const struct timerlat_aa_cpu *c, const struct noise_event *e,
		      const struct tl_window *w, struct timerlat_aa_result *r)
{
	switch (e->kind) {
	case NOISE_NMI:
		group_add(&r->nmi, e, e->duration_ns);
		break;
	case NOISE_IRQ:
		group_add(&r->irq, e, e->duration_ns);
		break;
	case NOISE_SOFTIRQ:
		group_add(&r->softirq, e, e->duration_ns);
		break;
	case NOISE_THREAD:
		if (!r->blocking.found && e->start_ns <= w->irq_ts)
			set_blocking(c, e, w, r);
		else
			group_add(&r->thread, e, e->duration_ns);
		break;
	case NOISE_SELF:	/* not kept: timerlat_aa_feed() */
		break;
	}
}

static void classify(const struct timerlat_aa_cpu *c, const struct tl_window *w,
		     struct timerlat_aa_result *r)
{
	int i;

	for (i = 0; i < c->nr_ev; i++) {
		const struct noise_event *e = &c->ev[i];
		uint64_t end = ev_end(e);

		if (i == w->timer_irq || end <= w->expiry)
			continue;
		if (end <= w->irq_start)
			before_irq(e, w, r);
		else if (w->thread && e->start_ns < w->thread_run)
			after_irq(c, e, w, r);
	}
}

/* Did a thread other than idle run across the expiry? */
static bool busy_at_expiry(const struct timerlat_aa_cpu *c, uint64_t expiry)
{
	int i;

	for (i = 0; i < c->nr_ev; i++) {
		const struct noise_event *e = &c->ev[i];

		if (e->kind == NOISE_THREAD && e->pid && e->start_ns < expiry &&
		    ev_end(e) > expiry)
			return true;
	}
	return false;
}

/*
 * Out of idle: the handler was late, no IRQ explains it, and the CPU ran no
 * thread at the expiry (none, or the idle task, was running when it fired:
 * the IRQ record's pid is 0, or unknown).
 */
static bool from_idle(const struct timerlat_aa_cpu *c, const struct tl_window *w,
		      const struct timerlat_aa_result *r)
{
	if (r->irq_handler_delay_ns <= 0 || r->previous_irq.nr_sources)
		return false;
	if (r->blocking.found && r->blocking.pid)
		return false;
	if (r->irq_seen && c->irq.pid > 0)	/* the IRQ interrupted a task, not idle */
		return false;
	return !busy_at_expiry(c, w->expiry);
}

int64_t timerlat_aa_parts_sum(const struct timerlat_aa_result *r)
{
	return (int64_t)r->previous_irq.total_ns + r->irq_handler_delay_ns +
	       (int64_t)r->timerlat_irq_ns + (int64_t)r->blocking.ns +
	       (int64_t)r->nmi.total_ns + (int64_t)r->irq.total_ns +
	       (int64_t)r->softirq.total_ns + (int64_t)r->thread.total_ns;
}

static void set_window(const struct timerlat_aa_cpu *c, const struct timerlat_sample *thr,
		       struct tl_window *w, struct timerlat_aa_result *r)
{
	memset(w, 0, sizeof(*w));
	w->timer_irq = -1;
	w->thread = thr != NULL;
	if (r->irq_seen) {
		w->expiry = sample_expiry(&c->irq);
		w->irq_ts = c->irq.ts;
		w->timer_irq = find_timer_irq(c, w->irq_ts);
	} else {
		w->expiry = sample_expiry(thr);
		w->irq_ts = w->expiry;
	}
	w->irq_start = w->timer_irq >= 0 ? c->ev[w->timer_irq].start_ns : w->irq_ts;
	if (thr)
		w->thread_run = w->expiry + thr->latency_ns;
}

/* the comm of @pid's thread events among @c's, "" when none */
static void comm_of(const struct timerlat_aa_cpu *c, int pid, char *buf, size_t size)
{
	int i;

	buf[0] = '\0';
	for (i = c->nr_ev - 1; i >= 0 && pid > 0; i--) {
		if (c->ev[i].kind == NOISE_THREAD && c->ev[i].pid == pid && c->ev[i].name[0]) {
			snprintf(buf, size, "%s", c->ev[i].name);
			return;
		}
	}
}

/* Explains the period of thr, or of the pending IRQ sample when thr is NULL. */
static void analyze(const struct timerlat_aa_cpu *c, int cpu, const struct timerlat_sample *thr,
		    struct timerlat_aa_result *r)
{
	struct tl_window w;

	memset(r, 0, sizeof(*r));
	r->cpu = cpu;
	r->thread_ran = thr != NULL;
	r->irq_seen = c->waiting_thread && (!thr || thr->seqnum == c->irq.seqnum);
	r->seqnum = thr ? thr->seqnum : c->irq.seqnum;
	r->blocking.pid = -1;
	set_window(c, thr, &w, r);
	r->expiry_ns = w.expiry;
	r->irq_latency_ns = r->irq_seen ? c->irq.latency_ns : 0;
	r->thread_latency_ns = thr ? thr->latency_ns : 0;
	r->total_ns = thr ? thr->latency_ns : r->irq_latency_ns;
	r->timerlat_irq_found = w.timer_irq >= 0;
	if (thr && w.timer_irq >= 0)
		r->timerlat_irq_ns = c->ev[w.timer_irq].duration_ns;

	classify(c, &w, r);
	r->irq_handler_delay_ns = (int64_t)w.irq_start - (int64_t)w.expiry -
				  (int64_t)r->previous_irq.total_ns;
	r->exit_from_idle = from_idle(c, &w, r);
	r->irq_task.pid = r->irq_seen && c->irq.pid > 0 ? c->irq.pid : -1;
	comm_of(c, r->irq_task.pid, r->irq_task.name, sizeof(r->irq_task.name));
	r->stack = c->stack;
	r->remainder_ns = (int64_t)r->total_ns - timerlat_aa_parts_sum(r);
	r->events_dropped = c->dropped;
	if (c->early_max_end > w.expiry)
		r->events_dropped += c->early_dropped;
}

void timerlat_aa_name_irq_task(struct timerlat_aa_result *r, const char *comm)
{
	snprintf(r->irq_task.name, sizeof(r->irq_task.name), "%s", comm ? comm : "");
}

static void end_period(struct timerlat_aa_cpu *c)
{
	c->nr_ev = 0;
	c->dropped = 0;
	c->early_dropped = 0;
	c->early_max_end = 0;
	c->waiting_thread = false;
	c->waiting_user = false;
	c->stack.depth = 0;
}

void timerlat_aa_set_user_return(struct timerlat_aa *aa)
{
	if (aa)
		aa->user_return = true;
}

void timerlat_aa_sum_into(struct timerlat_aa *aa, struct timerlat_sources *sources)
{
	if (aa)
		aa->sources = sources;
}

/* the latency of c->last, ended with sample @s, to the run's sources */
static void sum_latency(const struct timerlat_aa *aa, const struct timerlat_aa_cpu *c,
			const struct timerlat_sample *s)
{
	if (aa->sources && !s->self_ns)
		timerlat_sources_add(aa->sources, &c->last);
}

static void feed_timerlat(const struct timerlat_aa *aa, struct timerlat_aa_cpu *c, int cpu,
			  const struct timerlat_sample *s)
{
	switch (s->context) {
	case TIMERLAT_IRQ:
		c->irq = *s;
		c->waiting_thread = true;
		c->stack.depth = 0;
		prune_stale(c, sample_expiry(s));
		break;
	case TIMERLAT_THREAD:
		analyze(c, cpu, s, &c->last);
		c->have_result = true;
		if (!aa->user_return) {
			sum_latency(aa, c, s);
			end_period(c);
			break;
		}
		/* -u: what held the return to user space back comes later */
		c->waiting_user = true;
		c->thread_seq = s->seqnum;
		c->thread_ns = s->latency_ns;
		break;
	case TIMERLAT_USER:
		if (!c->waiting_user || s->seqnum != c->thread_seq)
			break;
		/* the same parts, up to the return to user space */
		analyze(c, cpu, s, &c->last);
		c->last.user_return = true;
		c->last.user_latency_ns = s->latency_ns;
		c->last.thread_latency_ns = c->thread_ns;
		sum_latency(aa, c, s);
		end_period(c);
		break;
	}
}

void timerlat_aa_feed(struct timerlat_aa *aa, const struct rtl_record *rec)
{
	struct timerlat_aa_cpu *c;

	switch (rec->kind) {
	case RECORD_TIMERLAT:
		c = cpu_state(aa, rec->timerlat.cpu);
		if (c)
			feed_timerlat(aa, c, rec->timerlat.cpu, &rec->timerlat);
		break;
	case RECORD_NOISE_EVENT:
		/* rtlens stopped: its latencies are not analysed */
		c = rec->noise.kind == NOISE_SELF ? NULL : cpu_state(aa, rec->noise.cpu);
		if (c)
			feed_noise(c, &rec->noise);
		break;
	case RECORD_STACK:
		c = cpu_state(aa, rec->stack.cpu);
		if (c)
			feed_stack(c, &rec->stack);
		break;
	default:
		break;
	}
}

int timerlat_aa_explain(const struct timerlat_aa *aa, int cpu, struct timerlat_aa_result *out)
{
	const struct timerlat_aa_cpu *c;

	if (!aa || cpu < 0 || cpu >= aa->nr_cpus || !aa->cpu[cpu])
		return -1;
	c = aa->cpu[cpu];
	if (c->waiting_thread && !c->waiting_user) {
		analyze(c, cpu, NULL, out);
		return 0;
	}
	if (!c->have_result)
		return -1;
	*out = c->last;
	return 0;
}
