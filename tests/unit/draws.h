/* SPDX-License-Identifier: GPL-2.0 */
/*
 * draws - random draws for the tests of the tail estimates: the same
 * draws every run, from a seed
 */
#ifndef RTLENS_TEST_DRAWS_H
#define RTLENS_TEST_DRAWS_H

#include <stdint.h>

/* splitmix64: a uniform in (0, 1) from a 64-bit state */
double draw_uniform(uint64_t *state);
/* @base plus an exponential of mean @mean, in whole units (ns) */
uint64_t draw_exp(uint64_t *state, double base, double mean);
/* a Pareto of shape @alpha from @base, in whole units (ns) */
uint64_t draw_pareto(uint64_t *state, double base, double alpha);

#endif
