/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cpus_default - the CPUs measured and judged when -c is not given: the
 * ones rtlens may run on, when those are not all (a container's or a pod's
 * cpuset, a taskset), said once on stderr
 */
#ifndef RTLENS_CPUS_DEFAULT_H
#define RTLENS_CPUS_DEFAULT_H

#include "base/params.h"
#include "source/machine/machine.h"

/*
 * rtlens's allowed CPUs into @a; when they narrow the default (a->from),
 * says so: "@doing CPUs 2-5: rtlens may run only on those (...)". -1 with
 * a message.
 */
int cpus_default_read(struct allowed_cpus *a, int nr_cpus, const char *doing);
/*
 * A live run without -c: measure the CPUs rtlens may run on when they are
 * not all, and say so (p->cpus, cpus_from, cpus_file). -1 with a message.
 */
int cpus_default_params(struct rtl_params *p);

#endif
