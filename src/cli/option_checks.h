/* SPDX-License-Identifier: GPL-2.0 */
/*
 * option_checks - the measuring commands' options, checked together after
 * the parse (options.c)
 */
#ifndef RTLENS_OPTION_CHECKS_H
#define RTLENS_OPTION_CHECKS_H

#include "base/params.h"

/*
 * Check the options @p was given, each already valid, together: -1 (said)
 * when they exclude each other, or a replay (--input) does not take one;
 * then fill in the defaults that depend on them (period, runtime, cpus).
 */
int options_check(struct rtl_params *p);

#endif
