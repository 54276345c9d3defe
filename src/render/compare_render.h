/* SPDX-License-Identifier: GPL-2.0 */
/*
 * compare - `rtlens compare` put into words: the text for the terminal,
 * the JSON comparison (Documentation/json-compare.md), and the verdict in
 * plain words that both give. Pure functions of a struct comparison
 * (analysis/compare.h; what differs by the tool's shape, its c->shape:
 * analysis/compare_shape.h); every string of a report is made safe to print.
 */
#ifndef RTLENS_RENDER_COMPARE_H
#define RTLENS_RENDER_COMPARE_H

#include <stddef.h>
#include <stdio.h>

#include "analysis/compare.h"
#include "analysis/compare_shape.h"

#define COMPARE_SCHEMA_VERSION	"1.4"

void render_compare_text(FILE *out, const struct comparison *c);
/* 0, or -1 when the document could not be written completely */
int render_compare_json(FILE *out, const struct comparison *c);

/*
 * The verdict in plain words: "B is better: max single noise 12 us vs
 * 85 us (7.1x lower), CPU available 99.99% vs 99.2%".
 */
void compare_summary(const struct comparison *c, char *buf, size_t len);
/*
 * A CPU on which the gate @g failed: "CPU 3: noise p99 12 us -> 20 us,
 * worse by 8 us (+66.7%), allowed 1.2 us"
 */
void compare_gate_words(const struct comparison *c, const struct cmp_gate_result *g,
			const struct cmp_gate_fail *f, char *buf, size_t len);
/*
 * The source that changed most: "thread rtl_spin (+180.2 ms/s on CPU 1)",
 * its name whole; "" if none. Allocated (free it); NULL when out of memory.
 */
char *compare_top_change(const struct comparison *c);

/* ---- for the renderers ---- */
/* room for any number compare_number() or compare_signed() writes */
#define COMPARE_NUM_BUF		400
/* @v with at most @decimals decimals, no trailing zeros ("12", "99.2") */
void compare_number(double v, int decimals, char *buf, size_t len);
/* the same with a sign: "+641", "-12.5", "0" */
void compare_signed(double v, int decimals, char *buf, size_t len);
/*
 * "thread rtl_spin", "irq local_timer", "hardware": the name whole, safe to
 * print. Allocated (free it); NULL when out of memory.
 */
char *compare_source_name(const struct cmp_source *s);
/* "0-3,8"; "" for none. Allocated (free it); NULL when out of memory */
char *compare_cpu_list(const struct cmp_cpus *l);

#endif
