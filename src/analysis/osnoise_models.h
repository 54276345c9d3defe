/* SPDX-License-Identifier: GPL-2.0 */
/*
 * osnoise_models - what a session of osnoise (and hwnoise) computes from
 * its records: the per-CPU summary and, with an analysis (-a, -s, -S,
 * --aa, --aa-top), the sources of its noise; kept behind run_models.data
 */
#ifndef RTLENS_OSNOISE_MODELS_H
#define RTLENS_OSNOISE_MODELS_H

#include <stdbool.h>

#include "analysis/osnoise_aa.h"
#include "analysis/run_models.h"
#include "model/noise_model.h"

struct osnoise_run {
	struct noise_model	noise;		/* the table's */
	struct osnoise_aa	*aa;		/* the analysis; NULL: none */
	bool			sample_done;	/* sample: the stop threshold's */
	struct osnoise_aa_sample sample;
	struct osnoise_aa_sample *worst;	/* --aa-top N */
	int			nr_worst;
	struct source_row	(*tables)[OSNOISE_AA_TABLE_LEN];	/* per CPU */
	int			*nr_table;
};

extern const struct models_ops osnoise_models;

/* The osnoise models of @m; NULL when the session's tool is another. */
const struct osnoise_run *osnoise_models_of(const struct run_models *m);
/* @cpu's sources (osnoise_run.tables) against its row of the table. */
void osnoise_models_balance(const struct run_models *m, int cpu, struct osnoise_aa_balance *b);

#endif
