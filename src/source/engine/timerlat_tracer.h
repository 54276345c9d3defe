/* SPDX-License-Identifier: GPL-2.0 */
/*
 * timerlat_tracer - the kernel engine's timerlat: its settings, what BPF
 * counts of it, the events of its analysis (timerlat_tracer.c)
 */
#ifndef RTLENS_TIMERLAT_TRACER_H
#define RTLENS_TIMERLAT_TRACER_H

#include "source/engine/kernel_tracer.h"

/* -A: where the kernel aligns timerlat's threads' wakeups (newer kernels) */
#define TIMERLAT_ALIGN_FILE	"osnoise/timerlat_align_us"

extern const struct tracer_desc timerlat_tracer;

#endif
