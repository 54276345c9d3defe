/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tail_gate - --until-confident's decision: on each measured CPU, the
 * level a sample of the tool's main series exceeds with probability p
 * (tail_estimate_level()) and its 90 % interval, against a limit. Below:
 * every CPU's interval ends under the limit; above: one CPU's starts over
 * it; else undecided, each CPU saying what it lacks.
 *
 * A CPU is estimated again when its series grew by a tenth since its last
 * estimate, or a larger sample than any before came (tail_gate_due()): an
 * estimate costs about a tenth of a second, and what it knows grows with
 * the logarithm of the samples. tail_gate_estimate() reads only @g's p and
 * limit, so that a thread of its own may run it on copies of the series.
 */
#ifndef RTLENS_TAIL_GATE_H
#define RTLENS_TAIL_GATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/tail_fit.h"
#include "base/cpulist.h"
#include "model/tail_store.h"

enum gate_verdict {
	GATE_UNDECIDED,
	GATE_BELOW,		/* every CPU's upper end under the limit */
	GATE_ABOVE,		/* one CPU's lower end over it */
};

/* where one CPU's series stands, after its last estimate; from GATE_WIDE on, with a level */
enum gate_state {
	GATE_FEW,		/* too few exceedances: more_s more, or no samples (n 0) */
	GATE_CHECKS,		/* a check of the fit fails: failed */
	GATE_WITHIN,		/* p is no rarer than the exceedances: no extrapolation */
	GATE_NO_FIT,		/* no fit, or no interval, could be found */
	GATE_WIDE,		/* the interval holds the limit */
	GATE_HEAVY,		/* under the limit, but a heavy tail: no bound to trust */
	GATE_CPU_BELOW,
	GATE_CPU_ABOVE,
};

struct gate_cpu {
	int			cpu;
	enum gate_state		state;
	bool			done;		/* estimated at least once */
	uint64_t		n;		/* the samples it was estimated on */
	uint64_t		max;		/* the largest of them */
	size_t			k;		/* the exceedances of its threshold */
	unsigned int		failed;		/* GATE_CHECKS: bit (1 << enum tail_check) each */
	double			more_s;		/* GATE_FEW: run this much longer (INFINITY: unknown) */
	struct tail_level	level;		/* WIDE to CPU_ABOVE: the level at p */
	int			streak;		/* estimates in a row in this state */
};

struct tail_gate {
	double			p;		/* per sample */
	double			limit_ns;
	int			context;	/* the series of each CPU watched */
	int			nr;		/* the measured CPUs */
	struct gate_cpu		*cpu;		/* [nr], by CPU number */
	enum gate_verdict	verdict;
	int			by;		/* cpu[] of the CPU the verdict names; -1 none */
	unsigned int		generation;	/* tail_gate_reset() adds one */
	bool			final;		/* the run's end: one estimate decides */
};

/* exceedances a CPU needs before it may decide: 10000 samples */
#define GATE_MIN_K	200
/* estimates in a row that must agree before a CPU decides while the run goes on */
#define GATE_STREAK	2

/* For @p and @limit_ns on @cpus (of @nr_cpus), series @context: 0 or -1 (ENOMEM). */
int tail_gate_init(struct tail_gate *g, double p, double limit_ns, int context,
		   const struct cpu_mask *cpus, int nr_cpus);
void tail_gate_free(struct tail_gate *g);
/* The series started over: no estimate is left. */
void tail_gate_reset(struct tail_gate *g);
/* Is cpu[@i] to be estimated again, its series now @s? */
bool tail_gate_due(const struct tail_gate *g, int i, const struct tail_store *s);
/* @s estimated at @g's p against its limit, into @c (its cpu kept): 0, or -1 (ENOMEM). */
int tail_gate_estimate(const struct tail_gate *g, const struct tail_store *s,
		       struct gate_cpu *c);
/* @fresh, an estimate of cpu[@i], into @g: its streak counted. */
void tail_gate_take(struct tail_gate *g, int i, const struct gate_cpu *fresh);
/* The verdict of the CPUs' last estimates, into ->verdict and ->by. */
enum gate_verdict tail_gate_decide(struct tail_gate *g);
/*
 * Each CPU due in @set estimated (@all: each one whose series changed at
 * all since its last estimate), then the verdict: 0, or -1 (ENOMEM).
 */
int tail_gate_update(struct tail_gate *g, const struct tail_set *set, bool all);

#endif
