/* SPDX-License-Identifier: GPL-2.0 */
/*
 * run - one measurement session from setup to teardown
 */
#ifndef RTLENS_RUN_H
#define RTLENS_RUN_H

#include "base/params.h"

/* Returns the exit status: 0 ok, 1 error, 2 a stop threshold was hit. */
int run_session(struct rtl_params *p);

#endif
