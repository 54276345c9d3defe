/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tracer_family - what the kernel's two tracers of the osnoise family,
 * osnoise and timerlat (osnoise_tracer.c, timerlat_tracer.c), share: the
 * settings of tracefs's osnoise/ directory both read, and the events of
 * the interference the analyses attribute noise to.
 */
#ifndef RTLENS_TRACER_FAMILY_H
#define RTLENS_TRACER_FAMILY_H

#include <tracefs.h>

#include "base/params.h"
#include "source/system/system.h"

/* the cpus, the stop thresholds, the workload option; -1 with a message */
int tracer_family_globals(const struct rtl_params *p, struct sys_state *st);
/* the interference events, with an analysis of the trace (-a, --aa...); -1 */
int tracer_family_noise_events(const struct rtl_params *p, struct tracefs_instance *inst);

#endif
