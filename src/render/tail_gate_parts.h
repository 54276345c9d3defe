/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tail_gate_parts - --until-confident's verdict in words (tail_gate_text.c)
 * and in the report's "tail" object (tail_gate_json.c), in the report's
 * unit: the tool's (ns with timerlat's -n), as the tail's
 */
#ifndef RTLENS_TAIL_GATE_PARTS_H
#define RTLENS_TAIL_GATE_PARTS_H

#include <stddef.h>

#include "render/json_writer.h"
#include "render/render.h"

/* What the verdict rests on, or what it still lacks, in @unit, into @buf: "CPU 2: ...". */
void tail_gate_why(char *buf, size_t len, const struct tail_gate *g, const char *unit);
/*
 * "gate": {p, limit, verdict, cpu, estimate, lower, upper, why} in @unit,
 * the last of the report's "tail" (tail_json.c); nothing without a gate.
 */
void tail_gate_json(struct json_writer *w, const struct run_models *m, const char *unit);

#endif
