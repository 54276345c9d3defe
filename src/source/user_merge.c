// SPDX-License-Identifier: GPL-2.0
/*
 * user_merge - order and complete the user engine's records (user_merge.h)
 */
#include <stdlib.h>
#include <string.h>

#include "user_merge.h"

/* a queued record: the kinds the user engine yields, not the big ones */
struct pend {
	enum record_kind	kind;
	union {
		struct osnoise_period	period;
		struct noise_sample	sample;
		struct timerlat_sample	timerlat;
		struct noise_event	noise;
		struct kvm_edge		kvm;
	};
};

/* The size of a kind's member, in struct pend as in struct rtl_record; 0: not queued. */
static size_t kind_size(enum record_kind kind)
{
	switch (kind) {
	case RECORD_NOISE_EVENT:
		return sizeof(struct noise_event);
	case RECORD_OSNOISE_PERIOD:
		return sizeof(struct osnoise_period);
	case RECORD_NOISE_SAMPLE:
		return sizeof(struct noise_sample);
	case RECORD_TIMERLAT:
		return sizeof(struct timerlat_sample);
	case RECORD_KVM:
		return sizeof(struct kvm_edge);
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

	struct recent	recent[UMERGE_RECENT];	/* ring, by ts */
	unsigned int	nr_recent, first_recent;

	/* the period in progress */
	uint64_t	count_from;	/* events starting before are not counted */
	uint64_t	counts[4];	/* by enum noise_kind */
	uint64_t	quiet_samples;	/* samples without interference */
	uint64_t	last_seq;	/* timerlat: the last thread record's */
};

struct user_merge {
	enum rtl_tool		tool;
	int			nr_cpus;
	uint64_t		sleep_ns;	/* osnoise: period - runtime */
	uint64_t		stop_us, stop_total_us;
	bool			stopped;
	struct merge_cpu	*cpu;
};

struct user_merge *umerge_new(const struct rtl_params *p)
{
	struct user_merge *m = calloc(1, sizeof(*m));

	if (!m)
		return NULL;
	m->cpu = calloc(p->nr_cpus, sizeof(*m->cpu));
	if (!m->cpu) {
		free(m);
		return NULL;
	}
	m->tool = p->tool;
	m->nr_cpus = p->nr_cpus;
	if (p->tool == TOOL_OSNOISE && p->period_us > p->runtime_us)
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

void umerge_free(struct user_merge *m)
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

static int fifo_push(struct fifo *f, const struct pend *p)
{
	if (f->tail == f->alloc && f->head > 0) {
		memmove(f->v, f->v + f->head, (f->tail - f->head) * sizeof(*f->v));
		f->tail -= f->head;
		f->head = 0;
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
	if (++f->head == f->tail)
		f->head = f->tail = 0;
}

int umerge_add(struct user_merge *m, enum umerge_stream stream, const struct rtl_record *rec)
{
	struct pend p = { .kind = rec->kind };
	size_t size = kind_size(rec->kind);
	struct merge_cpu *c;

	/* every kind starts with cpu and ts */
	if (!size || rec->period.cpu < 0 || rec->period.cpu >= m->nr_cpus)
		return 0;
	c = &m->cpu[rec->period.cpu];
	memcpy(&p.period, &rec->period, size);
	return fifo_push(stream == UMERGE_TRACE ? &c->trace : &c->work, &p);
}

/* ---- completing the records ---- */

static void note_event(struct merge_cpu *c, const struct noise_event *e)
{
	struct recent *r;

	if (c->nr_recent == UMERGE_RECENT) {
		c->first_recent = (c->first_recent + 1) % UMERGE_RECENT;
		c->nr_recent--;
	}
	r = &c->recent[(c->first_recent + c->nr_recent) % UMERGE_RECENT];
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
		const struct recent *r = &c->recent[(c->first_recent + i - 1) % UMERGE_RECENT];

		if (r->ts < s->start_ns)
			break;
		if (r->start_ns >= s->start_ns && r->start_ns < end)
			n++;
	}
	return n;
}

static void complete_period(struct user_merge *m, struct merge_cpu *c,
			    struct osnoise_period *per)
{
	per->nmi_count = c->counts[NOISE_NMI];
	per->irq_count = c->counts[NOISE_IRQ];
	per->softirq_count = c->counts[NOISE_SOFTIRQ];
	per->thread_count = c->counts[NOISE_THREAD];
	per->hw_count = c->quiet_samples;
	memset(c->counts, 0, sizeof(c->counts));
	c->quiet_samples = 0;
	c->count_from = per->ts + m->sleep_ns;
}

/* Complete @p; true when it reaches a stop threshold. */
static bool complete(struct user_merge *m, struct merge_cpu *c, struct pend *p)
{
	switch (p->kind) {
	case RECORD_NOISE_SAMPLE:
		p->sample.interference = sample_interference(c, &p->sample);
		if (!p->sample.interference)
			c->quiet_samples++;
		return m->stop_us && p->sample.duration_ns / 1000 >= m->stop_us;
	case RECORD_OSNOISE_PERIOD:
		complete_period(m, c, &p->period);
		return m->stop_total_us && p->period.noise_us >= m->stop_total_us;
	case RECORD_TIMERLAT:
		if (p->timerlat.context == TIMERLAT_IRQ)
			return m->stop_us && p->timerlat.latency_ns / 1000 >= m->stop_us;
		c->last_seq = p->timerlat.seqnum;
		return m->stop_total_us && p->timerlat.latency_ns / 1000 >= m->stop_total_us;
	default:
		return false;
	}
}

/* ---- handing out ---- */

static void hand_out(const struct pend *p, record_fn fn, void *ctx)
{
	struct rtl_record rec;

	memset(&rec, 0, sizeof(rec));
	rec.kind = p->kind;
	memcpy(&rec.period, &p->period, kind_size(p->kind));
	fn(&rec, ctx);
}

static uint64_t pend_ts(const struct pend *p)
{
	return p->period.ts;	/* every kind starts with cpu and ts */
}

/* the next record of @c in time order (the trace's first on a tie), or NULL */
static struct fifo *next_fifo(struct merge_cpu *c, uint64_t until)
{
	struct pend *t = fifo_peek(&c->trace), *w = fifo_peek(&c->work);

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

static int emit(struct user_merge *m, struct merge_cpu *c, struct pend *p,
		record_fn fn, void *ctx)
{
	if (p->kind == RECORD_NOISE_EVENT)
		note_event(c, &p->noise);
	else if (complete(m, c, p))
		m->stopped = true;
	hand_out(p, fn, ctx);
	return 1;
}

/*
 * A timerlat IRQ record waits for the thread record after it, whose seqnum
 * it takes; if another IRQ comes first (its thread record lost), it goes
 * out with the seqnum after the last one seen.
 */
static int take(struct user_merge *m, struct merge_cpu *c, struct pend *p,
		record_fn fn, void *ctx)
{
	int n = 0;

	if (c->holding && (is_irq(p) || p->kind == RECORD_TIMERLAT)) {
		c->held_irq.timerlat.seqnum = is_irq(p) ? c->last_seq + 1 : p->timerlat.seqnum;
		c->holding = false;
		n += emit(m, c, &c->held_irq, fn, ctx);
		if (m->stopped)
			return n;
	}
	if (is_irq(p)) {
		c->held_irq = *p;
		c->holding = true;
		return n;
	}
	return n + emit(m, c, p, fn, ctx);
}

static int flush_cpu(struct user_merge *m, struct merge_cpu *c, uint64_t until,
		     record_fn fn, void *ctx)
{
	struct fifo *f;
	int n = 0;

	while (!m->stopped && (f = next_fifo(c, until))) {
		n += take(m, c, fifo_peek(f), fn, ctx);
		fifo_pop(f);
	}
	return n;
}

int umerge_flush(struct user_merge *m, uint64_t until, record_fn fn, void *ctx)
{
	int cpu, n = 0;

	for (cpu = 0; cpu < m->nr_cpus && !m->stopped; cpu++)
		n += flush_cpu(m, &m->cpu[cpu], until, fn, ctx);
	return n;
}

bool umerge_stopped(const struct user_merge *m)
{
	return m->stopped;
}

void umerge_resume(struct user_merge *m)
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
	}
	m->stopped = false;
}
