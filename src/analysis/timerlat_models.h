/* SPDX-License-Identifier: GPL-2.0 */
/*
 * timerlat_models - what a session of timerlat computes from its records:
 * the latency statistics per CPU and context, the analysis of the latency
 * that stopped it, and with --aa (or the live screen's pane) the sources
 * of the whole run; kept behind run_models.data
 */
#ifndef RTLENS_TIMERLAT_MODELS_H
#define RTLENS_TIMERLAT_MODELS_H

#include <stdbool.h>

#include "analysis/run_models.h"
#include "analysis/timerlat_aa.h"
#include "analysis/timerlat_sources.h"
#include "analysis/timerlat_window.h"
#include "base/noise_event.h"
#include "model/latency_model.h"

struct timerlat_run {
	struct latency_model	lat;		/* the table's */
	struct timerlat_aa	*aa;		/* without --no-aa; NULL: none */
	bool			aa_done;	/* aa_result holds the stop's analysis */
	struct timerlat_aa_result aa_result;
	struct timerlat_sources	*sources;	/* the run's sources; NULL: none */
	/* --dump-tasks: the last thread seen on each CPU */
	struct noise_event	*last_thread;
	struct timerlat_window	*live_worst;	/* the live pane's worst latencies */
};

extern const struct models_ops timerlat_models;

/* The timerlat models of @m; NULL when the session's tool is another. */
const struct timerlat_run *timerlat_models_of(const struct run_models *m);
/* The analysis of the stop's latency, to name its task (NULL: no analysis made). */
struct timerlat_aa_result *timerlat_models_stop_result(struct run_models *m);

#endif
