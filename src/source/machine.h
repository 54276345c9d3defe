/* SPDX-License-Identifier: GPL-2.0 */
/*
 * machine - gather the facts (facts.h) about the machine a session
 * measures: guest or not, kernel release, host name, steal time
 */
#ifndef RTLENS_MACHINE_H
#define RTLENS_MACHINE_H

#include "base/cpulist.h"
#include "base/facts.h"
#include "source/steal.h"

/* Everything but the steal time; -1 when out of memory. */
int machine_gather(struct sys_facts *f, int nr_cpus);
/*
 * How the machine is set up (base/tuning.h) for the CPUs of @cpus (NULL: the
 * isolated ones, else all), judged: f->tuning. -1 when out of memory.
 */
int machine_gather_tuning(struct sys_facts *f, const struct cpu_mask *cpus, unsigned int flags);
/* The steal time of each CPU between @m's snapshots (NULL: not known). */
void machine_take_steal(struct sys_facts *f, const struct steal_meter *m);
void machine_free(struct sys_facts *f);

#endif
