/* SPDX-License-Identifier: GPL-2.0 */
/*
 * svg_plot - self-contained SVG pictures for a browser (--plot FILE.svg):
 * the per-CPU histograms of a hist mode (log-scale counts, thresholds
 * marked), and the nodes of `rtlens merge` side by side. Pure functions of
 * their data, like every renderer.
 */
#ifndef RTLENS_SVG_PLOT_H
#define RTLENS_SVG_PLOT_H

#include <stddef.h>
#include <stdio.h>

#include "analysis/report_data.h"
#include "analysis/run_models.h"
#include "base/params.h"
#include "render/render.h"

/* osnoise hist / timerlat hist: one panel per CPU with data. 0, or -1 on a write error. */
int svg_plot_hist(FILE *out, const struct run_models *m, const struct rtl_params *p,
		  const struct run_view *v);

/* rtlens merge: the @n reports side by side. 0, or -1 on a write error. */
int svg_plot_merge(FILE *out, const struct report_data *r, size_t n);

#endif
