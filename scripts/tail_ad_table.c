// SPDX-License-Identifier: GPL-2.0
/*
 * tail_ad_table - makes the table of Anderson-Darling critical values in
 * src/analysis/tail_checks.c: for each shape from -0.5 to 1.0 by 0.1,
 * REPS samples of SIZE generalized Pareto excesses (scale 1; the statistic
 * does not depend on it), each fitted by tail_fit_gpd, and the 99th
 * percentile of their statistics, smoothed by the least-squares parabola
 * in the shape through them (a percentile of REPS draws is off by a few
 * hundredths; the parabola is within them). Not a test; run it by hand:
 *
 *   cc -O2 -Isrc scripts/tail_ad_table.c src/analysis/tail_fit.c \
 *      src/analysis/tail_checks.c -lnlopt -lm -o tail_ad_table && ./tail_ad_table
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "analysis/tail_estimate.h"

#define REPS	4000
#define SIZE	500

static double uniform(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	z ^= z >> 31;
	return ((double)(z >> 11) + 0.5) / 9007199254740992.0;
}

static int by_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double percentile_99(double xi, uint64_t *seed)
{
	static double y[SIZE], a2[REPS];
	struct tail_fit fit;
	int r, i, got = 0;

	for (r = 0; r < REPS; r++) {
		for (i = 0; i < SIZE; i++) {
			double u = uniform(seed);

			y[i] = fabs(xi) < 1e-12 ? -log(u) : (pow(u, -xi) - 1) / xi;
		}
		if (!tail_fit_gpd(y, SIZE, SIZE * 50, 0, &fit))
			a2[got++] = tail_anderson_darling(&fit, y);
	}
	qsort(a2, got, sizeof(*a2), by_double);
	return a2[(int)(0.99 * got)];
}

#define SHAPES	16	/* -0.5 to 1.0 */

/* solve the 3 x 3 system @a x = @b in place (Gaussian elimination; it is well posed) */
static void solve3(double a[3][3], double b[3], double x[3])
{
	int i, j, k;

	for (i = 0; i < 3; i++)
		for (j = i + 1; j < 3; j++) {
			double f = a[j][i] / a[i][i];

			for (k = i; k < 3; k++)
				a[j][k] -= f * a[i][k];
			b[j] -= f * b[i];
		}
	for (i = 2; i >= 0; i--) {
		x[i] = b[i];
		for (k = i + 1; k < 3; k++)
			x[i] -= a[i][k] * x[k];
		x[i] /= a[i][i];
	}
}

int main(void)
{
	double xi[SHAPES], q[SHAPES], a[3][3] = { { 0 } }, b[3] = { 0 }, c[3];
	uint64_t seed = 38;
	int i, j, k;

	for (i = 0; i < SHAPES; i++) {
		xi[i] = (i - 5) / 10.0;
		q[i] = percentile_99(xi[i], &seed);
		for (j = 0; j < 3; j++) {
			for (k = 0; k < 3; k++)
				a[j][k] += pow(xi[i], j + k);
			b[j] += q[i] * pow(xi[i], j);
		}
	}
	solve3(a, b, c);
	for (i = 0; i < SHAPES; i++)
		printf("\t%.3f,\t/* xi %+.1f: drawn %.3f */\n",
		       c[0] + c[1] * xi[i] + c[2] * xi[i] * xi[i], xi[i], q[i]);
	return 0;
}
