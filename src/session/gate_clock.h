/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gate_clock - when --until-confident's gate (analysis/tail_gate.h) is
 * asked: every GATE_EVERY_S of the run, for the CPUs due. A live run asks
 * a thread of its own, on copies of the series, so that the main loop
 * never waits for the fits (a tenth of a second a CPU), and takes its
 * answer at a later tick; a replay asks at the recorded time the live run
 * would have, before the first record past it, and hands the models
 * nothing after a decision, as the live run stopped there.
 */
#ifndef RTLENS_GATE_CLOCK_H
#define RTLENS_GATE_CLOCK_H

#include <stdbool.h>
#include <stdint.h>

#include "analysis/run_models.h"

#define GATE_EVERY_S	5.0

struct gate_job;

struct gate_clock {
	struct tail_gate	*gate;		/* the models'; NULL: no gate */
	const struct tail_set	*set;
	double			next_s;		/* when it is asked next, in s of the run */
	bool			decided;
	double			at_s;		/* the time of the samples that decided */
	bool			have_first;	/* a replay: the first record's time */
	uint64_t		first_ts;
	struct gate_job		*job;		/* a live run's estimates under way, or NULL */
};

/* The gate of @m, if any; from the start of the measurement. */
void gate_clock_start(struct gate_clock *c, struct run_models *m);
/* A live run at @now_s: the answer taken, estimates started; true once decided. */
bool gate_clock_tick(struct gate_clock *c, double now_s);
/* A replay: is @rec handed to the models (false: after the decision)? */
bool gate_clock_record(struct gate_clock *c, const struct rtl_record *rec);
/*
 * The end: the estimates under way waited for, then, undecided, each CPU
 * whose samples changed since, on all of them. 0, or -1 (ENOMEM).
 */
int gate_clock_finish(struct gate_clock *c);
/* A thread left running is waited for and the job freed (safe without a gate). */
void gate_clock_stop(struct gate_clock *c);

#endif
