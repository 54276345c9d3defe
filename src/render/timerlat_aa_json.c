// SPDX-License-Identifier: GPL-2.0
/*
 * timerlat_aa_json - the timerlat auto-analysis of one CPU as a JSON object
 *
 * Times are microseconds, numbers with 3 decimals. The parts add up:
 * parts_sum_us + remainder_us == total_us (exact in ns, rounded here).
 *
 * {
 *   "cpu": integer,
 *   "seqnum": integer,			period (shared by the IRQ and thread samples)
 *   "analyzed": "thread" | "irq" | "user",	"irq": the thread did not run;
 *					"user": -u, the return to user space
 *   "thread_ran": boolean,
 *   "irq_seen": boolean,		the IRQ sample of seqnum was seen
 *   "expiry_ns": integer,		expected expiry, trace clock
 *   "irq_latency_us": number | null,	null when !irq_seen
 *   "thread_latency_us": number | null,	null when !thread_ran
 *   "total_us": number,		thread latency, or IRQ latency
 *   "previous_irq": group,		IRQs/NMIs after the expiry, before the timerlat IRQ
 *   "irq_handler_delay_us": number,	may be negative
 *   "exit_from_idle": boolean,
 *   "timerlat_irq_found": boolean,	its irq_noise event was seen
 *   "timerlat_irq_us": number,		0 when analyzed is "irq"
 *   "blocking_thread": null | { "name": string, "pid": integer, "us": number },
 *   "stack": [ string, ... ],		kernel stack at the timerlat IRQ, innermost first
 *   "irq_interference": group,
 *   "softirq_interference": group,
 *   "thread_interference": group,
 *   "nmi_interference": group,
 *   "remainder_us": number,		may be negative (overlapping events)
 *   "parts_sum_us": number,
 *   "events_dropped": integer		lost to the per-CPU bound
 * }
 *
 * group: { "total_us": number, "sources": [ source, ... ] }	at most 17 sources
 * source: {
 *   "kind": "nmi" | "irq" | "softirq" | "thread",
 *   "name": string,			IRQ desc, softirq name, comm, "nmi", or
 *					"other" for the sources past the 16th
 *   "vector": integer | null,		IRQ and softirq
 *   "pid": integer | null,		thread
 *   "count": integer,
 *   "total_us": number,
 *   "max_us": number
 * }
 */
#include "render/json_writer.h"
#include "analysis/timerlat_aa.h"

const char *noise_kind_name(enum noise_kind kind)
{
	switch (kind) {
	case NOISE_NMI:
		return "nmi";
	case NOISE_IRQ:
		return "irq";
	case NOISE_SOFTIRQ:
		return "softirq";
	case NOISE_THREAD:
		return "thread";
	case NOISE_SELF:	/* never analysed */
		break;
	}
	return "unknown";
}

static void json_source(struct json_writer *w, const struct source_row *s)
{
	json_begin_object(w, NULL);
	json_string(w, "kind", noise_kind_name(s->kind));
	json_string(w, "name", s->name);
	json_int_or_null(w, "vector", s->vector);
	json_int_or_null(w, "pid", s->pid);
	json_u64(w, "count", s->count);
	json_us(w, "total_us", s->total_ns);
	json_us(w, "max_us", s->max_ns);
	json_end_object(w);
}

static void json_group(struct json_writer *w, const char *key, const struct timerlat_aa_group *g)
{
	int i;

	json_begin_object(w, key);
	json_us(w, "total_us", g->total_ns);
	json_begin_array(w, "sources");
	for (i = 0; i < g->nr_sources; i++)
		json_source(w, &g->sources[i]);
	json_end_array(w);
	json_end_object(w);
}

/* 2.3: the task the timerlat IRQ interrupted, its name null when not known */
static void json_irq_task(struct json_writer *w, const struct timerlat_aa_result *r)
{
	if (r->irq_task.pid <= 0) {
		json_null(w, "irq_task");
		return;
	}
	json_begin_object(w, "irq_task");
	if (r->irq_task.name[0])
		json_string(w, "name", r->irq_task.name);
	else
		json_null(w, "name");
	json_i64(w, "pid", r->irq_task.pid);
	json_end_object(w);
}

static void json_blocking(struct json_writer *w, const struct timerlat_aa_result *r)
{
	int i;

	if (r->blocking.found) {
		json_begin_object(w, "blocking_thread");
		json_string(w, "name", r->blocking.name);
		json_i64(w, "pid", r->blocking.pid);
		json_us(w, "us", r->blocking.ns);
		json_end_object(w);
	} else {
		json_null(w, "blocking_thread");
	}
	json_begin_array(w, "stack");
	for (i = 0; i < r->stack.depth; i++)
		json_string(w, NULL, r->stack.sym[i]);
	json_end_array(w);
}

static void json_latencies(struct json_writer *w, const struct timerlat_aa_result *r)
{
	json_u64(w, "expiry_ns", r->expiry_ns);
	if (r->irq_seen)
		json_us(w, "irq_latency_us", r->irq_latency_ns);
	else
		json_null(w, "irq_latency_us");
	if (r->thread_ran)
		json_us(w, "thread_latency_us", r->thread_latency_ns);
	else
		json_null(w, "thread_latency_us");
	json_us(w, "total_us", r->total_ns);
	if (r->user_return)
		json_us(w, "user_latency_us", r->user_latency_ns);
}

void timerlat_aa_json(struct json_writer *w, const char *key, const struct timerlat_aa_result *r)
{
	json_begin_object(w, key);
	json_i64(w, "cpu", r->cpu);
	json_u64(w, "seqnum", r->seqnum);
	json_string(w, "analyzed", r->user_return ? "user" : r->thread_ran ? "thread" : "irq");
	json_bool(w, "thread_ran", r->thread_ran);
	json_bool(w, "irq_seen", r->irq_seen);
	json_latencies(w, r);
	json_group(w, "previous_irq", &r->previous_irq);
	json_us(w, "irq_handler_delay_us", r->irq_handler_delay_ns);
	json_bool(w, "exit_from_idle", r->exit_from_idle);
	json_irq_task(w, r);
	json_bool(w, "timerlat_irq_found", r->timerlat_irq_found);
	json_us(w, "timerlat_irq_us", r->timerlat_irq_ns);
	json_blocking(w, r);
	json_group(w, "irq_interference", &r->irq);
	json_group(w, "softirq_interference", &r->softirq);
	json_group(w, "thread_interference", &r->thread);
	json_group(w, "nmi_interference", &r->nmi);
	json_us(w, "remainder_us", r->remainder_ns);
	json_us(w, "parts_sum_us", timerlat_aa_parts_sum(r));
	json_u64(w, "events_dropped", r->events_dropped);
	json_end_object(w);
}
