// SPDX-License-Identifier: GPL-2.0
/*
 * osnoise_aa_json - the osnoise root-cause analysis as JSON: one noise sample,
 * and a CPU's table of noise sources
 *
 * Times are microseconds, numbers with up to 3 decimals (ns resolution). The
 * parts of a sample add up: sum(causes[].us) + vm_us + hardware_us ==
 * duration_us (exact in ns, rounded here).
 *
 * sample: {
 *   "cpu": integer,
 *   "start_ns": integer,		trace clock
 *   "duration_us": number,
 *   "interference": integer,		interfering events the kernel counted
 *   "events": integer,			events traced and attributed to the sample
 *   "events_dropped": integer,		lost to the per-CPU bound (time in hardware)
 *   "causes": [ cause, ... ],		largest first, "other" last; at most 17
 *   "vm_us": number,			hardware time matched by steal, else 0
 *   "hardware_us": number,		what no event explains, >= 0
 *   "overlap_us": number,		(2.2) the events' time counted twice
 *					(overlapping events), taken from the
 *					outer causes
 *   "parts_sum_us": number,		== duration_us
 *   "kvm_exits": kvm_exits		(1.3) on a KVM host, the exits inside it
 * }
 * kvm_exits: {
 *   "total": integer,			exits seen (all 0 when KVM is not traced)
 *   "dropped": integer,		lost to the per-CPU bound, reasons unknown
 *   "by_reason": [ {"reason": string, "count": integer}, ... ]
 *					most frequent first, at most 8, then "other"
 * }
 * cause: {
 *   "kind": "nmi" | "irq" | "softirq" | "thread" | "other",
 *   "name": string,			IRQ desc, softirq name, comm, "nmi", or
 *					"other" for the causes past the 16th
 *   "vector": integer | null,		IRQ and softirq
 *   "pid": integer | null,		thread
 *   "vcpu": integer | null,		(1.3) a KVM vCPU thread: its vCPU id
 *   "count": integer,			events
 *   "us": number
 * }
 *
 * sources: [ source, ... ]		by total_us, largest first; time inside
 *					noise samples only
 * source: {
 *   "kind": "nmi" | "irq" | "softirq" | "thread" | "hardware" | "vm" | "other",
 *   "name": string,			as in cause; "hardware"; "hypervisor (steal)";
 *					"other" for the sources past the 64th
 *   "vector": integer | null,
 *   "pid": integer | null,		thread: the top pid, of its longest event
 *   "pids": integer | null,		(1.10) thread: the pids of the command
 *					folded into the row (a vCPU thread: 1)
 *   "vcpu": integer | null,		(1.3) as in cause
 *   "count": integer | null,		events; hardware: samples with
 *					unexplained time; (2.3) vm: null, not
 *					known (before: hardware's count)
 *   "total_us": number,		(2.3) vm: whole ms, an estimate
 *   "max_us": number | null		longest event; hardware: longest unexplained
 *					time of a sample; (2.3) vm: null
 *   "evidence": "traced" | "inferred" | "estimated",
 *					(2.3) what it rests on: its events;
 *					hardware: by elimination; vm: steal time
 *   "samples": integer | null,		(2.3) the samples it took part in; vm: null
 *   "samples_pct": number | null,	(2.3) of the CPU's samples; vm, rtlens: null
 *   "resolution_us": number | null	(2.3) vm: the steal time's tick, null when
 *					not known; else null
 * }
 *
 * balance (1.10), members of a CPU's analysis: sum(sources[].total_us), the
 * rtlens row aside, + not_explained_us == noise_us + rounding_us
 *   "noise_us": number,		the CPU's noise in the table (cpus[].noise_us)
 *   "rounding_us": number,		(2.2) of the table's rounding (up to 999 ns a
 *					period, cut off), what the sources hold
 *   "sources_us": number,		what the sources hold, rtlens's stops aside
 *   "not_explained_us": number,	noise_us + rounding_us - sources_us; below
 *					zero only past the table (osnoise_aa.h)
 *   "unsure_us": number,		(2.2) of the sources, time that may lie past
 *					the table's last period
 *   "samples": integer			(2.3) the noise samples the sources cover
 */
#include "render/json_writer.h"
#include "analysis/osnoise_aa.h"

/* "kind", "name", "vector", "pid": what a cause and a source start with */
static void json_id(struct json_writer *w, enum osnoise_cause_kind kind, const char *name,
		    int vector, int pid)
{
	json_string(w, "kind", osnoise_aa_kind_name(kind));
	json_string(w, "name", name);
	json_int_or_null(w, "vector", vector);
	json_int_or_null(w, "pid", pid);
}

static void json_cause(struct json_writer *w, const struct osnoise_aa_cause *k)
{
	json_begin_object(w, NULL);
	json_id(w, k->kind, k->name, k->vector, k->pid);
	json_int_or_null(w, "vcpu", k->vcpu);
	json_u64(w, "count", k->count);
	json_us(w, "us", (int64_t)k->ns);
	json_end_object(w);
}

void osnoise_aa_json_sample(struct json_writer *w, const char *key, const struct osnoise_aa_sample *s)
{
	int i;

	json_begin_object(w, key);
	json_i64(w, "cpu", s->cpu);
	json_u64(w, "start_ns", s->start_ns);
	json_us(w, "duration_us", (int64_t)s->duration_ns);
	json_u64(w, "interference", s->interference);
	json_u64(w, "events", s->nr_events);
	json_u64(w, "events_dropped", s->events_dropped);
	json_begin_array(w, "causes");
	for (i = 0; i < s->nr_causes; i++)
		json_cause(w, &s->causes[i]);
	json_end_array(w);
	json_us(w, "vm_us", (int64_t)s->vm_ns);
	json_us(w, "hardware_us", s->hardware_ns);
	json_us(w, "overlap_us", (int64_t)s->overlap_ns);
	json_us(w, "parts_sum_us", osnoise_aa_parts_sum(s));
	osnoise_aa_json_kvm_exits(w, "kvm_exits", &s->kvm_exits);
	json_end_object(w);
}

/* 2.3: what the row rests on, and its share of the CPU's samples */
static void json_evidence(struct json_writer *w, const struct source_row *src,
			  const struct osnoise_aa_balance *b)
{
	enum osnoise_evidence e = osnoise_aa_evidence(src->kind);
	bool shared = e != OSNOISE_ESTIMATED && src->kind != OSNOISE_CAUSE_SELF && b->samples;

	json_string(w, "evidence", osnoise_aa_evidence_name(e));
	if (e == OSNOISE_ESTIMATED)
		json_null(w, "samples");
	else
		json_u64(w, "samples", src->samples);
	if (shared)
		json_double(w, "samples_pct", 100.0 * (double)src->samples / (double)b->samples);
	else
		json_null(w, "samples_pct");
	if (e == OSNOISE_ESTIMATED && b->steal_tick_ns)
		json_us(w, "resolution_us", (int64_t)b->steal_tick_ns);
	else
		json_null(w, "resolution_us");
}

static void json_source(struct json_writer *w, const struct source_row *src,
			const struct osnoise_aa_balance *b)
{
	bool estimate = osnoise_aa_evidence(src->kind) == OSNOISE_ESTIMATED;

	json_begin_object(w, NULL);
	json_id(w, src->kind, src->name, src->vector, src->pid);
	json_int_or_null(w, "pids", src->kind == OSNOISE_CAUSE_THREAD ? src->nr_pids : -1);
	json_int_or_null(w, "vcpu", src->vcpu);
	if (estimate)
		json_null(w, "count");
	else
		json_u64(w, "count", src->count);
	json_us(w, "total_us", (int64_t)src->total_ns);
	if (estimate)
		json_null(w, "max_us");
	else
		json_us(w, "max_us", (int64_t)src->max_ns);
	json_evidence(w, src, b);
	json_end_object(w);
}

void osnoise_aa_json_sources(struct json_writer *w, const char *key,
			 const struct source_row *table, int n, const struct osnoise_aa_balance *b)
{
	int i;

	json_begin_array(w, key);
	for (i = 0; i < n; i++)
		json_source(w, &table[i], b);
	json_end_array(w);
}

void osnoise_aa_json_balance(struct json_writer *w, const struct osnoise_aa_balance *b)
{
	json_us(w, "noise_us", (int64_t)b->noise_ns);
	json_us(w, "rounding_us", (int64_t)b->rounding_ns);
	json_us(w, "sources_us", (int64_t)b->sources_ns);
	json_us(w, "not_explained_us", b->not_explained_ns);
	json_us(w, "unsure_us", (int64_t)b->unsure_ns);
	json_u64(w, "samples", b->samples);
}

void osnoise_aa_json_kvm_exits(struct json_writer *w, const char *key,
			   const struct kvm_exit_counts *x)
{
	int i;

	json_begin_object(w, key);
	json_u64(w, "total", x->total);
	json_u64(w, "dropped", x->dropped);
	json_begin_array(w, "by_reason");
	for (i = 0; i < x->nr; i++) {
		json_begin_object(w, NULL);
		json_string(w, "reason", x->by_reason[i].reason);
		json_u64(w, "count", x->by_reason[i].count);
		json_end_object(w);
	}
	json_end_array(w);
	json_end_object(w);
}
