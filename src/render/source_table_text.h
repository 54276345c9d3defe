/* SPDX-License-Identifier: GPL-2.0 */
/*
 * source_table_text - a table of sources (analysis/source_table.h) as text,
 * the pieces the analyses' tables share: a header, one row per source
 * (count, total, max, share), rows of sums, a rule. Times in microseconds
 * with 2 decimals, right-aligned under their header; the source column
 * widens for a long label. Each analysis names its rows (a label function).
 */
#ifndef RTLENS_SOURCE_TABLE_TEXT_H
#define RTLENS_SOURCE_TABLE_TEXT_H

#include <stdint.h>
#include <stdio.h>

#include "analysis/source_table.h"
#include "base/safe_text.h"

#define SOURCE_TABLE_LABEL	26	/* narrowest source column, past the indent */
#define SOURCE_NAME_LEN		SAFE_TEXT_SIZE(NOISE_NAME_LEN)	/* a name, escaped */
#define SOURCE_LABEL_LEN	(SOURCE_NAME_LEN + 48)

/* A row's label, its name escaped, into @buf (SOURCE_LABEL_LEN) */
typedef void (*source_label_fn)(const struct source_row *row, char *buf, size_t size);

/* The source column: wide enough for every label. */
int source_table_width(const struct source_row *table, int n, source_label_fn label);
/* "  source  count  total us  max us  share" */
void source_table_header(FILE *out, int width);
/* "  label  count  total  max" (no newline) */
void source_table_print_row(FILE *out, const struct source_row *row, int width,
			    source_label_fn label);
/* @ns in % of @total_ns (0 when it is 0), never printed "-0.00" */
double source_table_pct(int64_t ns, uint64_t total_ns);
/* the share of @total_ns, "-" when it is 0 (no newline) */
void source_table_share(FILE *out, int64_t ns, uint64_t total_ns);
/* "  label  <no count>  us  <no max>  share" (no newline) */
void source_table_sum_row(FILE *out, const char *label, int width, int64_t ns,
			  uint64_t total_ns);
/* the rule above the total */
void source_table_rule(FILE *out, int width);
/* "thread comm (N PIDs, top P)", "N+" past the table's pid cap */
void source_table_pids_label(const char *word, const struct source_row *row, char *buf,
			     size_t size);

#endif
