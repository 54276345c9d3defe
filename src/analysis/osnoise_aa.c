// SPDX-License-Identifier: GPL-2.0
/*
 * osnoise_aa - osnoise root-cause analysis: explains every noise sample
 *
 * Per CPU, the noise events that arrived since the previous sample wait in a
 * ring of OSNOISE_AA_MAX_EVENTS (oldest overwritten, counted). When a sample
 * arrives, the events that started inside it are summed per source into its
 * causes, what they leave is hardware, and every pending event that started
 * before the sample's end is forgotten: the ones that ended before the sample
 * began were noise below the threshold (tracing_thresh).
 *
 * Each CPU also keeps a table of its sources over the run. It counts only the
 * time inside noise samples (the events below the threshold are left out), so
 * that it explains the noise rtlens reports, and hardware is one of its rows.
 * The threads of one command are one row of it (a build's or a script's
 * one-shot processes would fill the table and push the real sources into
 * "other"), but for KVM vCPU threads, one row each; a sample's causes stay
 * one per thread.
 *
 * Kept over the run: the top_n longest samples of every CPU, and per CPU the
 * samples not followed by a longer or equal one (for osnoise_aa_last_over()).
 *
 * On a KVM host, kvm_exits (its own module) names the vCPU threads and
 * counts the exits of each sample; thread causes and sources get their
 * vCPU id when they are asked for.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/noise_event.h"
#include "analysis/osnoise_aa.h"
#include "analysis/source_journal.h"
#include "decode/softirq.h"

#define OSNOISE_AA_STAIRS	32	/* samples kept per CPU for osnoise_aa_last_over() */

/* The journal's numbering of a CPU's rows: its sources', then these two */
enum {
	ROW_HARDWARE = OSNOISE_AA_MAX_SOURCES + 1,
	ROW_SELF,
	NR_ROW_IDS,
};

#define OSNOISE_AA_SIRQ_PENDING	64	/* softirqs waiting for their thread's event */

struct osnoise_aa_cpu {
	struct noise_event	ev[OSNOISE_AA_MAX_EVENTS];	/* ring, in arrival order */
	int			first;
	int			nr_ev;
	uint64_t		dropped;	/* overwritten since the last sample */
	uint64_t		dropped_max_end;	/* latest end among those */

	int			nr_sources;	/* named, then "other" */
	struct source_row	sources[OSNOISE_AA_MAX_SOURCES + 1];
	struct source_pids	pids;		/* of the rows by command */
	struct source_row	hardware;
	struct source_row	self;		/* rtlens stopped */
	uint64_t		nr_samples;	/* the samples that changed the rows above */
	uint64_t		opening;	/* the samples the next change is the first of */
	uint64_t		sample_id;	/* of the sample being built, from 1 */

	/*
	 * What the tool's table counts: the samples from counted_from (the
	 * end of its last period at a reset) to the end of its last period
	 * (journal.settled_ns); the journal holds what the samples after that
	 * changed in the rows above.
	 */
	uint64_t		counted_from;
	struct source_journal	journal;
	uint64_t		latest_ns;	/* the latest start of a sample or event seen */
	/* the last NMI handler that handled one (nmi:nmi_handler), and when */
	char			nmi_handler[NOISE_NAME_LEN];
	uint64_t		nmi_handler_ts;
	/*
	 * PREEMPT_RT: the softirq under way in a thread (irq:softirq_entry;
	 * vector -1: none), and the softirqs that ended whose thread's noise
	 * event has not come yet (a thread preempted after one comes later
	 * than its preemptor's), oldest first
	 */
	int			sirq_vector;
	uint64_t		sirq_start;
	int			nr_sirq_pending;
	struct sirq_span {
		uint64_t	start, end, ns;
	}			sirq_pending[OSNOISE_AA_SIRQ_PENDING];

	/*
	 * The stairs: samples by time, each one longer than every later one.
	 * A sample is large and one comes every period: each stays in its
	 * slot, and only the small by-position arrays move. One slot more
	 * than the stairs hold: where the next sample is built.
	 */
	int			nr_stairs;
	int			stair_slot[OSNOISE_AA_STAIRS];	/* by position */
	uint64_t		stair_ns[OSNOISE_AA_STAIRS];	/* its duration */
	int			nr_free;
	int			free_slot[OSNOISE_AA_STAIRS + 1];
	struct osnoise_aa_sample	slots[OSNOISE_AA_STAIRS + 1];
};

struct osnoise_aa {
	int			nr_cpus;
	struct osnoise_aa_cpu	**cpu;		/* allocated on first use */
	int			top_n;
	bool			follow_table;	/* osnoise_aa_follow_table() */
	int			nr_worst;	/* longest first */
	int			worst_alloc;
	struct osnoise_aa_sample	*worst;
	struct kvm_exits	*kvm;		/* vCPU threads and exits, on a KVM host */
};

enum osnoise_evidence osnoise_aa_evidence(int kind)
{
	if (kind == OSNOISE_CAUSE_HARDWARE)
		return OSNOISE_INFERRED;
	if (kind == OSNOISE_CAUSE_VM)
		return OSNOISE_ESTIMATED;
	return OSNOISE_TRACED;
}

const char *osnoise_aa_evidence_name(enum osnoise_evidence e)
{
	static const char *const name[] = {
		[OSNOISE_TRACED] = "traced",
		[OSNOISE_INFERRED] = "inferred",
		[OSNOISE_ESTIMATED] = "estimated",
	};

	return name[e];
}

const char *osnoise_aa_kind_name(enum osnoise_cause_kind kind)
{
	switch (kind) {
	case OSNOISE_CAUSE_NMI:
		return "nmi";
	case OSNOISE_CAUSE_IRQ:
		return "irq";
	case OSNOISE_CAUSE_SOFTIRQ:
		return "softirq";
	case OSNOISE_CAUSE_THREAD:
		return "thread";
	case OSNOISE_CAUSE_HARDWARE:
		return "hardware";
	case OSNOISE_CAUSE_VM:
		return "vm";
	case OSNOISE_CAUSE_OTHER:
		return "other";
	case OSNOISE_CAUSE_SELF:
		return "rtlens";
	}
	return "unknown";
}

struct osnoise_aa *osnoise_aa_new(int nr_cpus, int top_n)
{
	struct osnoise_aa *aa;

	if (nr_cpus <= 0 || top_n < 0)
		return NULL;
	aa = calloc(1, sizeof(*aa));
	if (!aa)
		return NULL;
	aa->cpu = calloc(nr_cpus, sizeof(*aa->cpu));
	aa->kvm = kvm_exits_new(nr_cpus);
	if (!aa->cpu || !aa->kvm) {
		osnoise_aa_free(aa);
		return NULL;
	}
	aa->nr_cpus = nr_cpus;
	aa->top_n = top_n;
	return aa;
}

void osnoise_aa_free(struct osnoise_aa *aa)
{
	int cpu;

	if (!aa)
		return;
	for (cpu = 0; aa->cpu && cpu < aa->nr_cpus; cpu++) {
		if (aa->cpu[cpu]) {
			source_pids_free(&aa->cpu[cpu]->pids);
			source_journal_free(&aa->cpu[cpu]->journal);
		}
		free(aa->cpu[cpu]);
	}
	free(aa->cpu);
	free(aa->worst);
	kvm_exits_free(aa->kvm);
	free(aa);
}


static struct noise_event *ring_at(struct osnoise_aa_cpu *c, int i)
{
	return &c->ev[(c->first + i) % OSNOISE_AA_MAX_EVENTS];
}

static void name_nmi(const struct osnoise_aa_cpu *c, struct noise_event *e);

static void feed_noise(struct osnoise_aa_cpu *c, const struct noise_event *e)
{
	c->latest_ns = max_u64(c->latest_ns, e->start_ns);
	if (c->nr_ev == OSNOISE_AA_MAX_EVENTS) {
		c->dropped++;
		c->dropped_max_end = max_u64(c->dropped_max_end, ev_end(ring_at(c, 0)));
		c->first = (c->first + 1) % OSNOISE_AA_MAX_EVENTS;
		c->nr_ev--;
	}
	*ring_at(c, c->nr_ev) = *e;
	if (e->kind == NOISE_NMI)
		name_nmi(c, ring_at(c, c->nr_ev));
	c->nr_ev++;
}

/*
 * An NMI's handler returns (nmi:nmi_handler) before the NMI ends and osnoise
 * reports it (osnoise:nmi_noise), on the same CPU: the handler that handled
 * it last inside the NMI's time names it.
 */
static void note_nmi_handler(struct osnoise_aa_cpu *c, const struct ctx_edge *e)
{
	if (!e->ret)
		return;
	snprintf(c->nmi_handler, sizeof(c->nmi_handler), "%s", e->name);
	c->nmi_handler_ts = e->ts;
}

/* the IRQs and NMIs in the ring inside [from, to]: what a softirq's wall time holds */
static uint64_t nested_irqs(struct osnoise_aa_cpu *c, uint64_t from, uint64_t to)
{
	uint64_t ns = 0;

	for (int i = c->nr_ev - 1; i >= 0; i--) {
		const struct noise_event *e = ring_at(c, i);

		if (e->start_ns < from)
			break;
		if ((e->kind == NOISE_IRQ || e->kind == NOISE_NMI) && ev_end(e) <= to)
			ns += e->duration_ns;
	}
	return ns;
}

/*
 * PREEMPT_RT: a softirq ran in a thread from its entry to its exit. It
 * becomes a softirq noise event of its own, its time net of the IRQs
 * inside it (osnoise reports those), and is taken out of the noise of the
 * thread that ran it when that thread's event comes (take_softirqs()).
 */
static void note_softirq(struct osnoise_aa_cpu *c, const struct ctx_edge *edge)
{
	struct noise_event e = { .kind = NOISE_SOFTIRQ, .cpu = edge->cpu };
	uint64_t wall, nested;

	if (edge->kind == CTX_SOFTIRQ_ENTRY) {
		c->sirq_vector = edge->vector;
		c->sirq_start = edge->ts;
		return;
	}
	if (c->sirq_vector != edge->vector || edge->ts < c->sirq_start)
		return;
	c->sirq_vector = -1;
	wall = edge->ts - c->sirq_start;
	nested = nested_irqs(c, c->sirq_start, edge->ts);
	e.start_ns = c->sirq_start;
	e.duration_ns = wall > nested ? wall - nested : 0;
	e.ts = edge->ts;
	e.vector = edge->vector;
	snprintf(e.name, sizeof(e.name), "%s", edge->name);
	if (c->nr_sirq_pending == OSNOISE_AA_SIRQ_PENDING) {	/* the oldest: its thread is gone */
		memmove(c->sirq_pending, c->sirq_pending + 1,
			sizeof(c->sirq_pending) - sizeof(c->sirq_pending[0]));
		c->nr_sirq_pending--;
	}
	c->sirq_pending[c->nr_sirq_pending++] = (struct sirq_span){
		.start = e.start_ns, .end = e.ts, .ns = e.duration_ns,
	};
	feed_noise(c, &e);
}

/*
 * The softirqs a thread ran, out of its noise (they are counted as
 * softirqs): those inside its run; the others wait for their own thread.
 */
static void take_softirqs(struct osnoise_aa_cpu *c, struct noise_event *thread)
{
	uint64_t take = 0;
	int i, kept = 0;

	for (i = 0; i < c->nr_sirq_pending; i++) {
		const struct sirq_span *s = &c->sirq_pending[i];

		if (s->start >= thread->start_ns && s->end <= thread->ts)
			take += s->ns;
		else
			c->sirq_pending[kept++] = *s;
	}
	c->nr_sirq_pending = kept;
	thread->duration_ns -= min_u64(thread->duration_ns, take);
}

/*
 * The kernel tracer's NMIs come unnamed ("nmi"): named by the handler that
 * handled one inside them. The user engine's come named by their handlers.
 */
static void name_nmi(const struct osnoise_aa_cpu *c, struct noise_event *e)
{
	if (e->name[0] && strcmp(e->name, "nmi"))
		return;
	snprintf(e->name, sizeof(e->name), "nmi");
	if (c->nmi_handler[0] && c->nmi_handler_ts >= e->start_ns &&
	    c->nmi_handler_ts <= ev_end(e))
		snprintf(e->name, sizeof(e->name), "%s", c->nmi_handler);
}

/* ---- sources: an IRQ (name, vector), a softirq, a thread, the NMIs ---- */

static void event_id(const struct noise_event *e, struct source_id *id)
{
	id->vector = -1;
	id->pid = -1;
	id->by_command = false;
	id->name = e->name[0] ? e->name : "<...>";
	switch (e->kind) {
	case NOISE_NMI:		/* its handler (nmi_name()), else "nmi" */
		id->kind = OSNOISE_CAUSE_NMI;
		break;
	case NOISE_IRQ:
		id->kind = OSNOISE_CAUSE_IRQ;
		id->vector = e->vector;
		break;
	case NOISE_SOFTIRQ:
		id->kind = OSNOISE_CAUSE_SOFTIRQ;
		id->vector = e->vector;
		if (!e->name[0] && softirq_name(e->vector))
			id->name = softirq_name(e->vector);
		break;
	case NOISE_SELF:
		id->kind = OSNOISE_CAUSE_SELF;	/* one source, whatever the thread */
		break;
	case NOISE_THREAD:
	default:
		id->kind = OSNOISE_CAUSE_THREAD;
		id->pid = e->pid;
		break;
	}
}

static void cause_id(const struct osnoise_aa_cause *k, struct source_id *id)
{
	id->kind = k->kind;
	id->name = k->name;
	id->vector = k->vector;
	id->pid = k->pid;
	id->by_command = false;
}

/* Index of id among the named entries, or where it goes (max: "other"). */
static int find_cause(const struct osnoise_aa_sample *s, const struct source_id *id)
{
	int named = s->nr_causes < OSNOISE_AA_MAX_CAUSES ? s->nr_causes : OSNOISE_AA_MAX_CAUSES;
	struct source_id known;
	int i;

	for (i = 0; i < named; i++) {
		cause_id(&s->causes[i], &known);
		if (source_id_equal(id, &known))
			return i;
	}
	return named;
}

static void cause_init(struct osnoise_aa_cause *k, enum osnoise_cause_kind kind, const char *name,
		       int vector, int pid)
{
	memset(k, 0, sizeof(*k));
	k->kind = kind;
	snprintf(k->name, sizeof(k->name), "%s", name);
	k->vector = vector;
	k->pid = pid;
	k->vcpu = -1;
}

static void sample_add(struct osnoise_aa_sample *s, const struct noise_event *e)
{
	struct source_id id;
	int i;

	event_id(e, &id);
	i = find_cause(s, &id);
	if (i == s->nr_causes) {
		if (i < OSNOISE_AA_MAX_CAUSES)
			cause_init(&s->causes[i], id.kind, id.name, id.vector, id.pid);
		else
			cause_init(&s->causes[i], OSNOISE_CAUSE_OTHER, "other", -1, -1);
		s->nr_causes++;
	}
	s->causes[i].count++;
	s->causes[i].ns += e->duration_ns;
	s->nr_events++;
}

/* The rows of their own, empty: hardware, rtlens's stops; no sample */
static void rows_init(struct osnoise_aa_cpu *c)
{
	source_row_init(&c->hardware, OSNOISE_CAUSE_HARDWARE, "hardware", -1, -1);
	source_row_init(&c->self, OSNOISE_CAUSE_SELF, NOISE_SELF_NAME, -1, -1);
	c->nr_samples = 0;
}

static struct osnoise_aa_cpu *cpu_state(struct osnoise_aa *aa, int cpu)
{
	struct osnoise_aa_cpu *c;

	if (!aa || cpu < 0 || cpu >= aa->nr_cpus)
		return NULL;
	if (aa->cpu[cpu])
		return aa->cpu[cpu];
	c = calloc(1, sizeof(*c));
	if (!c)
		return NULL;
	rows_init(c);
	c->sirq_vector = -1;
	/* without a table to follow, every sample counts at once */
	c->journal.settled_ns = aa->follow_table ? 0 : UINT64_MAX;
	for (c->nr_free = 0; c->nr_free <= OSNOISE_AA_STAIRS; c->nr_free++)
		c->free_slot[c->nr_free] = c->nr_free;
	aa->cpu[cpu] = c;
	return c;
}

/* The row of the CPU's table that @id's time goes to */
static struct source_row *table_row(struct osnoise_aa_cpu *c, const struct kvm_exits *kvm,
				    struct source_id *id)
{
	id->by_command = id->kind == OSNOISE_CAUSE_THREAD && kvm_exits_vcpu(kvm, id->pid) < 0;
	return source_table_row(c->sources, &c->nr_sources, OSNOISE_AA_MAX_SOURCES, id,
				OSNOISE_CAUSE_OTHER);
}

/* The journal's number of a row of @c */
static int row_number(const struct osnoise_aa_cpu *c, const struct source_row *row)
{
	if (row == &c->hardware)
		return ROW_HARDWARE;
	if (row == &c->self)
		return ROW_SELF;
	return (int)(row - c->sources);
}

/*
 * @row of @c is about to get @ns more from the sample that started at
 * @start_ns; the sample counts when it first changes a row (c->opening)
 */
static void row_changes(struct osnoise_aa_cpu *c, const struct source_row *row, uint64_t start_ns,
			uint64_t ns)
{
	source_journal_note(&c->journal, start_ns, row_number(c, row), row, ns, c->opening);
	c->nr_samples += c->opening;
	c->opening = 0;
}

/*
 * A thread's event to its command's row, a vCPU thread's (known so far) to
 * its own; of the sample that started at @start_ns.
 */
static void table_add(struct osnoise_aa_cpu *c, const struct kvm_exits *kvm,
		      const struct noise_event *e, uint64_t start_ns)
{
	struct source_row *row;
	struct source_id id;
	int new_pid;

	event_id(e, &id);
	row = table_row(c, kvm, &id);
	row_changes(c, row, start_ns, e->duration_ns);
	source_row_in_sample(row, c->sample_id);
	if (!row->by_command) {
		source_row_add(row, e->duration_ns);
		return;
	}
	new_pid = source_pids_add(&c->pids, (int)(row - c->sources), e->pid);
	source_row_add_pid(row, e->pid, new_pid, e->duration_ns);
}

/* @ns to a row of its own (hardware, rtlens's stops) */
static void table_add_to(struct osnoise_aa_cpu *c, struct source_row *row, uint64_t start_ns,
			 uint64_t ns)
{
	row_changes(c, row, start_ns, ns);
	source_row_add(row, ns);
	source_row_in_sample(row, c->sample_id);
}

/* @ns less for the row of a sample's cause: its time counted twice */
static void table_take(struct osnoise_aa_cpu *c, const struct kvm_exits *kvm,
		       const struct osnoise_aa_cause *cause, uint64_t start_ns, uint64_t ns)
{
	struct source_id id;
	struct source_row *row;

	cause_id(cause, &id);
	row = table_row(c, kvm, &id);	/* the row its events went to */
	row_changes(c, row, start_ns, 0);
	row->total_ns -= min_u64(ns, row->total_ns);
	row->max_ns = min_u64(row->max_ns, row->total_ns);
}

/* ---- one sample ---- */

static bool in_sample(const struct noise_event *e, const struct noise_sample *ns)
{
	return e->start_ns >= ns->start_ns && e->start_ns < ns->start_ns + ns->duration_ns;
}

/* Ties in time: by kind, name, vector, pid, for a stable output. */
static int cmp_cause(const void *a, const void *b)
{
	const struct osnoise_aa_cause *x = a, *y = b;
	struct source_id ix, iy;

	if (x->ns != y->ns)
		return x->ns > y->ns ? -1 : 1;
	cause_id(x, &ix);
	cause_id(y, &iy);
	return source_id_cmp(&ix, &iy);
}

/* Largest cause first, "other" stays last. */
static void sort_causes(struct osnoise_aa_sample *s)
{
	int named = s->nr_causes < OSNOISE_AA_MAX_CAUSES ? s->nr_causes : OSNOISE_AA_MAX_CAUSES;

	struct osnoise_aa_cause k;
	int i, j;

	/* a handful, sorted every period: by insertion, stable as cmp_cause wants */
	for (i = 1; i < named; i++) {
		k = s->causes[i];
		for (j = i; j > 0 && cmp_cause(&s->causes[j - 1], &k) > 0; j--)
			s->causes[j] = s->causes[j - 1];
		s->causes[j] = k;
	}
}

/*
 * Events lost to the ring that may have been in the sample: only if one of
 * them ended after the sample began, and no more than the kernel's count
 * says are missing.
 */
static uint64_t sample_dropped(const struct osnoise_aa_cpu *c, const struct osnoise_aa_sample *s)
{
	uint64_t missing;

	if (!c->dropped || c->dropped_max_end < s->start_ns)
		return 0;
	missing = s->interference > s->nr_events ? s->interference - s->nr_events : 0;
	return min_u64(c->dropped, missing);
}

/*
 * The threads of a sample that ran KVM vCPUs, as known when it is asked for
 * (a thread's first exit from a guest may come after its first noise).
 */
static void label_vcpus(const struct kvm_exits *kvm, struct osnoise_aa_sample *s)
{
	int i;

	for (i = 0; i < s->nr_causes; i++)
		if (s->causes[i].kind == OSNOISE_CAUSE_THREAD)
			s->causes[i].vcpu = kvm_exits_vcpu(kvm, s->causes[i].pid);
}

/* Outer first: a thread's window may hold a softirq, which may hold an IRQ, then an NMI */
static const enum osnoise_cause_kind outer_first[] = {
	OSNOISE_CAUSE_THREAD, OSNOISE_CAUSE_SOFTIRQ, OSNOISE_CAUSE_IRQ, OSNOISE_CAUSE_NMI,
	OSNOISE_CAUSE_OTHER,
};

/*
 * The causes' times add up to more than the sample (events that overlap:
 * a nested one also counted in the one around it): the excess is taken
 * from the outer causes first, the largest first among those of a kind,
 * so that each moment counts once, in the innermost, and the parts add up
 * to the duration with no hardware; in the CPU's table too when @in_table.
 */
static void count_once(struct osnoise_aa_cpu *c, const struct kvm_exits *kvm,
		       struct osnoise_aa_sample *s, bool in_table)
{
	uint64_t excess = (uint64_t)-s->hardware_ns;

	s->overlap_ns = excess;
	for (size_t k = 0; excess && k < sizeof(outer_first) / sizeof(outer_first[0]); k++) {
		for (int i = 0; excess && i < s->nr_causes; i++) {
			struct osnoise_aa_cause *cause = &s->causes[i];
			uint64_t take = min_u64(excess, cause->ns);

			if (cause->kind != outer_first[k] || !take)
				continue;
			cause->ns -= take;
			excess -= take;
			if (in_table && cause->kind != OSNOISE_CAUSE_OTHER)
				table_take(c, kvm, cause, s->start_ns, take);
		}
	}
	s->hardware_ns = 0;
}

/* Attributes the pending events to the sample, forgets those before its end. */
static void build_sample(struct osnoise_aa_cpu *c, struct kvm_exits *kvm,
			 const struct noise_sample *ns, struct osnoise_aa_sample *s)
{
	uint64_t end = ns->start_ns + ns->duration_ns;
	bool counted = ns->start_ns >= c->counted_from;	/* not before a reset */
	int i, kept = 0;

	/* a sample per period on every CPU: not cleared whole, its causes are set as they come */
	s->nr_events = 0;
	s->nr_causes = 0;
	s->vm_ns = 0;
	s->hardware_ns = 0;
	s->overlap_ns = 0;
	s->events_dropped = 0;
	s->cpu = ns->cpu;
	s->start_ns = ns->start_ns;
	s->duration_ns = ns->duration_ns;
	s->interference = ns->interference;
	c->opening = counted && !ns->self_ns;	/* rtlens's stops are no noise sample */
	c->sample_id++;		/* two samples are two, even of one start */
	for (i = 0; i < c->nr_ev; i++) {
		struct noise_event *e = ring_at(c, i);

		if (in_sample(e, ns)) {
			sample_add(s, e);
			/* a sample rtlens stopped is not noise: only the stop counts */
			if (!counted)
				continue;
			if (e->kind == NOISE_SELF)
				table_add_to(c, &c->self, ns->start_ns, e->duration_ns);
			else if (!ns->self_ns)
				table_add(c, kvm, e, ns->start_ns);
		} else if (e->start_ns >= end) {
			if (kept != i)		/* kept < i: compacts in place */
				*ring_at(c, kept) = *e;
			kept++;
		}
	}
	c->nr_ev = kept;
	sort_causes(s);
	s->hardware_ns = (int64_t)s->duration_ns - osnoise_aa_parts_sum(s);
	if (s->hardware_ns < 0) {
		count_once(c, kvm, s, counted && !ns->self_ns);
		sort_causes(s);
	}
	kvm_exits_sample(kvm, s->cpu, s->start_ns, end, &s->kvm_exits);
	if (s->hardware_ns > 0 && !ns->self_ns && counted)
		table_add_to(c, &c->hardware, ns->start_ns, (uint64_t)s->hardware_ns);
	s->events_dropped = sample_dropped(c, s);
	c->opening = 0;		/* one that changed no row: not counted */
	c->dropped = 0;
	c->dropped_max_end = 0;
}

int64_t osnoise_aa_parts_sum(const struct osnoise_aa_sample *s)
{
	int64_t sum = (int64_t)s->vm_ns + s->hardware_ns;
	int i;

	for (i = 0; i < s->nr_causes; i++)
		sum += (int64_t)s->causes[i].ns;
	return sum;
}

/* The sample at @pos leaves the stairs; its slot is free again. */
static void stairs_remove(struct osnoise_aa_cpu *c, int pos)
{
	c->free_slot[c->nr_free++] = c->stair_slot[pos];
	memmove(&c->stair_slot[pos], &c->stair_slot[pos + 1],
		(c->nr_stairs - pos - 1) * sizeof(c->stair_slot[0]));
	memmove(&c->stair_ns[pos], &c->stair_ns[pos + 1],
		(c->nr_stairs - pos - 1) * sizeof(c->stair_ns[0]));
	c->nr_stairs--;
}

/* Evicts the sample whose older neighbour is closest in duration (never the first). */
static void stairs_evict(struct osnoise_aa_cpu *c)
{
	uint64_t best = UINT64_MAX;
	int i, victim = 1;

	for (i = 1; i < c->nr_stairs; i++) {
		uint64_t gap = c->stair_ns[i - 1] - c->stair_ns[i];

		if (gap < best) {
			best = gap;
			victim = i;
		}
	}
	stairs_remove(c, victim);
}

/* Room on the stairs for a sample of @duration_ns. */
static void stairs_make_room(struct osnoise_aa_cpu *c, uint64_t duration_ns)
{
	while (c->nr_stairs && c->stair_ns[c->nr_stairs - 1] <= duration_ns)
		stairs_remove(c, c->nr_stairs - 1);
	if (c->nr_stairs == OSNOISE_AA_STAIRS)
		stairs_evict(c);
}

/* The free slot the next sample is built in (there is always one). */
static struct osnoise_aa_sample *stairs_next(struct osnoise_aa_cpu *c)
{
	return &c->slots[c->free_slot[c->nr_free - 1]];
}

/* The sample built in stairs_next() goes on the stairs, last. */
static void stairs_push(struct osnoise_aa_cpu *c, uint64_t duration_ns)
{
	c->stair_slot[c->nr_stairs] = c->free_slot[--c->nr_free];
	c->stair_ns[c->nr_stairs++] = duration_ns;
}

/*
 * @a goes ahead of @b: longer; on a tie, started first, then the lower
 * CPU. Not the order they came in: the same samples read CPU after CPU
 * (a replay) or in time order across the CPUs keep the same list.
 */
static bool worse(const struct osnoise_aa_sample *a, const struct osnoise_aa_sample *b)
{
	if (a->duration_ns != b->duration_ns)
		return a->duration_ns > b->duration_ns;
	if (a->start_ns != b->start_ns)
		return a->start_ns < b->start_ns;
	return a->cpu < b->cpu;
}

/* Keeps the top_n longest, the worst first (worse()). */
static void worst_add(struct osnoise_aa *aa, const struct osnoise_aa_sample *s)
{
	struct osnoise_aa_sample *grown;
	int pos, alloc;

	if (!aa->top_n)
		return;
	if (aa->nr_worst == aa->top_n && !worse(s, &aa->worst[aa->nr_worst - 1]))
		return;
	if (aa->nr_worst < aa->top_n && aa->nr_worst == aa->worst_alloc) {
		alloc = aa->worst_alloc ? aa->worst_alloc * 2 : 8;
		if (alloc > aa->top_n)
			alloc = aa->top_n;
		grown = realloc(aa->worst, alloc * sizeof(*grown));
		if (!grown)
			return;
		aa->worst = grown;
		aa->worst_alloc = alloc;
	}
	pos = aa->nr_worst < aa->top_n ? aa->nr_worst : aa->top_n - 1;
	while (pos > 0 && worse(s, &aa->worst[pos - 1]))
		pos--;
	if (aa->nr_worst < aa->top_n)
		aa->nr_worst++;
	memmove(&aa->worst[pos + 1], &aa->worst[pos],
		(aa->nr_worst - pos - 1) * sizeof(aa->worst[0]));
	aa->worst[pos] = *s;
}

uint64_t osnoise_aa_samples_wanted_from(const struct osnoise_aa *aa)
{
	if (!aa->top_n)
		return UINT64_MAX;
	if (aa->nr_worst < aa->top_n)
		return 0;
	return aa->worst[aa->nr_worst - 1].duration_ns + 1;
}

/*
 * Built where it is kept (a sample is large, and one comes every period):
 * on the stairs, or, for a sample rtlens stopped or one of before a reset,
 * in the spare slot past them, which the next sample overwrites.
 */
static void feed_sample(struct osnoise_aa *aa, struct osnoise_aa_cpu *c, const struct noise_sample *ns)
{
	/* not kept: a sample rtlens stopped, or one of before a reset */
	bool spare = ns->self_ns || ns->start_ns < c->counted_from;
	struct osnoise_aa_sample *s;

	c->latest_ns = max_u64(c->latest_ns, ns->start_ns);
	if (!spare)
		stairs_make_room(c, ns->duration_ns);
	s = stairs_next(c);
	build_sample(c, aa->kvm, ns, s);
	if (spare)
		return;
	stairs_push(c, s->duration_ns);
	worst_add(aa, s);
}

/*
 * Samples without interference counted in the kernel (BPF), all hardware;
 * they come without their times, read once a poll: they may be of the
 * period under way, even on a CPU where nothing else happened since the
 * table's last period. They count as of the latest time seen on the CPU,
 * or the end of the table's last period if later: taken back with the
 * period a stop cuts short, they make the sources never more than the
 * table (the part of the period before read with them is left out).
 */
static void add_hw_samples(const struct osnoise_aa *aa, struct osnoise_aa_cpu *c,
			   const struct hw_samples *hw)
{
	uint64_t at = c->latest_ns;

	if (aa->follow_table)
		at = max_u64(at, c->journal.settled_ns);
	c->opening = hw->count;
	row_changes(c, &c->hardware, at, hw->total_ns);
	source_row_add_many(&c->hardware, hw->count, hw->total_ns, hw->max_ns);
	c->hardware.samples += hw->count;
}

static void feed_edge(struct osnoise_aa *aa, const struct ctx_edge *edge)
{
	struct osnoise_aa_cpu *c;

	if (edge->kind != CTX_NMI && edge->kind != CTX_SOFTIRQ_ENTRY &&
	    edge->kind != CTX_SOFTIRQ_EXIT)
		return;
	c = cpu_state(aa, edge->cpu);
	if (c && edge->kind == CTX_NMI)
		note_nmi_handler(c, edge);
	else if (c && edge->rt_split)	/* not those the noise events count already */
		note_softirq(c, edge);
}

void osnoise_aa_feed(struct osnoise_aa *aa, const struct rtl_record *rec)
{
	struct osnoise_aa_cpu *c;

	switch (rec->kind) {
	case RECORD_NOISE_EVENT:
		c = cpu_state(aa, rec->noise.cpu);
		if (c && rec->noise.kind == NOISE_THREAD) {
			struct noise_event e = rec->noise;

			take_softirqs(c, &e);
			feed_noise(c, &e);
		} else if (c) {
			feed_noise(c, &rec->noise);
		}
		if (c && rec->noise.kind == NOISE_THREAD)
			kvm_exits_thread_end(aa->kvm, rec->noise.cpu, rec->noise.pid,
					     rec->noise.start_ns);
		break;
	case RECORD_NOISE_SAMPLE:
		c = cpu_state(aa, rec->sample.cpu);
		if (c)
			feed_sample(aa, c, &rec->sample);
		break;
	case RECORD_KVM:
		if (aa)
			kvm_exits_feed(aa->kvm, &rec->kvm);
		break;
	case RECORD_CTX:	/* NMIs' handlers, RT's softirqs; the rest is the vCPU analysis' */
		feed_edge(aa, &rec->edge);
		break;
	case RECORD_HW_SAMPLES:		/* all hardware: what build_sample() makes of them */
		c = cpu_state(aa, rec->hw.cpu);
		if (c)
			add_hw_samples(aa, c, &rec->hw);
		break;
	default:
		break;
	}
}

/*
 * The tables start again where the noise model's counts do (the live
 * screen's r): the sources, hardware, rtlens's stops, the worst samples,
 * the threshold's stairs and the KVM exits' totals. The events waiting
 * for their sample stay: they belong to the next one. The samples that
 * started before the end of the table's last period are left out from
 * now on: the table counts none of them any more. Those of the period
 * under way when the reset came, explained before it, are not counted
 * again (the table will count that period whole): "not explained" holds
 * them.
 */
void osnoise_aa_reset(struct osnoise_aa *aa)
{
	for (int cpu = 0; aa && cpu < aa->nr_cpus; cpu++) {
		struct osnoise_aa_cpu *c = aa->cpu[cpu];

		if (!c)
			continue;
		c->nr_sources = 0;
		source_pids_free(&c->pids);
		source_journal_clear(&c->journal);
		c->counted_from = aa->follow_table ? c->journal.settled_ns : 0;
		rows_init(c);
		while (c->nr_stairs)
			stairs_remove(c, c->nr_stairs - 1);
	}
	if (aa) {
		aa->nr_worst = 0;
		kvm_exits_reset_totals(aa->kvm);
	}
}

/* ---- queries ---- */

static const struct osnoise_aa_cpu *cpu_get(const struct osnoise_aa *aa, int cpu)
{
	if (!aa || cpu < 0 || cpu >= aa->nr_cpus)
		return NULL;
	return aa->cpu[cpu];
}

int osnoise_aa_last_over(const struct osnoise_aa *aa, int cpu, uint64_t threshold_ns,
		     struct osnoise_aa_sample *out)
{
	const struct osnoise_aa_cpu *c = cpu_get(aa, cpu);
	int i;

	if (!c)
		return -1;
	for (i = c->nr_stairs - 1; i >= 0; i--) {
		if (c->stair_ns[i] >= threshold_ns) {
			*out = c->slots[c->stair_slot[i]];
			label_vcpus(aa->kvm, out);
			return 0;
		}
	}
	return -1;
}

int osnoise_aa_worst(const struct osnoise_aa *aa, struct osnoise_aa_sample *out, int max)
{
	int i, n;

	if (!aa || max <= 0)
		return 0;
	n = aa->nr_worst < max ? aa->nr_worst : max;
	if (n)
		memcpy(out, aa->worst, n * sizeof(*out));
	for (i = 0; i < n; i++)
		label_vcpus(aa->kvm, &out[i]);
	return n;
}

void osnoise_aa_follow_table(struct osnoise_aa *aa)
{
	aa->follow_table = true;
}

void osnoise_aa_period_end(struct osnoise_aa *aa, int cpu, uint64_t ts)
{
	struct osnoise_aa_cpu *c = aa && aa->follow_table ? cpu_state(aa, cpu) : NULL;

	if (c)
		source_journal_settle(&c->journal, ts);
}

uint64_t osnoise_aa_unsure_ns(const struct osnoise_aa *aa, int cpu)
{
	const struct osnoise_aa_cpu *c = cpu_get(aa, cpu);

	return c ? c->journal.unsure_ns : 0;
}

/*
 * @c's rows as the table counts them, into @all (room for
 * OSNOISE_AA_TABLE_LEN): the changes past its last period undone, the rows
 * left empty dropped. Returns how many; *@samples: the samples they cover.
 */
static int counted_rows(const struct osnoise_aa_cpu *c, struct source_row *all,
			uint64_t *samples)
{
	struct source_row hardware = c->hardware, self = c->self, *by_id[NR_ROW_IDS] = { NULL };
	int i, n = 0;

	memcpy(all, c->sources, c->nr_sources * sizeof(all[0]));
	for (i = 0; i < c->nr_sources; i++)
		by_id[i] = &all[i];
	by_id[ROW_HARDWARE] = &hardware;
	by_id[ROW_SELF] = &self;
	*samples = c->nr_samples - source_journal_undo(&c->journal, by_id, NR_ROW_IDS);
	for (i = 0; i < c->nr_sources; i++)
		if (all[i].count)
			all[n++] = all[i];
	if (hardware.count)
		all[n++] = hardware;
	if (self.count)
		all[n++] = self;
	return n;
}

int osnoise_aa_sources(const struct osnoise_aa *aa, int cpu, struct source_row *out, int max)
{
	const struct osnoise_aa_cpu *c = cpu_get(aa, cpu);
	struct source_row all[OSNOISE_AA_TABLE_LEN];
	uint64_t samples;
	int i, n;

	if (!c || max <= 0)
		return 0;
	n = counted_rows(c, all, &samples);
	/* a command's row of one thread may be a vCPU's first events */
	for (i = 0; i < n; i++)
		if (all[i].kind == OSNOISE_CAUSE_THREAD && all[i].nr_pids == 1)
			all[i].vcpu = kvm_exits_vcpu(aa->kvm, all[i].pid);
	source_table_sort(all, n);
	if (n > max)
		n = max;
	memcpy(out, all, n * sizeof(*out));
	return n;
}

uint64_t osnoise_aa_samples(const struct osnoise_aa *aa, int cpu)
{
	const struct osnoise_aa_cpu *c = cpu_get(aa, cpu);
	struct source_row all[OSNOISE_AA_TABLE_LEN];
	uint64_t samples = 0;

	if (c)
		counted_rows(c, all, &samples);
	return samples;
}

void osnoise_aa_balance(const struct source_row *table, int n, uint64_t noise_us,
			uint64_t periods, struct osnoise_aa_balance *out)
{
	uint64_t band = periods * 999;
	int i;

	memset(out, 0, sizeof(*out));
	out->noise_ns = noise_us * 1000;
	for (i = 0; i < n; i++)
		if (table[i].kind != OSNOISE_CAUSE_SELF)
			out->sources_ns += table[i].total_ns;
	if (out->sources_ns > out->noise_ns)
		out->rounding_ns = min_u64(out->sources_ns - out->noise_ns, band);
	out->not_explained_ns = (int64_t)(out->noise_ns + out->rounding_ns) -
				(int64_t)out->sources_ns;
}

void osnoise_aa_kvm_exits(const struct osnoise_aa *aa, int cpu, struct kvm_exit_counts *out)
{
	kvm_exits_cpu_totals(aa ? aa->kvm : NULL, cpu, out);
}

int osnoise_aa_nr_vcpus(const struct osnoise_aa *aa)
{
	return aa ? kvm_exits_nr_vcpus(aa->kvm) : 0;
}

/* ---- the VM split ---- */

static int find_kind(const struct source_row *table, int n, int kind)
{
	int i;

	for (i = 0; i < n; i++)
		if (table[i].kind == kind)
			return i;
	return -1;
}

/* An estimate has no count, no longest, no samples: only its total */
static void vm_row(struct source_row *row)
{
	uint64_t total = row->total_ns;

	source_row_init(row, OSNOISE_CAUSE_VM, OSNOISE_AA_VM_NAME, -1, -1);
	row->total_ns = total;
}

int osnoise_aa_split_vm(struct source_row *table, int *n, int max, uint64_t steal_ns)
{
	int hw = find_kind(table, *n, OSNOISE_CAUSE_HARDWARE);
	int vm = find_kind(table, *n, OSNOISE_CAUSE_VM);
	struct source_row *h;
	uint64_t moved;

	if (hw < 0)
		return 0;
	h = &table[hw];
	moved = min_u64(steal_ns, h->total_ns);
	moved -= moved % OSNOISE_AA_VM_GRAIN_NS;
	if (!moved)
		return 0;
	if (vm < 0 && moved < h->total_ns && *n >= max)
		return -1;
	if (vm < 0 && moved == h->total_ns) {
		vm_row(h);		/* all of it: the row becomes the estimate */
		source_table_sort(table, *n);
		return 0;
	}
	if (vm < 0) {
		vm = (*n)++;
		source_row_init(&table[vm], OSNOISE_CAUSE_VM, OSNOISE_AA_VM_NAME, -1, -1);
	}
	table[vm].total_ns += moved;
	h->total_ns -= moved;
	h->max_ns = min_u64(h->max_ns, h->total_ns);
	if (!h->total_ns) {
		memmove(h, h + 1, (*n - hw - 1) * sizeof(*h));
		(*n)--;
	}
	source_table_sort(table, *n);
	return 0;
}

void osnoise_aa_sample_split_vm(struct osnoise_aa_sample *s, uint64_t steal_ns)
{
	uint64_t moved;

	if (s->hardware_ns <= 0)
		return;
	moved = min_u64(steal_ns, (uint64_t)s->hardware_ns);
	s->vm_ns += moved;
	s->hardware_ns -= (int64_t)moved;
}
