/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report_parts - the parts of a report's results that every shape reads
 * alike (report_shape.h): a histogram, the analysis' sources, a unit.
 * Private to source/report_*.c.
 */
#ifndef RTLENS_REPORT_PARTS_H
#define RTLENS_REPORT_PARTS_H

#include "source/reports/report_load.h"

/* The factor from @unit ("ns", "us"; NULL: us) to us. */
double report_unit_to_us(const char *unit);

/*
 * One CPU's histogram @o into @h; @proto: the bucket layout and unit of
 * the report's histograms. 0, or -1 with a message.
 */
int report_load_hist(struct loader *l, json_object *o, const struct report_hist *proto,
		     struct report_hist *h);

/* A source of the analysis, added to the report's (its strings copied). */
int report_add_source(struct loader *l, const struct report_source *s);
/* The array "sources" of @o, each of CPU @cpu. 0, or -1 with a message. */
int report_load_sources(struct loader *l, json_object *o, int cpu);

#endif
