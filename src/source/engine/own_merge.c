// SPDX-License-Identifier: GPL-2.0
/*
 * own_merge - order and complete the user engine's records (own_merge.h)
 */
#include <stdlib.h>
#include <string.h>

#include "base/noise_event.h"
#include "model/stop_rule.h"
#include "source/engine/own_stops.h"
#include "source/engine/own_merge.h"

/* the kinds the merge queues (MERGED in base/records.h's RECORD_KINDS) */
#define MERGED_MEMBER(kind, type, member, small, merged) \
	RECORD_IF(merged, struct type member;)
#define MERGED_SIZE(kind, type, member, small, merged) \
	RECORD_IF(merged, case RECORD_##kind: return sizeof(struct type);)

/* a queued record: the kinds the user engine yields, not the big ones */
struct pend {
	enum record_kind	kind;
	union {
		RECORD_KINDS(MERGED_MEMBER)
	};
};

/* The size of a kind's member, in struct pend as in struct rtl_record; 0: not queued. */
static size_t kind_size(enum record_kind kind)
{
	switch (kind) {
	RECORD_KINDS(MERGED_SIZE)
	default:
		return 0;
	}
}

struct fifo {
	struct pend	*v;
	size_t		head, tail, alloc;	/* [head, tail) */
};

struct recent {
	uint64_t	start_ns;
	uint64_t	ts;
};

struct merge_cpu {
	struct fifo	trace;		/* interference events, timerlat IRQs */
	struct fifo	work;		/* the measuring thread's records */
	struct pend	held_irq;	/* timerlat: waits for its thread record */
	bool		holding;

	struct recent	recent[OWN_MERGE_RECENT];	/* ring, by ts */
	unsigned int	nr_recent, first_recent;

	/* the period in progress */
	uint64_t	count_from;	/* events starting before are not counted */
	uint64_t	counts[4];	/* by enum noise_kind */
	uint64_t	quiet_samples;	/* samples without interference */
	uint64_t	last_seq;	/* timerlat: the last thread record's */

	/* the measuring thread stopped (SIGSTOP...): its samples are left out */
	struct own_stops stops;
	uint64_t	self_ns;	/* osnoise: the period's samples left out */
	uint64_t	kept_max_ns;	/* and the longest of the others */
};

struct own_merge {
	int			nr_cpus;
	uint64_t		sleep_ns;	/* osnoise: period - runtime */
	uint64_t		stop_us, stop_total_us;
	bool			stopped;
	bool			stop_held;	/* the record that stopped it, not out yet */
	struct pend		stop;
	struct merge_cpu	*cpu;
};

struct own_merge *own_merge_new(const struct rtl_params *p)
{
	struct own_merge *m = calloc(1, sizeof(*m));

	if (!m)
		return NULL;
	m->cpu = calloc(p->nr_cpus, sizeof(*m->cpu));
	if (!m->cpu) {
		free(m);
		return NULL;
	}
	m->nr_cpus = p->nr_cpus;
	/* osnoise: a runtime in each period; timerlat: none */
	if (p->runtime_us && p->period_us > p->runtime_us)
		m->sleep_ns = (p->period_us - p->runtime_us) * 1000;
	m->stop_us = p->stop_us;
	m->stop_total_us = p->stop_total_us;
	return m;
}

static void fifo_free(struct fifo *f)
{
	free(f->v);
	memset(f, 0, sizeof(*f));
}

void own_merge_free(struct own_merge *m)
{
	int cpu;

	if (!m)
		return;
	for (cpu = 0; cpu < m->nr_cpus; cpu++) {
		fifo_free(&m->cpu[cpu].trace);
		fifo_free(&m->cpu[cpu].work);
	}
	free(m->cpu);
	free(m);
}

/*
 * A queue that grew past FIFO_KEEP records (a stall of the main thread,
 * the trace read ahead of the measuring threads) gives back what it no
 * longer needs, when it drains or moves its records to the front: a run
 * of weeks keeps no high-water mark of its worst moment.
 */
#define FIFO_KEEP	4096	/* records: 544 KiB */

static void fifo_shrink(struct fifo *f)
{
	size_t n = f->alloc / 2;
	struct pend *v;

	if (f->alloc <= FIFO_KEEP || f->tail > n / 2)
		return;
	if (!f->tail || n < FIFO_KEEP)
		n = FIFO_KEEP;
	v = realloc(f->v, n * sizeof(*v));
	if (v) {
		f->v = v;
		f->alloc = n;
	}
}

static int fifo_push(struct fifo *f, const struct pend *p)
{
	if (f->tail == f->alloc && f->head > 0) {
		memmove(f->v, f->v + f->head, (f->tail - f->head) * sizeof(*f->v));
		f->tail -= f->head;
		f->head = 0;
		fifo_shrink(f);
	}
	if (f->tail == f->alloc) {
		size_t n = f->alloc ? f->alloc * 2 : 256;
		struct pend *v = realloc(f->v, n * sizeof(*v));

		if (!v)
			return -1;
		f->v = v;
		f->alloc = n;
	}
	f->v[f->tail++] = *p;
	return 0;
}

static struct pend *fifo_peek(struct fifo *f)
{
	return f->head < f->tail ? &f->v[f->head] : NULL;
}

static void fifo_pop(struct fifo *f)
{
	if (++f->head < f->tail)
		return;
	f->head = f->tail = 0;
	fifo_shrink(f);
}

int own_merge_add(struct own_merge *m, enum own_merge_stream stream, const struct rtl_record *rec)
{
	struct pend p = { .kind = rec->kind };
	size_t size = kind_size(rec->kind);
	struct merge_cpu *c;

	/* every kind starts with cpu and ts */
	if (!size || rec->period.cpu < 0 || rec->period.cpu >= m->nr_cpus)
		return 0;
	c = &m->cpu[rec->period.cpu];
	memcpy(&p.period, &rec->period, size);
	return fifo_push(stream == OWN_MERGE_TRACE ? &c->trace : &c->work, &p);
}

/* ---- completing the records ---- */

static void note_event(struct merge_cpu *c, const struct noise_event *e)
{
	struct recent *r;

	if (c->nr_recent == OWN_MERGE_RECENT) {
		c->first_recent = (c->first_recent + 1) % OWN_MERGE_RECENT;
		c->nr_recent--;
	}
	r = &c->recent[(c->first_recent + c->nr_recent) % OWN_MERGE_RECENT];
	r->start_ns = e->start_ns;
	r->ts = e->ts;
	c->nr_recent++;
	if (e->start_ns >= c->count_from && e->kind <= NOISE_THREAD)
		c->counts[e->kind]++;
}

/* the events that started inside the sample (they ended after it began) */
static uint64_t sample_interference(const struct merge_cpu *c, const struct noise_sample *s)
{
	uint64_t n = 0, end = s->start_ns + s->duration_ns;
	unsigned int i;

	for (i = c->nr_recent; i > 0; i--) {
		const struct recent *r = &c->recent[(c->first_recent + i - 1) % OWN_MERGE_RECENT];

		if (r->ts < s->start_ns)
			break;
		if (r->start_ns >= s->start_ns && r->start_ns < end)
			n++;
	}
	return n;
}

/* The period's samples that include a stop of the thread are not its noise. */
static void leave_out_self(struct merge_cpu *c, struct osnoise_period *per)
{
	uint64_t us = c->self_ns / 1000;

	per->runtime_us -= min_u64(per->runtime_us, us);
	per->noise_us -= min_u64(per->noise_us, us);
	per->max_sample_us = c->kept_max_ns / 1000;
}

static void complete_period(struct own_merge *m, struct merge_cpu *c,
			    struct osnoise_period *per)
{
	per->nmi_count = c->counts[NOISE_NMI];
	per->irq_count = c->counts[NOISE_IRQ];
	per->softirq_count = c->counts[NOISE_SOFTIRQ];
	per->thread_count = c->counts[NOISE_THREAD];
	per->hw_count = c->quiet_samples;
	if (c->self_ns)
		leave_out_self(c, per);
	c->self_ns = 0;
	c->kept_max_ns = 0;
	memset(c->counts, 0, sizeof(c->counts));
	c->quiet_samples = 0;
	c->count_from = per->ts + m->sleep_ns;
}

/* A sample: its interference, and the stop of the thread it includes */
static void complete_sample(struct merge_cpu *c, struct noise_sample *s)
{
	s->interference = sample_interference(c, s);
	s->self_ns = own_stops_overlap(&c->stops, s->start_ns, s->start_ns + s->duration_ns);
	if (s->self_ns) {
		c->self_ns += s->duration_ns;
		return;
	}
	c->kept_max_ns = max_u64(c->kept_max_ns, s->duration_ns);
	if (!s->interference)
		c->quiet_samples++;
}

/* A timerlat latency: the same. */
static void complete_timerlat(struct merge_cpu *c, struct timerlat_sample *t)
{
	t->self_ns = own_stops_overlap(&c->stops, t->ts - min_u64(t->ts, t->latency_ns), t->ts);
	if (t->context != TIMERLAT_IRQ)
		c->last_seq = t->seqnum;
}

/* Complete @p with what the merge knows of its CPU. */
static void complete(struct own_merge *m, struct merge_cpu *c, struct pend *p)
{
	switch (p->kind) {
	case RECORD_NOISE_EVENT:
		note_event(c, &p->noise);
		break;
	case RECORD_NOISE_SAMPLE:
		complete_sample(c, &p->sample);
		break;
	case RECORD_OSNOISE_PERIOD:
		complete_period(m, c, &p->period);
		break;
	case RECORD_TIMERLAT:
		complete_timerlat(c, &p->timerlat);
		break;
	default:
		break;
	}
}

/* ---- handing out ---- */

static void to_record(const struct pend *p, struct rtl_record *rec)
{
	memset(rec, 0, sizeof(*rec));
	rec->kind = p->kind;
	memcpy(&rec->period, &p->period, kind_size(p->kind));
}

static uint64_t pend_ts(const struct pend *p)
{
	return p->period.ts;	/* every kind starts with cpu and ts */
}

/*
 * the next record of @c in time order (the trace's first on a tie), or
 * NULL; after a stop, only the trace up to it
 */
static struct fifo *next_fifo(struct own_merge *m, struct merge_cpu *c, uint64_t until)
{
	struct pend *t = fifo_peek(&c->trace), *w = fifo_peek(&c->work);

	if (m->stopped) {
		until = min_u64(until, pend_ts(&m->stop));
		w = NULL;
	}
	if (t && pend_ts(t) > until)
		t = NULL;
	if (w && pend_ts(w) > until)
		w = NULL;
	if (t && (!w || pend_ts(t) <= pend_ts(w)))
		return &c->trace;
	return w ? &c->work : NULL;
}

static bool is_irq(const struct pend *p)
{
	return p->kind == RECORD_TIMERLAT && p->timerlat.context == TIMERLAT_IRQ;
}

/* @p, completed, out; the record that reaches a stop threshold is held */
static int emit(struct own_merge *m, struct merge_cpu *c, struct pend *p,
		record_fn fn, void *ctx)
{
	struct rtl_record rec;

	complete(m, c, p);
	to_record(p, &rec);
	if (!m->stopped && stop_record_over(&rec, m->stop_us, m->stop_total_us, NULL, NULL)) {
		m->stopped = true;
		m->stop_held = true;
		m->stop = *p;
		return 0;
	}
	fn(&rec, ctx);
	return 1;
}

/*
 * A timerlat IRQ record waits for the thread record after it, whose seqnum
 * it takes; if another IRQ comes first (its thread record lost), it goes
 * out with the seqnum after the last one seen.
 */
static int take(struct own_merge *m, struct merge_cpu *c, struct pend *p,
		record_fn fn, void *ctx)
{
	int n = 0;

	if (c->holding && (is_irq(p) || p->kind == RECORD_TIMERLAT)) {
		c->held_irq.timerlat.seqnum = is_irq(p) ? c->last_seq + 1 : p->timerlat.seqnum;
		c->holding = false;
		if (!emit(m, c, &c->held_irq, fn, ctx))
			return 0;	/* the stop's: @p is after it */
		n = 1;
	}
	if (is_irq(p)) {
		c->held_irq = *p;
		c->holding = true;
		return n;
	}
	return n + emit(m, c, p, fn, ctx);
}

/* ---- the measuring thread stopped ---- */

/* a record of the measuring thread (or of its timer): it ran again */
static bool from_thread(const struct pend *p)
{
	return p->kind == RECORD_OSNOISE_PERIOD || p->kind == RECORD_NOISE_SAMPLE ||
	       p->kind == RECORD_TIMERLAT;
}

/* the open stop, if any, ends at @end: out as a NOISE_SELF event */
static int close_stop(struct own_merge *m, struct merge_cpu *c, int cpu, uint64_t end,
		      record_fn fn, void *ctx)
{
	struct pend p = { .kind = RECORD_NOISE_EVENT };

	if (!own_stops_end(&c->stops, cpu, end, &p.noise))
		return 0;
	return emit(m, c, &p, fn, ctx);
}

/*
 * The stops of the thread first: their edges open and close them, the
 * events that start while one is open are hidden, the thread's next
 * record closes one whose end was not traced.
 */
static int take_record(struct own_merge *m, struct merge_cpu *c, struct pend *p,
		       record_fn fn, void *ctx)
{
	int n = 0;

	if (p->kind == RECORD_OWN_STOP) {
		n = close_stop(m, c, p->stop.cpu, p->stop.resumed ? p->stop.end_ns :
			       p->stop.start_ns, fn, ctx);
		if (!p->stop.resumed)
			own_stops_begin(&c->stops, &p->stop);
		return n;
	}
	if (p->kind == RECORD_NOISE_EVENT && own_stops_hides(&c->stops, &p->noise))
		return 0;
	if (from_thread(p))
		n = close_stop(m, c, p->period.cpu, pend_ts(p), fn, ctx);
	return n + take(m, c, p, fn, ctx);
}

static int flush_cpu(struct own_merge *m, struct merge_cpu *c, uint64_t until,
		     record_fn fn, void *ctx)
{
	struct fifo *f;
	int n = 0;

	while ((f = next_fifo(m, c, until))) {
		n += take_record(m, c, fifo_peek(f), fn, ctx);
		fifo_pop(f);
	}
	return n;
}

int own_merge_flush(struct own_merge *m, uint64_t until, record_fn fn, void *ctx)
{
	int cpu, n = 0;

	for (cpu = 0; cpu < m->nr_cpus; cpu++) {
		/* after a stop, the CPU of it only: what explains it */
		if (!m->stopped || cpu == m->stop.period.cpu)
			n += flush_cpu(m, &m->cpu[cpu], until, fn, ctx);
	}
	return n;
}

bool own_merge_stopped(const struct own_merge *m)
{
	return m->stopped;
}

/*
 * The stop's record, after the trace of its CPU that came later: a noise
 * sample's interference counts those events too, a timerlat IRQ record
 * goes first with the seqnum of the thread's, as take() does.
 */
int own_merge_release(struct own_merge *m, record_fn fn, void *ctx)
{
	struct rtl_record rec;
	struct merge_cpu *c;
	int n = 0;

	if (!m->stop_held)
		return 0;
	m->stop_held = false;
	c = &m->cpu[m->stop.period.cpu];
	if (c->holding && m->stop.kind == RECORD_TIMERLAT && !is_irq(&m->stop)) {
		c->held_irq.timerlat.seqnum = m->stop.timerlat.seqnum;
		c->holding = false;
		n = emit(m, c, &c->held_irq, fn, ctx);
	}
	if (m->stop.kind == RECORD_NOISE_SAMPLE)
		m->stop.sample.interference = sample_interference(c, &m->stop.sample);
	to_record(&m->stop, &rec);
	fn(&rec, ctx);
	return n + 1;
}

void own_merge_resume(struct own_merge *m)
{
	int cpu;

	for (cpu = 0; cpu < m->nr_cpus; cpu++) {
		struct merge_cpu *c = &m->cpu[cpu];

		c->trace.head = c->trace.tail = 0;
		c->holding = false;
		c->work.head = c->work.tail = 0;
		c->nr_recent = 0;
		memset(c->counts, 0, sizeof(c->counts));
		c->quiet_samples = 0;
		c->count_from = 0;
		own_stops_reset(&c->stops);
		c->self_ns = 0;
		c->kept_max_ns = 0;
	}
	m->stopped = false;
	m->stop_held = false;
}
