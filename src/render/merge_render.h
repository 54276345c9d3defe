/* SPDX-License-Identifier: GPL-2.0 */
/*
 * merge - `rtlens merge` put into words: a table of the nodes, the worst
 * node and CPU, and the projection, for the terminal; the same as a JSON
 * document (Documentation/json-merge.md). Pure functions of a struct merge
 * (analysis/merge.h); every string of a report is made safe to print.
 */
#ifndef RTLENS_RENDER_MERGE_H
#define RTLENS_RENDER_MERGE_H

#include <stdio.h>

#include "analysis/merge.h"

#define MERGE_SCHEMA_VERSION	"1.0"

void render_merge_text(FILE *out, const struct merge *m);
/* 0, or -1 when the document could not be written completely */
int render_merge_json(FILE *out, const struct merge *m);

#endif
