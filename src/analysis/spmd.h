/* SPDX-License-Identifier: GPL-2.0 */
/*
 * spmd - what OS noise costs a bulk-synchronous (SPMD) job: N processes
 * each compute a phase of length L, then wait for the slowest. The cost of
 * a phase is E[max over the N processes of the noise each suffered in it].
 *
 * The noise of one CPU is a law: events arrive as a Poisson process at
 * @rate per us, each lasting a duration drawn from the atoms (value in us,
 * weight). The noise of a phase is then compound Poisson; its distribution
 * is computed on a grid common to every CPU (spmd_grid_phase). A law may
 * also be the distribution itself (spmd_grid_direct: one value per phase,
 * such as a timer latency per cycle).
 *
 * From the grid: spmd_max_mixture() when each of the N processes sits on a
 * CPU drawn at random (with replacement) from those measured, its noise
 * following the mean of their CDFs; spmd_max_each() with one process on
 * every CPU, exactly (the product of the CDFs).
 */
#ifndef RTLENS_SPMD_H
#define RTLENS_SPMD_H

#include <stddef.h>

/* the grid: about SPMD_POINTS points, at most SPMD_MAX_POINTS per CPU */
#define SPMD_POINTS		1024
#define SPMD_MAX_POINTS		4096
/* the probability a CPU's noise lies past the grid, at most */
#define SPMD_TAIL		1e-10

struct spmd_atom {
	double	us;
	double	weight;
};

struct spmd_law {
	double			rate;		/* events per us; 0: no noise */
	size_t			nr_atoms;
	const struct spmd_atom	*atoms;		/* weights need not add up to 1 */
};

/* What the CPUs' distributions give, at the points k * step, k < points */
struct spmd_grid {
	double	step;		/* us */
	size_t	points;
	size_t	nr_cpus;
	double	*mean;		/* the mean over the CPUs of P(X <= k * step) */
	double	*all;		/* their product: P(every CPU's X <= k * step) */
	size_t	cap;		/* the points there is room for */
};

/* The noise of a phase of @phase_us on each of the @n CPUs. 0, or -1 (out of memory). */
int spmd_grid_phase(struct spmd_grid *g, const struct spmd_law *laws, size_t n,
		    double phase_us);
/* The same with @points instead of SPMD_POINTS (4 times as many at most): a finer grid */
int spmd_grid_phase_points(struct spmd_grid *g, const struct spmd_law *laws, size_t n,
			   double phase_us, size_t points);
/* Each law's atoms as the distribution itself (rate unused). 0, or -1. */
int spmd_grid_direct(struct spmd_grid *g, const struct spmd_law *laws, size_t n);
void spmd_grid_free(struct spmd_grid *g);

/* E[max] in us of @procs values, each from the mean of the CPUs' CDFs */
double spmd_max_mixture(const struct spmd_grid *g, size_t procs);
/* E[max] in us of one value from each CPU, independent */
double spmd_max_each(const struct spmd_grid *g);

#endif
