/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tuning_parts - the parts of source/machine/tuning_gather.c, one file each: private to
 * source/. The parsers take text, so that the tests can feed them.
 */
#ifndef RTLENS_TUNING_PARTS_H
#define RTLENS_TUNING_PARTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "base/tuning.h"

/* tuning_read.c, which the others read with (it calls none of them) */
/* Read the first line (or all, up to @len) of @path, trailing newline cut; -1 unreadable. */
int tuning_read(const char *path, char *buf, size_t len);
/*
 * @m: the CPUs of @list ("0-3", a hex mask already made a list), empty when
 * the list is unknown ("?") or empty; -1 when out of memory.
 */
int tuning_list_mask(struct cpu_mask *m, const char *list, int nr_cpus);
/* @m |= the CPUs of @list (as tuning_list_mask()) */
void tuning_or_list(struct cpu_mask *m, const char *list);

/* The parameters of interest of a kernel command line into t->params. */
void tuning_parse_cmdline(struct tuning *t, const char *cmdline);

/* One line of a kernel .config into @c. */
void kconfig_parse_line(struct kernel_config *c, const char *line);
/* Settle what the lines left open (preempt model). */
void kconfig_finish(struct kernel_config *c);
/* /boot/config-RELEASE, else /proc/config.gz; else from uname -v and /sys/kernel/realtime. */
void kconfig_read(struct kernel_config *c);

/*
 * /proc/interrupts: the count of the line @key ("LOC", "NMI", "4") on CPU
 * @cpu; -1 when there is no such line or column.
 */
long long interrupts_count(FILE *f, const char *key, int cpu);
/* The IRQs whose affinity or effective affinity holds a measured CPU. */
void irqs_gather(struct tuning *t);

/*
 * The tasks allowed on measured CPUs, the tasks runnable there, and the CPUs
 * whose RCU callbacks are offloaded (t->rcu_nocb, each CPU's rcu_nocb).
 */
void tasks_gather(struct tuning *t);

/* Governor, idle states, the tick of each measured CPU. */
void cpus_gather(struct tuning *t, unsigned int flags);

#endif
