// SPDX-License-Identifier: GPL-2.0
/*
 * draws - random draws from a seed (draws.h)
 */
#include <math.h>

#include "draws.h"

double draw_uniform(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	z ^= z >> 31;
	return ((double)(z >> 11) + 0.5) / 9007199254740992.0;
}

uint64_t draw_exp(uint64_t *state, double base, double mean)
{
	return (uint64_t)(base - mean * log(draw_uniform(state)));
}

uint64_t draw_pareto(uint64_t *state, double base, double alpha)
{
	return (uint64_t)(base * pow(draw_uniform(state), -1 / alpha));
}
