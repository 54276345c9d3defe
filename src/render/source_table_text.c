// SPDX-License-Identifier: GPL-2.0
/*
 * source_table_text - the shared pieces of a table of sources as text
 */
#include <inttypes.h>
#include <string.h>

#include "render/source_table_text.h"

static double ns_to_us(int64_t ns)
{
	return (double)ns / 1000.0;
}

int source_table_width(const struct source_row *table, int n, source_label_fn label)
{
	char text[SOURCE_LABEL_LEN];
	int i, len, width = SOURCE_TABLE_LABEL;

	for (i = 0; i < n; i++) {
		label(&table[i], text, sizeof(text));
		len = (int)strlen(text);
		if (len > width)
			width = len;
	}
	return width;
}

void source_table_header(FILE *out, int width)
{
	fprintf(out, "  %-*s%7s%14s%14s%8s\n", width, "source", "count", "total us", "max us",
		"share");
}

void source_table_print_row(FILE *out, const struct source_row *row, int width,
			    source_label_fn label)
{
	char text[SOURCE_LABEL_LEN];

	label(row, text, sizeof(text));
	fprintf(out, "  %-*s%7" PRIu64 "%14.2f%14.2f", width, text, row->count,
		ns_to_us((int64_t)row->total_ns), ns_to_us((int64_t)row->max_ns));
}

double source_table_pct(int64_t ns, uint64_t total_ns)
{
	double pct = total_ns ? 100.0 * (double)ns / (double)total_ns : 0.0;

	return pct > -0.005 && pct < 0.005 ? 0.0 : pct;	/* not "-0.00" */
}

void source_table_share(FILE *out, int64_t ns, uint64_t total_ns)
{
	if (total_ns)
		fprintf(out, "%8.2f %%", source_table_pct(ns, total_ns));
	else
		fprintf(out, "%8s  ", "-");
}

void source_table_sum_row(FILE *out, const char *label, int width, int64_t ns,
			  uint64_t total_ns)
{
	fprintf(out, "  %-*s%7s%14.2f%14s", width, label, "", ns_to_us(ns), "");
	source_table_share(out, ns, total_ns);
}

void source_table_rule(FILE *out, int width)
{
	fprintf(out, "  ");
	for (int i = 0; i < width + 43; i++)
		fputc('-', out);
	fprintf(out, "\n");
}

void source_table_pids_label(const char *word, const struct source_row *row, char *buf,
			     size_t size)
{
	char name[SOURCE_NAME_LEN];

	safe_text(name, sizeof(name), row->name);
	snprintf(buf, size, "%s %s (%d%s PIDs, top %d)", word, name, row->nr_pids,
		 row->pids_over ? "+" : "", row->pid);
}
