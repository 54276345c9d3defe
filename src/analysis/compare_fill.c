// SPDX-License-Identifier: GPL-2.0
/*
 * compare_fill - the cells of a row, for each shape's fill (see
 * compare_shape.h)
 */
#include <math.h>

#include "analysis/compare_shape.h"

static const double percentiles[][2] = {
	{ CMP_AT_P999, 99.9 }, { CMP_AT_P99, 99 }, { CMP_AT_P50, 50 },
};

void compare_put(struct cmp_row *row, int m, int side, double v)
{
	if (!isfinite(v))
		return;
	if (side) {
		row->v[m].b = v;
		row->v[m].has_b = true;
	} else {
		row->v[m].a = v;
		row->v[m].has_a = true;
	}
}

void compare_put_tail(struct cmp_row *row, int base, int side, const struct report_tail *t)
{
	int i;

	for (i = 0; t->present && t->trusted && i < CMP_TAIL_METRICS; i++)
		compare_put(row, base + i, side, t->level_us[i]);
}

void compare_put_percentiles(struct cmp_row *row, int base, int side,
			     const struct report_hist *h)
{
	struct cmp_cell *cell;
	double us;
	size_t i;

	for (i = 0; i < sizeof(percentiles) / sizeof(percentiles[0]); i++) {
		if (!h->present || !hist_percentile(h, percentiles[i][1], &us))
			continue;
		cell = &row->v[base + (int)percentiles[i][0]];
		compare_put(row, base + (int)percentiles[i][0], side, us);
		cell->resolution = fmax(cell->resolution, h->bucket * h->to_us);
	}
}
