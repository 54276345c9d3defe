/* SPDX-License-Identifier: GPL-2.0 */
/*
 * osnoise_tracer - the kernel engine's osnoise (and hwnoise): its settings,
 * its samples and summaries, the events of its analysis (osnoise_tracer.c)
 */
#ifndef RTLENS_OSNOISE_TRACER_H
#define RTLENS_OSNOISE_TRACER_H

#include "source/engine/kernel_tracer.h"

extern const struct tracer_desc osnoise_tracer;

#endif
