// SPDX-License-Identifier: GPL-2.0
/*
 * timerlat_sources_json - a CPU's sources of timer latency over the run as
 * JSON. Times are microseconds, numbers with up to 3 decimals (ns
 * resolution). A CPU's sums add up: sum(sources[].total_us) == sources_us,
 * sources_us + not_explained_us == total_us (exact in ns, rounded here).
 *
 * sources: [ source, ... ]		by total_us, largest first
 * source: {
 *   "kind": "nmi" | "irq" | "softirq" | "thread" | "blocking" |
 *	     "irq_handler_delay" | "exit_from_idle" | "timerlat_irq" | "other",
 *   "name": string,			IRQ desc, softirq name, comm, "nmi", the
 *					latency's step ("timerlat IRQ", "IRQ handler
 *					delay", "exit from idle"), "other" past the 64th
 *   "vector": integer | null,		IRQ and softirq
 *   "pid": integer | null,		thread, blocking: the pid of the most of one latency
 *   "pids": integer | null,		thread, blocking: the pids of the command
 *   "count": integer,			the latencies it was part of
 *   "total_us": number,		its time in them
 *   "max_us": number			the most of one latency
 * }
 *
 * sum, members of a CPU's object:
 *   "latencies": integer,		latencies explained (since the last reset)
 *   "counted": integer,		of those, at least the floor
 *   "total_us": number,		the counted ones, summed
 *   "sources_us": number,		sum(sources[].total_us)
 *   "not_explained_us": number,	total_us - sources_us, >= 0
 *   "events_dropped": integer		lost to the per-CPU bound in the counted ones
 */
#include "render/json_writer.h"
#include "analysis/timerlat_sources.h"

static bool by_thread(const struct source_row *row)
{
	return row->kind == TL_SOURCE_THREAD || row->kind == TL_SOURCE_BLOCKING;
}

static void json_source(struct json_writer *w, const struct source_row *row)
{
	json_begin_object(w, NULL);
	json_string(w, "kind", timerlat_source_kind_name(row->kind));
	json_string(w, "name", row->name);
	json_int_or_null(w, "vector", row->vector);
	json_int_or_null(w, "pid", by_thread(row) ? row->pid : -1);
	json_int_or_null(w, "pids", by_thread(row) ? row->nr_pids : -1);
	json_u64(w, "count", row->count);
	json_us(w, "total_us", (int64_t)row->total_ns);
	json_us(w, "max_us", (int64_t)row->max_ns);
	json_end_object(w);
}

void timerlat_sources_json_sources(struct json_writer *w, const char *key,
				   const struct source_row *table, int n)
{
	json_begin_array(w, key);
	for (int i = 0; i < n; i++)
		json_source(w, &table[i]);
	json_end_array(w);
}

void timerlat_sources_json_sum(struct json_writer *w, const struct timerlat_sources_sum *sum)
{
	json_u64(w, "latencies", sum->latencies);
	json_u64(w, "counted", sum->counted);
	json_us(w, "total_us", (int64_t)sum->total_ns);
	json_us(w, "sources_us", (int64_t)sum->sources_ns);
	json_us(w, "not_explained_us", (int64_t)sum->not_explained_ns);
	json_u64(w, "events_dropped", sum->events_dropped);
}
