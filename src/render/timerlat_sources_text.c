// SPDX-License-Identifier: GPL-2.0
/*
 * timerlat_sources_text - a CPU's sources of timer latency over the run as
 * text: one row per source, with its share of the latencies counted; "not
 * explained" and the rows above the rule add up to the total below it
 */
#include <inttypes.h>
#include <string.h>

#include "analysis/timerlat_sources.h"
#include "render/render.h"
#include "render/source_table_text.h"

/*
 * "irq name:vector", "softirq name", "thread comm:pid", "blocking thread
 * comm:pid", "nmi", a command's threads "thread comm (N PIDs, top P)";
 * the latency's own steps by their name
 */
void latency_row_label(const struct source_row *row, char *buf, size_t size)
{
	static const char *const words[] = {
		[TL_SOURCE_IRQ] = "irq", [TL_SOURCE_SOFTIRQ] = "softirq",
		[TL_SOURCE_THREAD] = "thread", [TL_SOURCE_BLOCKING] = "blocking thread",
	};
	const char *word = row->kind >= 0 && row->kind < (int)(sizeof(words) / sizeof(words[0])) ?
			   words[row->kind] : NULL;
	char name[SOURCE_NAME_LEN];

	safe_text(name, sizeof(name), row->name);
	if (!word)
		snprintf(buf, size, "%s", name);
	else if (row->by_command && row->nr_pids > 1)
		source_table_pids_label(word, row, buf, size);
	else if (row->kind == TL_SOURCE_IRQ && row->vector >= 0)
		snprintf(buf, size, "%s %s:%d", word, name, row->vector);
	else if (row->pid >= 0)
		snprintf(buf, size, "%s %s:%d", word, name, row->pid);
	else
		snprintf(buf, size, "%s %s", word, name);
}

static void print_title(FILE *out, int cpu, const struct timerlat_sources_sum *sum,
			uint64_t floor_ns, const char *what)
{
	fprintf(out, "CPU %d latency sources (the %s latencies of at least %.2f us: %" PRIu64
		" of %" PRIu64 ")\n", cpu, what, floor_ns / 1000.0, sum->counted, sum->latencies);
}

static void print_rows(FILE *out, const struct source_row *table, int n, int width,
		       uint64_t total_ns)
{
	for (int i = 0; i < n; i++) {
		source_table_print_row(out, &table[i], width, latency_row_label);
		source_table_share(out, (int64_t)table[i].total_ns, total_ns);
		fprintf(out, "\n");
	}
}

void timerlat_sources_print(FILE *out, int cpu, const struct source_row *table, int n,
			    const struct timerlat_sources_sum *sum, uint64_t floor_ns,
			    bool user_return)
{
	const char *what = user_return ? "return-to-user" : "thread";
	int width = source_table_width(table, n, latency_row_label);
	char total[64];

	snprintf(total, sizeof(total), "total: the %s latencies", what);
	if (width < (int)strlen(total))
		width = (int)strlen(total);
	print_title(out, cpu, sum, floor_ns, what);
	if (!sum->counted) {
		fprintf(out, "  no %s latency of at least %.2f us\n", what, floor_ns / 1000.0);
		return;
	}
	source_table_header(out, width);
	print_rows(out, table, n, width, sum->total_ns);
	source_table_sum_row(out, "not explained", width, (int64_t)sum->not_explained_ns,
			     sum->total_ns);
	if (sum->not_explained_ns)
		fprintf(out, "  (no event: the wakeup, the context switch)");
	fprintf(out, "\n");
	source_table_rule(out, width);
	source_table_sum_row(out, total, width, (int64_t)sum->total_ns, sum->total_ns);
	fprintf(out, "\n");
	if (sum->events_dropped)
		fprintf(out, "  Note: %" PRIu64 " events dropped (per-CPU bound of %d): their time "
			"is in not explained\n", sum->events_dropped, TIMERLAT_AA_MAX_EVENTS);
}
