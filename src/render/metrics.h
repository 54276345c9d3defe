/* SPDX-License-Identifier: GPL-2.0 */
/*
 * metrics - the run as Prometheus metrics (--listen): per-CPU noise, CPU
 * available, interference counts, latency histograms, the top sources of
 * the analysis, events lost and threshold hits, every series labelled
 * with the host. Two exposition formats of the same values: Prometheus
 * text 0.0.4 and OpenMetrics 1.0. Names and units:
 * Documentation/rtlens-metrics.md. A pure function of the models.
 */
#ifndef RTLENS_METRICS_H
#define RTLENS_METRICS_H

#include <stdbool.h>
#include <stdio.h>

#include "analysis/run_models.h"
#include "base/params.h"
#include "render/render.h"

enum metrics_format {
	METRICS_PROMETHEUS,	/* text/plain; version=0.0.4 */
	METRICS_OPENMETRICS,	/* application/openmetrics-text; version=1.0.0 */
	NR_METRICS_FORMATS,
};

/* The content type of each format, for the HTTP header. */
extern const char *const metrics_content_type[NR_METRICS_FORMATS];

/* At most this many sources of the analysis per CPU: bounded cardinality. */
#define METRICS_TOP_SOURCES	5

/* 0, or -1 when @out failed. */
int render_metrics(FILE *out, enum metrics_format fmt, const struct run_models *m,
		   const struct rtl_params *p, const struct run_view *v);

#endif
