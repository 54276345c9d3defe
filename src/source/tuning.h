/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tuning - read how the machine is set up for low latency (base/tuning.h):
 * /proc/cmdline, sysfs and procfs, the kernel's config, the IRQs and the
 * tasks that may run on the measured CPUs. Root is not required: what
 * cannot be read is left unknown.
 */
#ifndef RTLENS_SOURCE_TUNING_H
#define RTLENS_SOURCE_TUNING_H

#include "base/tuning.h"

enum tuning_flags {
	TUNING_SAMPLE_TICK = 1 << 0,	/* count local timer interrupts for half a second */
	TUNING_FOR_RUN = 1 << 1,	/* the CPUs are a measurement's (measured_why "run") */
};

/*
 * Gather into @t (zeroed here) for the CPUs of @measured, or, when NULL, the
 * isolated CPUs, else every online CPU. -1 when out of memory.
 */
int tuning_gather(struct tuning *t, const struct cpu_mask *measured, int nr_cpus,
		  unsigned int flags);

#endif
